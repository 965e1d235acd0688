// Spec: an MCP server that dies or forgets its session mid-run comes back for the next call: a
// stdio server killed with SIGKILL is started again; a streamable HTTP server that restarted gets a
// new session. A call in flight when its server died fails, naming the server and the signal (it
// is not sent again: it may have run), and the model sees that. A server that never comes back
// fails each call with why, and the run goes on. Real servers from the registry.
import { existsSync } from "node:fs";
import { rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Agent, Step, Tools, run, type TraceNode } from "june";
import { scripted } from "june/sdk/scripted";
import { mcpServer } from "./index.ts";
import { binPath, childProcesses, notesFolder, startEverythingHttp, tempDir, waitFor } from "./servers.test-support.ts";

let root: string;
const notes = () => notesFolder(root);

/** SIGKILLs the one server process whose command line holds `marker`, and waits until it is reaped. */
async function killServer(marker: string): Promise<number> {
  const [pid] = childProcesses(marker);
  if (pid === undefined) throw new Error(`no server process for ${marker}`);
  process.kill(pid, "SIGKILL");
  // Reaped (gone from /proc, not a zombie): this process has seen it exit.
  await waitFor("the killed server to be reaped", () => !existsSync(`/proc/${pid}`));
  return pid;
}

function toolCalls(node: TraceNode): TraceNode[] {
  return [...(node.kind === "tool-call" ? [node] : []), ...node.children.flatMap(toolCalls)];
}

beforeAll(async () => {
  root = await tempDir("june-mcp-resilience-");
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe("a stdio server that dies", () => {
  it("killed with SIGKILL between calls, it is started again and the next call succeeds", async () => {
    const dir = await notes();
    const read = { toolCalls: [{ toolName: "mcp__fs__read_file", input: { path: join(dir, "notes.txt") } }] };
    let killed: number | undefined;
    const model = scripted([
      read,
      async () => {
        killed = await killServer(dir);
        return read;
      },
      { text: "Tuesday" },
    ]);
    const result = await run(
      <Agent model={model}>
        <Tools from={mcpServer("fs", { command: binPath("mcp-server-filesystem"), args: [dir] })} />
        <Step id="s" prompt="When?" />
      </Agent>,
    ).result;
    expect(result.status).toBe("succeeded");
    expect(killed).toBeDefined();
    expect(toolCalls(result.trace).map((n) => n.status)).toEqual(["succeeded", "succeeded"]);
    expect(JSON.stringify(model.calls[2]!.prompt).match(/the launch is on Tuesday/g)).toHaveLength(2);
    // The run ended: the restarted server is gone too.
    expect(childProcesses(dir)).toEqual([]);
  });

  it("killed while a call runs, that call fails naming the server and the signal, and a later call succeeds", async () => {
    const marker = `june-everything-${process.pid}-killed`;
    const slow = { toolCalls: [{ toolName: "mcp__ev__trigger-long-running-operation", input: { duration: 30, steps: 3 } }] };
    const echo = { toolCalls: [{ toolName: "mcp__ev__echo", input: { message: "back" } }] };
    const model = scripted([slow, echo, { text: "done" }]);
    const handle = run(
      <Agent model={model}>
        <Tools from={mcpServer("ev", { command: binPath("mcp-server-everything"), args: ["stdio", marker] })} />
        <Step id="s" prompt="p" />
      </Agent>,
      {
        onEvent: (event) => {
          if (event.type === "node-start" && event.node.kind === "tool-call" && event.node.name === "mcp__ev__trigger-long-running-operation") void killServer(marker);
        },
      },
    );
    const result = await handle.result;
    expect(result.status).toBe("succeeded");
    const [first, second] = toolCalls(result.trace);
    expect(first!.status).toBe("failed");
    expect(first!.error!.message).toMatch(/MCP server "ev" \(command ".*mcp-server-everything"\): the server process exited on SIGKILL[\s\S]*while trigger-long-running-operation ran; it is started again for the next call/);
    expect(JSON.stringify(model.calls[1]!.prompt)).toContain("exited on SIGKILL");
    expect(second!.status).toBe("succeeded");
    expect(JSON.stringify(model.calls[2]!.prompt)).toContain("Echo: back");
  });

  it("a server that cannot come back fails each later call with why, and the run still ends", async () => {
    const dir = await notes();
    const gone = join(dir, "server-copy.sh");
    // A server that works once: the script deletes itself, so starting it again fails.
    await writeFile(gone, `#!/bin/sh\nrm -f "$0"\nexec ${binPath("mcp-server-filesystem")} "${dir}"\n`, { mode: 0o755 });
    const read = { toolCalls: [{ toolName: "mcp__fs__read_file", input: { path: join(dir, "notes.txt") } }] };
    const model = scripted([
      read,
      async () => {
        await killServer(dir);
        return read;
      },
      { text: "gave up" },
    ]);
    const result = await run(
      <Agent model={model}>
        <Tools from={mcpServer("fs", { command: gone })} />
        <Step id="s" prompt="When?" />
      </Agent>,
    ).result;
    expect(result.status).toBe("succeeded");
    const [, second] = toolCalls(result.trace);
    expect(second!.status).toBe("failed");
    expect(second!.error!.message).toMatch(/MCP server "fs" \(command ".*server-copy.sh"\): the server process exited on SIGKILL[\s\S]*, and starting it again failed 3 times \(last: .*the command was not found/);
  });
});

describe("a streamable HTTP server that restarts", () => {
  it("the next call gets a new session and succeeds", async () => {
    let server = await startEverythingHttp();
    try {
      const echo = (message: string) => ({ toolCalls: [{ toolName: "mcp__web__echo", input: { message } }] });
      const model = scripted([
        echo("one"),
        async () => {
          await server.stop();
          server = await startEverythingHttp(server.port);
          return echo("two");
        },
        { text: "done" },
      ]);
      const result = await run(
        <Agent model={model}>
          <Tools from={mcpServer("web", { url: server.url })} />
          <Step id="s" prompt="p" />
        </Agent>,
      ).result;
      expect(result.status).toBe("succeeded");
      expect(toolCalls(result.trace).map((n) => n.status)).toEqual(["succeeded", "succeeded"]);
      expect(JSON.stringify(model.calls[2]!.prompt)).toContain("Echo: two");
    } finally {
      await server.stop();
    }
  });
});
