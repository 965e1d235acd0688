// Spec: an MCP tool's calls wait for approval unless the server annotates it readOnlyHint: true
// (the MCP spec's defaults make an unannotated tool one that may write and destroy), and the
// server's config can say otherwise for the server or one tool. Real servers from the registry:
// server-filesystem annotates write_file destructive and read_file read-only.
import { existsSync } from "node:fs";
import { readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Agent, Step, Tools, inspect, run, type ApprovalRequest, type JuneElement, type RunHandle, type TraceNode } from "june";
import { scripted } from "june/sdk/scripted";
import { decideMcpApproval } from "./approval.ts";
import { mcpServer, type McpServerConfig } from "./index.ts";
import { binPath, notesFolder, tempDir } from "./servers.test-support.ts";

let root: string;
const notes = () => notesFolder(root);

const fs = (dir: string, more: Partial<McpServerConfig> = {}) => mcpServer("fs", { command: binPath("mcp-server-filesystem"), args: [dir], ...more } as McpServerConfig);

/** Runs `element`, answering every approval request with `answer`; what was asked, in order. */
function runAnswering(element: JuneElement, answer: "approve" | "deny" = "approve"): { handle: RunHandle; asked: ApprovalRequest[] } {
  const asked: ApprovalRequest[] = [];
  const handle: RunHandle = run(element, {
    onEvent: (event) => {
      if (event.type !== "approval-requested") return;
      asked.push(event.approval);
      if (answer === "approve") handle.approve(event.approval.approvalId);
      else handle.deny(event.approval.approvalId, "not now");
    },
  });
  return { handle, asked };
}

function toolInfo(tree: TraceNode, name: string) {
  const agent = tree.children.find((c) => c.kind === "agent")!;
  return agent.tools?.find((t) => t.name === name);
}

beforeAll(async () => {
  root = await tempDir("june-mcp-approval-");
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe("by the server's annotations (the default)", () => {
  it("a destructive tool (write_file) waits for approval, and denied it never runs", async () => {
    const dir = await notes();
    const target = join(dir, "written.txt");
    const model = scripted([{ toolCalls: [{ toolName: "mcp__fs__write_file", input: { path: target, content: "x" } }] }, { text: "done" }]);
    const { handle, asked } = runAnswering(
      <Agent model={model}>
        <Tools from={fs(dir)} />
        <Step id="s" prompt="Write it" />
      </Agent>,
      "deny",
    );
    const result = await handle.result;
    expect(result.status).toBe("succeeded");
    expect(asked.map((a) => a.toolName)).toEqual(["mcp__fs__write_file"]);
    expect(existsSync(target)).toBe(false);
  });

  it("approved, the same call runs and writes", async () => {
    const dir = await notes();
    const target = join(dir, "written.txt");
    const model = scripted([{ toolCalls: [{ toolName: "mcp__fs__write_file", input: { path: target, content: "hello" } }] }, { text: "done" }]);
    const { handle, asked } = runAnswering(
      <Agent model={model}>
        <Tools from={fs(dir)} />
        <Step id="s" prompt="Write it" />
      </Agent>,
    );
    expect((await handle.result).status).toBe("succeeded");
    expect(asked.map((a) => a.toolName)).toEqual(["mcp__fs__write_file"]);
    expect(await readFile(target, "utf8")).toBe("hello");
  });

  it("a read-only tool (read_file) runs unasked", async () => {
    const dir = await notes();
    const model = scripted([{ toolCalls: [{ toolName: "mcp__fs__read_file", input: { path: join(dir, "notes.txt") } }] }, { text: "Tuesday" }]);
    const { handle, asked } = runAnswering(
      <Agent model={model}>
        <Tools from={fs(dir)} />
        <Step id="s" prompt="When?" />
      </Agent>,
    );
    expect((await handle.result).status).toBe("succeeded");
    expect(asked).toEqual([]);
    expect(JSON.stringify(model.calls[1]!.prompt)).toContain("the launch is on Tuesday");
  });

  it("the inspector's reason names the annotation that decided it", async () => {
    const dir = await notes();
    const tree = await inspect(
      <Agent model={scripted([])}>
        <Tools from={fs(dir)} />
        <Step id="s" prompt="p" />
      </Agent>,
    );
    const write = toolInfo(tree, "mcp__fs__write_file")!;
    expect(write.approval).toBe("always");
    expect(write.approvalReasons).toEqual(['MCP server "fs" annotates write_file readOnlyHint: false, destructiveHint: true: by MCP\'s defaults it may write and destroy']);
    const read = toolInfo(tree, "mcp__fs__read_file")!;
    expect(read.approval).toBe("never");
    expect(read.runsUnasked).toBe('MCP server "fs" annotates read_file readOnlyHint: true');
  });
});

describe("by the server's config", () => {
  it('approve: "never" for the server lets a destructive tool run unasked; a tool\'s own "always" wins over it', async () => {
    const dir = await notes();
    const tree = await inspect(
      <Agent model={scripted([])}>
        <Tools from={fs(dir, { approve: "never", tools: { move_file: { approve: "always" } } })} />
        <Step id="s" prompt="p" />
      </Agent>,
    );
    expect(toolInfo(tree, "mcp__fs__write_file")!).toMatchObject({ approval: "never", runsUnasked: 'approve: "never" for MCP server "fs" in its config' });
    const move = toolInfo(tree, "mcp__fs__move_file")!;
    expect(move.approval).toBe("always");
    expect(move.approvalReasons).toEqual(['approve: "always" for move_file in MCP server "fs"\'s config']);
  });

  it('approve: "always" makes even a read-only tool ask', async () => {
    const dir = await notes();
    const model = scripted([{ toolCalls: [{ toolName: "mcp__fs__read_file", input: { path: join(dir, "notes.txt") } }] }, { text: "ok" }]);
    const { handle, asked } = runAnswering(
      <Agent model={model}>
        <Tools from={fs(dir, { approve: "always" })} />
        <Step id="s" prompt="When?" />
      </Agent>,
    );
    expect((await handle.result).status).toBe("succeeded");
    expect(asked.map((a) => a.toolName)).toEqual(["mcp__fs__read_file"]);
  });

  it("rejects an approve value it does not know, naming the server and the field", () => {
    expect(() => fs("/tmp", { tools: { write_file: { approve: "sometimes" as never } } })).toThrow(/mcpServer\("fs", …\) has tools\.write_file\.approve "sometimes"/);
  });
});

describe("decideMcpApproval", () => {
  it.each<[string, boolean, Record<string, unknown> | undefined]>([
    ["no annotations at all", true, undefined],
    ["readOnlyHint: true", false, { readOnlyHint: true }],
    ["readOnlyHint: false, destructiveHint: false", true, { readOnlyHint: false, destructiveHint: false }],
    ["only destructiveHint: false", true, { destructiveHint: false }],
    ['readOnlyHint: "true" (a string is not true)', true, { readOnlyHint: "true" }],
  ])("%s → needs approval: %s", (_what, needs, annotations) => {
    expect(decideMcpApproval("s", "t", annotations, {}).needsApproval).toBe(needs);
  });

  it("a tool's by-annotations setting overrides the server's never", () => {
    expect(decideMcpApproval("s", "t", {}, { approve: "never", tools: { t: { approve: "by-annotations" } } }).needsApproval).toBe(true);
  });
});
