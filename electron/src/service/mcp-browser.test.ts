// Spec: the open project's MCP servers browsed from the studio, against the registry's real
// servers: both sources listed (june.config.ts's `mcp` and .mcp.json, each with where it is
// written, never its env), what server-everything offers, a resource read and a prompt got
// through the isolated project's host; an unknown server and a restricted folder refused by code.
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { Result } from "../contract/index.ts";
import { makeProject, openService, type ProjectFixture } from "./project-fixture.test-support.ts";
import { StudioService } from "./studio-service.ts";
import { TrustStore } from "./trust/index.ts";

const BIN = join(import.meta.dirname, "..", "..", "..", "node_modules", ".bin");

const files = (): Record<string, string> => ({
  "june.config.ts": `export default { mcp: { fs: { command: ${JSON.stringify(join(BIN, "mcp-server-filesystem"))}, args: ["."], env: { SECRET_TOKEN: "s3cret" } } } };\n`,
  ".mcp.json": `${JSON.stringify({ mcpServers: { everything: { command: join(BIN, "mcp-server-everything"), args: ["stdio"] } } }, null, 2)}\n`,
});

let project: ProjectFixture;
let service: StudioService | undefined;
afterEach(async () => {
  await service?.close();
  await project.remove();
});

async function value<T>(result: Promise<Result<T>>): Promise<T> {
  const r = await result;
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

describe("a project's MCP servers in the studio", () => {
  it("are listed from both files, with where each is written and never its env", async () => {
    project = await makeProject(files());
    service = await openService(project.folder);
    const servers = await value(service.listMcpServers({}));
    expect(servers).toEqual([
      { name: "fs", transport: "stdio", target: expect.stringContaining("mcp-server-filesystem"), file: join(project.folder, "june.config.ts") },
      { name: "everything", transport: "stdio", target: expect.stringContaining("mcp-server-everything"), file: join(project.folder, ".mcp.json"), line: 3 },
    ]);
    expect(JSON.stringify(servers)).not.toContain("s3cret");
  });

  it("show what a server offers, read a resource and get a prompt", async () => {
    project = await makeProject(files());
    service = await openService(project.folder);
    const catalog = await value(service.mcpCatalog({ server: "everything" }));
    expect(catalog.prompts.map((p) => p.name)).toContain("args-prompt");
    const [content] = await value(service.readMcpResource({ server: "everything", uri: "demo://resource/dynamic/text/2" }));
    expect(content!.text).toContain("Resource 2");
    expect(await value(service.getMcpPrompt({ server: "everything", name: "args-prompt", arguments: { city: "Oslo" } }))).toEqual({ messages: [{ role: "user", text: "What's weather in Oslo?" }] });
    expect((await value(service.mcpCatalog({ server: "fs" }))).notes).toHaveLength(2);
  });

  it("an unknown server is STUDIO_UNKNOWN_MCP_SERVER naming those there are; a failing request STUDIO_MCP_FAILED naming the server", async () => {
    project = await makeProject(files());
    service = await openService(project.folder);
    const unknown = await service.mcpCatalog({ server: "github" });
    expect(unknown).toMatchObject({ ok: false, error: { code: "STUDIO_UNKNOWN_MCP_SERVER" } });
    expect(unknown.ok || unknown.error.message).toContain('it has "fs", "everything"');
    const failed = await service.readMcpResource({ server: "everything", uri: "demo://nowhere" });
    expect(failed).toMatchObject({ ok: false, error: { code: "STUDIO_MCP_FAILED" } });
    expect(failed.ok || failed.error.message).toContain(`on MCP server "everything" (defined in ${join(project.folder, ".mcp.json")}:3)`);
  });

  it("a restricted folder lists none and starts none", async () => {
    project = await makeProject(files());
    service = new StudioService({ log: () => {}, trust: new TrustStore({ file: join(project.folder, ".trust", "t.json") }) });
    await value(service.openFolder({ folder: project.folder }));
    expect(await value(service.listMcpServers({}))).toEqual([]);
    expect(await service.mcpCatalog({ server: "everything" })).toMatchObject({ ok: false, error: { code: "STUDIO_FOLDER_RESTRICTED" } });
  });
});
