// Spec: when an MCP server can't be reached — a command that isn't there, a server that exits, a
// connect that is aborted — the load rejects naming the server and what failed, the run fails with
// JUNE_CAPABILITY_FAILED, and nothing that was started is left running.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { Agent, Step, Tools, run } from "june";
import { scripted } from "june/sdk/scripted";
import { mcpServer } from "./index.ts";
import { childProcesses, isAlive, waitFor } from "./servers.test-support.ts";

const never = () => new AbortController().signal;

/** A process that starts but never speaks MCP; `marker` finds it among this process's children. */
function silentServer(marker: string) {
  return { command: process.execPath, args: ["-e", "setInterval(() => {}, 1000)", marker] };
}

describe("an MCP server that can't be reached", () => {
  it("a command that isn't there fails the run with JUNE_CAPABILITY_FAILED, naming the server and the command", async () => {
    const result = await run(
      <Agent name="triage" model={scripted([{ text: "unused" }])}>
        <Tools from={mcpServer("broken", { command: "/nonexistent/june-no-such-mcp-server" })} />
        <Step id="s" prompt="p" />
      </Agent>,
    ).result;
    expect(result.status).toBe("failed");
    expect(result.error!.code).toBe("JUNE_CAPABILITY_FAILED");
    expect(result.error!.message).toContain('<Tools from="broken">');
    expect(result.error!.message).toContain('MCP server "broken" (command "/nonexistent/june-no-such-mcp-server") failed to connect: the command was not found');
  });

  it("a server that exits before the handshake rejects with its exit code and the end of its stderr", async () => {
    const source = mcpServer("dying", { command: process.execPath, args: ["-e", "console.error('boom: no config file'); process.exit(3)"] });
    await expect(source.load({ signal: never() })).rejects.toThrow(/MCP server "dying" \(command ".*"\) failed to connect: the server process exited with code 3; its stderr ended with: boom: no config file/);
  });

  it("a cwd that doesn't exist is said to be the problem, without spelling out the path", async () => {
    const source = mcpServer("lost", { command: process.execPath, args: ["-e", ""], cwd: join("/nonexistent", "june-secret-folder") });
    const error = await source.load({ signal: never() }).then(
      () => undefined,
      (e: Error) => e,
    );
    expect(error!.message).toContain('MCP server "lost"');
    expect(error!.message).toContain("its cwd does not exist");
    expect(error!.message).not.toContain("june-secret-folder");
  });

  it("aborting a pending connect rejects, and the process it started is gone once the load settles", async () => {
    const marker = `june-silent-${process.pid}-a`;
    const controller = new AbortController();
    const pending = mcpServer("slow", silentServer(marker)).load({ signal: controller.signal });
    const settled = pending.then(
      () => undefined,
      (e: Error) => e,
    );
    await waitFor("the server process to start", () => childProcesses(marker).length === 1);
    const [pid] = childProcesses(marker);
    controller.abort(new Error("stop"));
    const error = await settled;
    expect(error!.message).toBe('MCP server "slow" (command "' + process.execPath + '"): connecting was aborted');
    expect(isAlive(pid!)).toBe(false);
  });

  it("aborting the run while it connects ends the run as aborted and stops the server", async () => {
    const marker = `june-silent-${process.pid}-b`;
    const handle = run(
      <Agent model={scripted([{ text: "unused" }])}>
        <Tools from={mcpServer("slow", silentServer(marker))} />
        <Step id="s" prompt="p" />
      </Agent>,
    );
    await waitFor("the server process to start", () => childProcesses(marker).length === 1);
    const [pid] = childProcesses(marker);
    handle.abort("user pressed stop");
    const result = await handle.result;
    expect(result.status).toBe("aborted");
    await waitFor("the aborted server process to exit", () => !isAlive(pid!));
  });
});
