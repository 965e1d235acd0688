// Spec: an MCP server over stdio as a capability that waits — real servers from the registry
// (server-filesystem, server-everything), started by June, called by a scripted model through a
// real run, shared by identical declarations, and gone when the run (or inspect) ends.
import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Agent, Step, Tools, inspect, run, type TraceNode } from "june";
import { scripted } from "june/sdk/scripted";
import { mcpServer } from "./index.ts";
import { binPath, childProcesses, isAlive, tempDir } from "./servers.test-support.ts";

let root: string;
let folders = 0;

/** A folder with one note in it; its path also marks the server process serving it. */
async function notesFolder(text = "the launch is on Tuesday"): Promise<string> {
  const dir = join(root, `notes-${++folders}`);
  await mkdir(dir);
  await writeFile(join(dir, "notes.txt"), text);
  return dir;
}

const fsConfig = (dir: string) => ({ command: binPath("mcp-server-filesystem"), args: [dir] });

function toolNames(tree: TraceNode): string[] {
  const agent = tree.children.find((c) => c.kind === "agent")!;
  return (agent.tools ?? []).map((t) => t.name);
}

beforeAll(async () => {
  root = await tempDir("june-mcp-");
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe("an MCP server over stdio", () => {
  it("offers the server's tools as mcp__<server>__<tool>, and a call reaches the server and comes back", async () => {
    const dir = await notesFolder();
    const model = scripted([
      { toolCalls: [{ toolName: "mcp__fs__read_file", input: { path: join(dir, "notes.txt") } }] },
      { toolCalls: [{ toolName: "mcp__fs__list_directory", input: { path: dir } }] },
      { text: "Tuesday" },
    ]);
    const result = await run(
      <Agent model={model}>
        <Tools from={mcpServer("fs", fsConfig(dir))} />
        <Step id="s" prompt="When is the launch?" />
      </Agent>,
    ).result;
    expect(result.status).toBe("succeeded");
    expect(result.output).toBe("Tuesday");
    expect(model.calls[0]!.tools).toEqual(expect.arrayContaining(["mcp__fs__read_file", "mcp__fs__list_directory", "mcp__fs__write_file"]));
    expect(model.calls[0]!.tools.every((name) => name.startsWith("mcp__fs__"))).toBe(true);
    expect(JSON.stringify(model.calls[1]!.prompt)).toContain("the launch is on Tuesday");
    expect(JSON.stringify(model.calls[2]!.prompt)).toContain("[FILE] notes.txt");
  });

  it("two agents in one run that declare the same server share one connection", async () => {
    const dir = await notesFolder();
    const seen: number[][] = [];
    const model = () =>
      scripted([
        () => {
          seen.push(childProcesses(dir));
          return { text: "ok" };
        },
      ]);
    const result = await run(
      <>
        <Agent model={model()}>
          <Tools from={mcpServer("fs", fsConfig(dir))} />
          <Step id="a" prompt="p" />
        </Agent>
        <Agent model={model()}>
          <Tools from={mcpServer("fs", fsConfig(dir))} />
          <Step id="b" prompt="p" />
        </Agent>
      </>,
    ).result;
    expect(result.status).toBe("succeeded");
    expect(seen).toHaveLength(2);
    expect(seen[0]).toHaveLength(1);
    expect(seen[1]).toEqual(seen[0]);
  });

  it("is closed when the run ends: the server process is gone by the time the result resolves", async () => {
    const dir = await notesFolder();
    let pids: number[] = [];
    const result = await run(
      <Agent
        model={scripted([
          () => {
            pids = childProcesses(dir);
            return { text: "ok" };
          },
        ])}
      >
        <Tools from={mcpServer("fs", fsConfig(dir))} />
        <Step id="s" prompt="p" />
      </Agent>,
    ).result;
    expect(result.status).toBe("succeeded");
    expect(pids).toHaveLength(1);
    expect(isAlive(pids[0]!)).toBe(false);
  });

  it("inspect() lists the server's tools and closes the connection before it returns", async () => {
    const dir = await notesFolder();
    const tree = await inspect(
      <Agent>
        <Tools from={mcpServer("fs", fsConfig(dir))} />
        <Step id="s" prompt="p" />
      </Agent>,
    );
    expect(toolNames(tree)).toEqual(expect.arrayContaining(["mcp__fs__read_file", "mcp__fs__list_directory", "mcp__fs__list_allowed_directories"]));
    expect(childProcesses(dir)).toEqual([]);
  });

  it("records each tool's origin with the server's annotations verbatim, which the tool policy reads", async () => {
    const dir = await notesFolder();
    const source = mcpServer("fs", fsConfig(dir));
    const loaded = await source.load({ signal: new AbortController().signal });
    try {
      expect(loaded.origins["mcp__fs__write_file"]).toEqual({
        server: "fs",
        tool: "write_file",
        annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
      });
      expect(loaded.origins["mcp__fs__read_file"]).toEqual({ server: "fs", tool: "read_file", annotations: { readOnlyHint: true, openWorldHint: false } });
    } finally {
      await loaded.close();
    }

    const model = scripted([{ text: "ok" }]);
    await run(
      <Agent model={model}>
        <Tools from={mcpServer("fs", fsConfig(dir))} />
        <Step id="s" prompt="p" />
      </Agent>,
      { policies: [{ fn: true, builtin: true, mcp: (tool) => tool.source.kind === "mcp" && tool.source.annotations.readOnlyHint === true }], warn: () => {} },
    ).result;
    expect(model.calls[0]!.tools).toContain("mcp__fs__read_file");
    expect(model.calls[0]!.tools).not.toContain("mcp__fs__write_file");
  });

  it("skips, with a warning, a tool whose wire name no provider accepts, and keeps the rest", async () => {
    const dir = await notesFolder();
    const server = "s".repeat(48); // mcp__ + 48 + __ leaves 9 characters for the tool's own name
    const warnings: string[] = [];
    const loaded = await mcpServer(server, { ...fsConfig(dir), onWarning: (m) => warnings.push(m) }).load({ signal: new AbortController().signal });
    try {
      expect(Object.keys(loaded.tools)).toContain(`mcp__${server}__read_file`);
      expect(Object.keys(loaded.tools)).not.toContain(`mcp__${server}__list_directory`);
      const warning = warnings.find((w) => w.includes('"list_directory"'));
      expect(warning).toContain(`MCP server "${server}"`);
      expect(warning).toContain("skipped");
    } finally {
      await loaded.close();
    }
  });

  it("gives the server only allow-listed host variables plus its declared env, never a host secret", async () => {
    const previous = process.env.JUNE_MCP_TEST_SECRET;
    process.env.JUNE_MCP_TEST_SECRET = "hunter2-not-for-servers";
    try {
      const model = scripted([{ toolCalls: [{ toolName: "mcp__everything__get-env", input: {} }] }, { text: "ok" }]);
      const result = await run(
        <Agent model={model}>
          <Tools from={mcpServer("everything", { command: binPath("mcp-server-everything"), env: { JUNE_DECLARED: "declared-value" } })} />
          <Step id="s" prompt="What is your environment?" />
        </Agent>,
      ).result;
      expect(result.status).toBe("succeeded");
      const seen = JSON.stringify(model.calls[1]!.prompt);
      expect(seen).toContain("JUNE_DECLARED");
      expect(seen).toContain("declared-value");
      expect(seen).toContain("PATH");
      expect(seen).not.toContain("JUNE_MCP_TEST_SECRET");
      expect(seen).not.toContain("hunter2-not-for-servers");
    } finally {
      if (previous === undefined) delete process.env.JUNE_MCP_TEST_SECRET;
      else process.env.JUNE_MCP_TEST_SECRET = previous;
    }
  });
});
