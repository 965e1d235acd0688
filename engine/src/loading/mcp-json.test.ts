// Spec: a project's `.mcp.json` (the MCP config Claude Code and other clients share) is read
// beside june.config.ts's `mcp`, with Claude Code's `${VAR}` / `${VAR:-default}` expansion; what is
// wrong is a Problem on its line, a server defined in both files is a Problem naming both, and an
// untrusted folder's `.mcp.json` starts nothing. The servers are the registry's filesystem server.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { run } from "june";
import { parseMcpJson } from "../mcp/index.ts";
import { binPath, childProcesses } from "../mcp/servers.test-support.ts";
import { openProject } from "../project/index.ts";
import type { JuneConfig } from "./config.ts";
import { readMcpJson } from "./mcp-json.ts";
import { partsWithConfig } from "./parts.ts";
import type { Problem } from "./problem.ts";
import { apartFromModels } from "./model-problems.test-support.ts";

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), "june-mcp-json-"));
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

async function write(rel: string, text: string): Promise<string> {
  const path = join(folder, rel);
  await mkdir(join(path, ".."), { recursive: true });
  await writeFile(path, text);
  return path;
}

const AGENT = `---\nname: finder\ndescription: Reads notes.\ntools: MCP(fs)\nmodel: inherit\n---\nRead the notes.\n`;
const fsServer = (dir: string) => ({ command: binPath("mcp-server-filesystem"), args: [dir] });

describe("parsing (Claude Code's format and expansion)", () => {
  const parse = (value: unknown, env: Record<string, string> = {}) => parseMcpJson(JSON.stringify(value, null, 2), env, "/repo");

  it("a stdio server runs in the project, told CLAUDE_PROJECT_DIR, with ${VAR} and ${VAR:-default} expanded in command, args and env", () => {
    const { servers, issues } = parse(
      { mcpServers: { docs: { command: "${BIN:-npx}", args: ["-y", "server", "${ROOT}/docs"], env: { TOKEN: "${TOKEN}", MODE: "${MODE:-read}" } } } },
      { ROOT: "/work", TOKEN: "t0k" },
    );
    expect(issues).toEqual([]);
    expect(servers.docs).toEqual({ command: "npx", args: ["-y", "server", "/work/docs"], env: { CLAUDE_PROJECT_DIR: "/repo", TOKEN: "t0k", MODE: "read" }, cwd: "/repo" });
  });

  it('an http server ("type": "http", or just a url) expands url and headers', () => {
    const { servers } = parse({ mcpServers: { web: { type: "http", url: "https://${HOST:-mcp.example.com}/mcp", headers: { Authorization: "Bearer ${KEY}" } }, other: { url: "http://127.0.0.1:9/mcp" } } }, { KEY: "k" });
    expect(servers.web).toEqual({ url: "https://mcp.example.com/mcp", headers: { Authorization: "Bearer k" } });
    expect(servers.other).toEqual({ url: "http://127.0.0.1:9/mcp", headers: {} });
  });

  it("a bare $VAR is left as it is; ${VAR:-x} takes x for a variable set to nothing, ${VAR} takes the nothing", () => {
    const { servers } = parse({ mcpServers: { s: { command: "run", args: ["$HOME", "${EMPTY:-x}", "${EMPTY}"] } } }, { HOME: "/h", EMPTY: "" });
    expect(servers.s).toMatchObject({ args: ["$HOME", "x", ""] });
  });

  it("a variable that is unset with no default leaves its server out, with an issue on the server's line naming it", () => {
    const { servers, issues } = parse({ mcpServers: { ok: { command: "a" }, secret: { command: "b", env: { KEY: "${API_KEY}" } } } });
    expect(Object.keys(servers)).toEqual(["ok"]);
    expect(issues).toEqual([{ server: "secret", line: 6, message: 'server "secret" uses ${API_KEY} in env.KEY, but the variable is not set and has no default (${VAR:-default}); it is left out' }]);
  });

  it.each<[string, unknown, string]>([
    ["the sse transport", { type: "sse", url: "https://x/sse" }, 'uses the "sse" transport'],
    ["an unknown type", { type: "ws", url: "wss://x" }, 'has type "ws"'],
    ["a field June does not know", { command: "a", timeout: 5 }, 'has "timeout", which June does not know'],
    ["args that are not an array", { command: "a", args: "-v" }, "has args that is not an array"],
    ["an approve June does not know", { command: "a", approve: "sometimes" }, 'has approve "sometimes"'],
  ])("%s is an issue of that server only", (_what, server, message) => {
    const { servers, issues } = parse({ mcpServers: { bad: server, good: { command: "g" } } });
    expect(Object.keys(servers)).toEqual(["good"]);
    expect(issues).toHaveLength(1);
    expect(issues[0]!.message).toContain(message);
  });

  it("text that is not JSON is one issue with the line it broke on", () => {
    const { servers, issues } = parseMcpJson('{\n  "mcpServers": {\n    "a": { "command": "x", }\n  }\n}\n', {}, "/repo");
    expect(servers).toEqual({});
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ line: 3 });
    expect(issues[0]!.message).toContain("is not valid JSON");
  });

  it("June's approve settings are kept for the server", () => {
    const { servers } = parse({ mcpServers: { fs: { command: "a", approve: "never", tools: { write_file: { approve: "always" } } } } });
    expect(servers.fs).toMatchObject({ approve: "never", tools: { write_file: { approve: "always" } } });
  });
});

describe("in a project", () => {
  it("a markdown agent's MCP(fs) reaches the server .mcp.json defines, and its read-only tool runs", async () => {
    const notes = await write("notes/notes.txt", "the launch is on Tuesday");
    await write(".mcp.json", JSON.stringify({ mcpServers: { fs: fsServer(join(folder, "notes")) } }));
    await write(".claude/agents/finder.md", AGENT);
    const project = await openProject(folder);
    expect(apartFromModels(project.problems)).toEqual([]);
    expect(project.entries.find((e) => e.id === "markdown:finder")!.tools).toEqual(expect.arrayContaining(["mcp__fs__read_file", "mcp__fs__write_file"]));
    const { scripted } = await import("june/sdk/scripted");
    const model = scripted([{ toolCalls: [{ toolName: "mcp__fs__read_file", input: { path: notes } }] }, { text: "Tuesday" }]);
    const result = await run(project.element("markdown:finder", "When?"), { ...project.runDefaults, modelOverride: model }).result;
    expect(result.status).toBe("succeeded");
    expect(JSON.stringify(model.calls[1]!.prompt)).toContain("the launch is on Tuesday");
  });

  it("isolated (as the CLI and the studio open it), the worker reads it too", async () => {
    await write("notes/notes.txt", "x");
    await write(".mcp.json", JSON.stringify({ mcpServers: { fs: fsServer(join(folder, "notes")) } }));
    await write(".claude/agents/finder.md", AGENT);
    const project = await openProject(folder, { isolate: true });
    expect(apartFromModels(project.problems)).toEqual([]);
    expect(project.entries.find((e) => e.id === "markdown:finder")!.tools).toContain("mcp__fs__read_file");
  });

  it("a server defined in both june.config.ts and .mcp.json is a problem naming both files; the config's is used", async () => {
    await write("notes/notes.txt", "x");
    const config = await write("june.config.ts", `export default { mcp: { fs: ${JSON.stringify(fsServer(join(folder, "notes")))} } };\n`);
    const mcpJson = await write(".mcp.json", JSON.stringify({ mcpServers: { fs: { command: "no-such-server-binary" } } }));
    await write(".claude/agents/finder.md", AGENT);
    const project = await openProject(folder);
    expect(apartFromModels(project.problems).map((p) => p.code)).toEqual(["JUNE_MCP_SERVER_TWICE"]);
    expect(project.problems[0]!.message).toContain(config);
    expect(project.problems[0]!.message).toContain(mcpJson);
    expect(project.problems[0]!.file).toBe(mcpJson);
    // The config's server (the real one) is what the agent got.
    expect(project.entries.find((e) => e.id === "markdown:finder")!.tools).toContain("mcp__fs__read_file");
  });

  it(".mcp.json's problems go where the caller says (a run's worker drops them: they were said at load), the config's stay", async () => {
    const mcpJson = await write(".mcp.json", JSON.stringify({ mcpServers: { fs: { command: "x" }, bad: { url: "not a url" } } }, null, 2));
    const configProblems: Problem[] = [];
    const mcpJsonProblems: Problem[] = [];
    partsWithConfig(folder, {}, "june.config.ts", { mcp: { fs: { command: "y" }, "bad name": { command: "z" } } }, configProblems, [], readMcpJson(folder), mcpJsonProblems);
    expect(configProblems.map((p) => p.code)).toEqual(["JUNE_INVALID_MCP_NAME"]);
    expect(mcpJsonProblems).toEqual([
      expect.objectContaining({ code: "JUNE_MCP_SERVER_TWICE", file: mcpJson, line: 3 }),
      expect.objectContaining({ code: "JUNE_INVALID_MCP_CONFIG", file: mcpJson, line: 6, message: expect.stringContaining(`${mcpJson}:6: server "bad"`) }),
    ]);
  });

  it("june.config.ts's servers take June's approve settings (typed, and checked at load)", async () => {
    const config: JuneConfig = { mcp: { fs: { command: "x", approve: "never", tools: { write_file: { approve: "always" } } } } };
    expect(config.mcp!.fs!.approve).toBe("never");
    await write("notes/notes.txt", "x");
    await write("june.config.ts", `export default { mcp: { fs: ${JSON.stringify({ ...fsServer(join(folder, "notes")), approve: "always" })} } };\n`);
    await write(".claude/agents/finder.md", AGENT);
    const project = await openProject(folder);
    expect(apartFromModels(project.problems)).toEqual([]);
    const agent = project.entries.find((e) => e.id === "markdown:finder")!.tree!.children.find((c) => c.kind === "agent")!;
    expect(agent.tools!.find((t) => t.name === "mcp__fs__read_file")).toMatchObject({ approval: "always", approvalReasons: ['approve: "always" for MCP server "fs" in its config'] });
  });

  it("a broken .mcp.json is a problem on its file and line, and the rest of the project loads", async () => {
    const file = await write(".mcp.json", '{\n  "mcpServers": {\n    "fs": { "command": 7 }\n  }\n}\n');
    await write(".claude/agents/plain.md", `---\nname: plain\ndescription: No tools.\ntools: Read\n---\nHi.\n`);
    const project = await openProject(folder);
    expect(apartFromModels(project.problems)).toEqual([expect.objectContaining({ code: "JUNE_MCP_JSON_INVALID", file, line: 3 })]);
    expect(project.entries.map((e) => e.id)).toEqual(["markdown:plain"]);
  });

  it("an untrusted folder's .mcp.json starts nothing and is not read", async () => {
    const marker = join(folder, "started-by-mcp-json");
    await write(".mcp.json", JSON.stringify({ mcpServers: { fs: { command: "sh", args: ["-c", `touch ${marker}`] } } }));
    await write(".claude/agents/finder.md", AGENT);
    const project = await openProject(folder, { trusted: false });
    expect(childProcesses(folder)).toEqual([]);
    const { existsSync } = await import("node:fs");
    expect(existsSync(marker)).toBe(false);
    expect(project.problems.map((p) => p.code)).not.toContain("JUNE_MCP_JSON_INVALID");
  });
});
