// Stand-in answers for the MCP panel's tests and screenshots: two servers as a project lists
// them, and what the "everything" reference server offers (a text, a JSON and an image resource,
// a binary one, a template, a prompt with a required and an optional argument).
import type { McpCatalog, McpResourceContent, McpServerInfo } from "../contract/june-types.ts";

export const mcpServers: McpServerInfo[] = [
  { name: "everything", transport: "stdio", target: "npx -y @modelcontextprotocol/server-everything", file: "/project/.mcp.json", line: 3 },
  { name: "docs", transport: "http", target: "http://127.0.0.1:9000/mcp", file: "/project/june.config.ts", line: 12 },
];

// A 64×64 accent square, as an SVG, so the image is visible in a screenshot.
const squareSvg = '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" rx="8" fill="#6c8cff"/></svg>';

export const everythingCatalog: McpCatalog = {
  server: "everything",
  serverInfo: { name: "example-servers/everything", version: "1.0.0" },
  instructions: "Testing and demonstration server for MCP protocol features.",
  resources: [
    { uri: "test://static/resource/1", name: "Resource 1", mimeType: "text/plain", description: "A plain text resource" },
    { uri: "test://static/config.json", name: "config.json", mimeType: "application/json", description: "The server's settings" },
    { uri: "test://static/logo.svg", name: "logo", mimeType: "image/svg+xml" },
    { uri: "test://static/archive.zip", name: "archive", mimeType: "application/zip", size: 2048 },
  ],
  templates: [{ uriTemplate: "test://static/resource/{id}", name: "Static Resource", description: "A static resource with a numeric ID" }],
  prompts: [
    {
      name: "complex_prompt",
      title: "Complex prompt",
      description: "A prompt with arguments",
      arguments: [
        { name: "temperature", description: "Temperature setting", required: true },
        { name: "style", description: "Output style" },
      ],
    },
  ],
  notes: ["offers no completions (no completions capability)"],
};

export const resourceContents: Record<string, McpResourceContent[]> = {
  "test://static/resource/1": [{ uri: "test://static/resource/1", mimeType: "text/plain", text: "Resource 1: This is a plaintext resource" }],
  "test://static/config.json": [{ uri: "test://static/config.json", mimeType: "application/json", text: '{"name":"everything","retries":3,"tags":["demo","test"]}' }],
  "test://static/logo.svg": [{ uri: "test://static/logo.svg", mimeType: "image/svg+xml", blob: { bytes: squareSvg.length, base64: btoa(squareSvg) } }],
  "test://static/archive.zip": [{ uri: "test://static/archive.zip", mimeType: "application/zip", blob: { bytes: 2048 } }],
};
