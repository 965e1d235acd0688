// What a person sees of an MCP server besides its tools: the resources it offers (and templates
// of them), its prompts, and what reading one or getting one gives. Plain data, browser-safe
// (the studio's MCP panel draws it); browse.ts fills it from a live connection.

/** One project MCP server, as the studio lists it (never its env or headers: they hold secrets). */
export interface McpServerInfo {
  name: string;
  transport: "stdio" | "http";
  /** The command or URL, as errors name it (the URL without its query). */
  target: string;
  /** Where it is defined: june.config.ts or .mcp.json (and the line). */
  file?: string;
  line?: number;
}

export interface McpResourceInfo {
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  size?: number;
}

export interface McpResourceTemplateInfo {
  uriTemplate: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
}

export interface McpPromptArgument {
  name: string;
  description?: string;
  required?: boolean;
}

export interface McpPromptInfo {
  name: string;
  title?: string;
  description?: string;
  arguments: McpPromptArgument[];
}

/** Everything a server offers besides tools; what it can't list is said in `notes`. */
export interface McpCatalog {
  server: string;
  /** The server's name and version as it introduced itself. */
  serverInfo?: { name: string; version: string };
  instructions?: string;
  resources: McpResourceInfo[];
  templates: McpResourceTemplateInfo[];
  prompts: McpPromptInfo[];
  /** e.g. "offers no prompts (no prompts capability)". */
  notes: string[];
}

/** One part of a resource read: text as it is, binary as its size (and its bytes, base64, when small). */
export interface McpResourceContent {
  uri: string;
  mimeType?: string;
  text?: string;
  blob?: { bytes: number; base64?: string };
}

/** A prompt as the server filled it in: its messages, as text (other content named by its type). */
export interface McpPromptResult {
  description?: string;
  messages: { role: "user" | "assistant"; text: string }[];
}
