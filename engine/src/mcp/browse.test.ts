// Spec: browsing an MCP server outside any run, against the registry's real servers: what
// server-everything offers besides tools (every resource, the templates, the prompts with their
// arguments), reading a text and a binary resource, getting a prompt filled in; a server without
// resources or prompts (the filesystem server) says so in notes; each request leaves no server
// process running; a server that fails names itself.
import { rm } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mcpServer } from "./index.ts";
import { binPath, childProcesses, tempDir } from "./servers.test-support.ts";

let root: string;
beforeAll(async () => {
  root = await tempDir("june-mcp-browse-");
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const signal = () => AbortSignal.timeout(20_000);

describe("browsing server-everything", () => {
  const marker = `june-browse-${process.pid}`;
  const ev = mcpServer("ev", { command: binPath("mcp-server-everything"), args: ["stdio", marker] });

  it("lists every resource, the templates and the prompts with their arguments, and stops the server", async () => {
    const catalog = await ev.catalog(signal());
    expect(catalog.serverInfo?.name).toBe("mcp-servers/everything");
    expect(catalog.resources.length).toBeGreaterThan(0);
    expect(catalog.resources[0]).toMatchObject({ uri: expect.stringMatching(/^demo:\/\//), name: expect.any(String), mimeType: expect.any(String) });
    expect(catalog.templates.map((t) => t.uriTemplate)).toContain("demo://resource/dynamic/text/{resourceId}");
    expect(catalog.prompts.find((p) => p.name === "args-prompt")).toMatchObject({ arguments: [{ name: "city", required: true }, { name: "state", required: false }] });
    expect(catalog.notes).toEqual([]);
    expect(childProcesses(marker)).toEqual([]);
  });

  it("reads a text resource as text, and a binary one as its size and bytes", async () => {
    const [text] = await ev.readResource("demo://resource/dynamic/text/1", signal());
    expect(text).toMatchObject({ uri: "demo://resource/dynamic/text/1", mimeType: "text/plain", text: expect.stringContaining("Resource 1") });
    const [blob] = await ev.readResource("demo://resource/dynamic/blob/1", signal());
    expect(blob!.text).toBeUndefined();
    expect(Buffer.from(blob!.blob!.base64!, "base64").length).toBe(blob!.blob!.bytes);
    expect(Buffer.from(blob!.blob!.base64!, "base64").toString()).toContain("Resource 1");
  });

  it("gets a prompt filled in with its arguments", async () => {
    expect(await ev.getPrompt("args-prompt", { city: "Paris", state: "TX" }, signal())).toEqual({ messages: [{ role: "user", text: "What's weather in Paris, TX?" }] });
  });

  it("a resource it doesn't have is an error naming the server", async () => {
    await expect(ev.readResource("demo://nowhere", signal())).rejects.toThrow(/^MCP server "ev" \(command ".*mcp-server-everything"\): /);
  });
});

describe("a server that offers only tools", () => {
  it("has no resources or prompts, and says why", async () => {
    const fs = mcpServer("fs", { command: binPath("mcp-server-filesystem"), args: [root] });
    const catalog = await fs.catalog(signal());
    expect(catalog).toMatchObject({ resources: [], templates: [], prompts: [] });
    expect(catalog.notes).toEqual(["offers no resources (it declares no resources capability)", "offers no prompts (it declares no prompts capability)"]);
  });
});
