// The MCP slice: the open project's servers are listed when it loads and again whenever it
// (re)loads, whichever road the project took; a slower older listing never overwrites a newer
// one; a failed listing is kept to be shown; browsing calls answer with the host's Result.
import { describe, expect, it } from "vitest";
import type { Result } from "../contract/index.ts";
import type { McpServerInfo } from "../contract/june-types.ts";
import { createFakeBridge } from "../../test/fake-bridge.ts";
import { samplesProject } from "../../test/fixtures.ts";
import { createStudioStore } from "./studio-store.ts";

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const github: McpServerInfo = { name: "github", transport: "stdio", target: "npx -y @modelcontextprotocol/server-github", file: "/project/.mcp.json", line: 3 };
const docs: McpServerInfo = { name: "docs", transport: "http", target: "http://127.0.0.1:9000/mcp", file: "/project/june.config.ts", line: 8 };

describe("listing a project's MCP servers", () => {
  it("lists them once the project is known", async () => {
    const bridge = createFakeBridge({ project: samplesProject(), answers: { listMcpServers: () => ({ ok: true, value: [github] }) } });
    const store = createStudioStore(bridge);
    await store.getState().start();
    await flush();
    expect(bridge.callsOf("listMcpServers")).toEqual([{}]);
    expect(store.getState().mcpServers).toEqual([github]);
  });

  it("asks nothing while no folder is open", async () => {
    const bridge = createFakeBridge({ project: null });
    const store = createStudioStore(bridge);
    await store.getState().start();
    await flush();
    expect(bridge.callsOf("listMcpServers")).toEqual([]);
    expect(store.getState().mcpServers).toBeNull();
  });

  it("lists them again when the project reloads (a project event), not for the same project again", async () => {
    let servers = [github];
    const bridge = createFakeBridge({ project: samplesProject(), answers: { listMcpServers: () => ({ ok: true, value: servers }) } });
    const store = createStudioStore(bridge);
    await store.getState().start();
    await flush();
    // The host's event of the project the studio already has changes nothing.
    const project = store.getState().project!;
    bridge.emit([{ seq: 1, type: "project", project: { ...project } }]);
    await flush();
    expect(bridge.callsOf("listMcpServers")).toHaveLength(1);

    servers = [github, docs];
    bridge.emit([{ seq: 2, type: "project", project: { ...project, loadedAt: project.loadedAt + 1 } }]);
    await flush();
    expect(bridge.callsOf("listMcpServers")).toHaveLength(2);
    expect(store.getState().mcpServers?.map((s) => s.name)).toEqual(["github", "docs"]);
  });

  it("lists them again when another folder is opened or the folder is trusted", async () => {
    const bridge = createFakeBridge({
      project: { ...samplesProject(), trust: "restricted" },
      answers: { openFolder: ({ folder }) => ({ ok: true, value: { ...samplesProject(), folder: folder ?? "/other", loadedAt: Date.UTC(2030, 0, 1) } }) },
    });
    const store = createStudioStore(bridge);
    await store.getState().start();
    await store.getState().trustFolder();
    await store.getState().openFolder("/other");
    await flush();
    expect(bridge.callsOf("listMcpServers")).toHaveLength(3);
  });

  it("keeps the newest listing when an older one answers last", async () => {
    const bridge = createFakeBridge({ project: samplesProject() });
    const store = createStudioStore(bridge);
    await store.getState().start();
    await flush();
    const answers: Array<(result: Result<McpServerInfo[]>) => void> = [];
    bridge.listMcpServers = () => new Promise((resolve) => answers.push(resolve));
    const older = store.getState().refreshMcpServers();
    const newer = store.getState().refreshMcpServers();
    answers[1]!({ ok: true, value: [docs] });
    answers[0]!({ ok: true, value: [github] });
    await Promise.all([older, newer]);
    expect(store.getState().mcpServers).toEqual([docs]);
  });

  it("keeps the host's error, not a list, when listing fails", async () => {
    const error = { code: "STUDIO_NO_PROJECT", message: "june studio: no folder is open." };
    const bridge = createFakeBridge({ project: samplesProject(), answers: { listMcpServers: () => ({ ok: false, error }) } });
    const store = createStudioStore(bridge);
    await store.getState().start();
    await flush();
    expect(store.getState()).toMatchObject({ mcpServers: null, mcpServersError: error });
    // Nor is it a notice elsewhere: the MCP panel shows it.
    expect(store.getState().notices).toEqual([]);
  });
});

describe("browsing one server", () => {
  it("sends a prompt's arguments only when there are some", async () => {
    const bridge = createFakeBridge({ project: samplesProject() });
    const store = createStudioStore(bridge);
    await store.getState().getMcpPrompt("github", "review", {});
    await store.getState().getMcpPrompt("github", "review", { pr: "42" });
    expect(bridge.callsOf("getMcpPrompt")).toEqual([
      { server: "github", name: "review" },
      { server: "github", name: "review", arguments: { pr: "42" } },
    ]);
  });

  it("answers with the host's error as a Result, and a bridge that throws as STUDIO_BRIDGE_FAILED", async () => {
    const error = { code: "STUDIO_MCP_FAILED", message: 'june studio: couldn\'t list on MCP server "github": exited with code 1' };
    const bridge = createFakeBridge({ project: samplesProject(), answers: { mcpCatalog: () => ({ ok: false, error }) } });
    const store = createStudioStore(bridge);
    expect(await store.getState().mcpCatalog("github")).toEqual({ ok: false, error });
    bridge.readMcpResource = () => Promise.reject(new Error("socket closed"));
    expect(await store.getState().readMcpResource("github", "file:///a")).toEqual({ ok: false, error: { code: "STUDIO_BRIDGE_FAILED", message: "socket closed" } });
  });
});
