// Spec: an MCP tool call is traced as what it was. A result the server marks `isError: true` is a
// failed tool-call node, and the model still reads the server's words. Real server: the registry's
// filesystem server refuses a path outside its allowed folder with an isError result.
import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Agent, Step, Tools, run, type TraceNode } from "june";
import { scripted } from "june/sdk/scripted";
import { mcpServer } from "./index.ts";
import { binPath, tempDir } from "./servers.test-support.ts";

let root: string;

function toolCalls(node: TraceNode): TraceNode[] {
  return [...(node.kind === "tool-call" ? [node] : []), ...node.children.flatMap(toolCalls)];
}

beforeAll(async () => {
  root = await tempDir("june-mcp-traces-");
  await mkdir(join(root, "allowed"));
  await writeFile(join(root, "outside.txt"), "secret");
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe("a result with isError: true", () => {
  it("is a failed tool-call node carrying the server's text, which the model reads", async () => {
    const model = scripted([{ toolCalls: [{ toolName: "mcp__fs__read_file", input: { path: join(root, "outside.txt") } }] }, { text: "refused" }]);
    const result = await run(
      <Agent model={model}>
        <Tools from={mcpServer("fs", { command: binPath("mcp-server-filesystem"), args: [join(root, "allowed")] })} />
        <Step id="s" prompt="Read it" />
      </Agent>,
    ).result;
    expect(result.status).toBe("succeeded");
    const [call] = toolCalls(result.trace);
    expect(call!.status).toBe("failed");
    expect(call!.error!.message).toMatch(/Access denied/);
    expect(call!.error!.name).toBe("McpToolError");
    expect(JSON.stringify(model.calls[1]!.prompt)).toMatch(/Access denied/);
    expect(JSON.stringify(model.calls[1]!.prompt)).not.toContain("secret");
  });
});
