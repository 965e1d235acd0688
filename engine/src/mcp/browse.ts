// Browsing a project's MCP server outside any run: what it offers besides tools (every page of
// its resources, resource templates and prompts), reading a resource, getting a prompt. Each
// asks over a connection of its own, closed when it answers: browsing leaves no server running.
// A server that lacks a capability is listed as offering none of it, said in the catalog's notes.
import type { MCPClient } from "@ai-sdk/mcp";
import type { McpCatalog, McpPromptResult, McpResourceContent } from "./browse-types.ts";
import { connectMcp, describeError } from "./connect.ts";
import { describeTarget, type McpTransportSpec } from "./server-config.ts";

/** Binary resource contents up to this size come back whole (base64); bigger, only their size. */
export const MAX_BLOB_BYTES = 256 * 1024;

/** What a server offers besides tools. */
export async function mcpCatalog(name: string, spec: McpTransportSpec, signal: AbortSignal): Promise<McpCatalog> {
  return withClient(name, spec, signal, async (client) => {
    const capabilities = (client.initializeResult?.capabilities ?? {}) as { resources?: unknown; prompts?: unknown };
    const notes: string[] = [];
    const info = client.serverInfo as { name?: string; version?: string } | undefined;
    const catalog: McpCatalog = {
      server: name,
      ...(info?.name ? { serverInfo: { name: info.name, version: info.version ?? "" } } : {}),
      ...(client.instructions ? { instructions: client.instructions } : {}),
      resources: [],
      templates: [],
      prompts: [],
      notes,
    };
    if (capabilities.resources) {
      catalog.resources = await allPages((cursor) => client.listResources({ ...(cursor ? { params: { cursor } } : {}), options: { signal } }), (page) => page.resources);
      try {
        catalog.templates = (await client.listResourceTemplates({ options: { signal } })).resourceTemplates;
      } catch (error) {
        notes.push(`its resource templates can't be listed: ${describeError(error)}`);
      }
    } else notes.push("offers no resources (it declares no resources capability)");
    if (capabilities.prompts) {
      const prompts = await allPages((cursor) => client.listPrompts({ ...(cursor ? { params: { cursor } } : {}), options: { signal } }), (page) => page.prompts);
      catalog.prompts = prompts.map((p) => ({ ...p, arguments: p.arguments ?? [] }));
    } else notes.push("offers no prompts (it declares no prompts capability)");
    return plain(catalog);
  });
}

/** A resource's contents. */
export async function readMcpResource(name: string, spec: McpTransportSpec, uri: string, signal: AbortSignal): Promise<McpResourceContent[]> {
  return withClient(name, spec, signal, async (client) => {
    const read = await client.readResource({ uri, options: { signal } });
    return read.contents.map((content) => {
      const c = content as { uri: string; mimeType?: string; text?: string; blob?: string };
      const base: McpResourceContent = { uri: c.uri, ...(c.mimeType ? { mimeType: c.mimeType } : {}) };
      if (typeof c.text === "string") return { ...base, text: c.text };
      const bytes = typeof c.blob === "string" ? base64Bytes(c.blob) : 0;
      return { ...base, blob: { bytes, ...(typeof c.blob === "string" && bytes <= MAX_BLOB_BYTES ? { base64: c.blob } : {}) } };
    });
  });
}

/** A prompt filled in with `args`. */
export async function getMcpPrompt(name: string, spec: McpTransportSpec, prompt: string, args: Record<string, string>, signal: AbortSignal): Promise<McpPromptResult> {
  return withClient(name, spec, signal, async (client) => {
    const got = await client.getPrompt({ name: prompt, arguments: args, options: { signal } });
    return {
      ...(got.description ? { description: got.description } : {}),
      messages: got.messages.map((m) => ({ role: m.role === "assistant" ? "assistant" : "user", text: contentText(m.content) })),
    };
  });
}

async function withClient<T>(name: string, spec: McpTransportSpec, signal: AbortSignal, use: (client: MCPClient) => Promise<T>): Promise<T> {
  const connection = await connectMcp(name, spec, signal);
  try {
    return await use(connection.client);
  } catch (error) {
    throw new Error(`MCP server ${JSON.stringify(name)} (${describeTarget(spec)}): ${describeError(error)}`, { cause: error });
  } finally {
    await connection.close();
  }
}

async function allPages<P extends { nextCursor?: string }, I>(list: (cursor?: string) => Promise<P>, items: (page: P) => I[]): Promise<I[]> {
  let page = await list();
  const all = [...items(page)];
  for (let pages = 1; page.nextCursor !== undefined && pages < 100; pages++) {
    page = await list(page.nextCursor);
    all.push(...items(page));
  }
  return all;
}

/** How many bytes base64 text decodes to (its padding counted out). */
function base64Bytes(base64: string): number {
  const padding = base64.endsWith("==") ? 2 : base64.endsWith("=") ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
}

function contentText(content: unknown): string {
  const c = (content ?? {}) as { type?: string; text?: string; mimeType?: string; resource?: { uri?: string; text?: string } };
  if (c.type === "text" && typeof c.text === "string") return c.text;
  if (c.type === "resource" && c.resource) return c.resource.text ?? `[resource ${c.resource.uri ?? ""}]`;
  return `[${c.mimeType ?? c.type ?? "content"}]`;
}

/** Only the listed fields, as plain JSON (servers may send more, and the studio sends it on). */
function plain<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
