// Spec: a call of a tool the agent was not offered is in the trace as what it was — a failed
// tool-call node with the input the model sent and the error the model got back — streamed or not.
import { describe, expect, it } from "vitest";
import { tool } from "ai";
import { z } from "zod";
import { Agent, Step, Tool, run, type TraceNode } from "june";
import { scripted } from "june/sdk/scripted";

function toolCalls(node: TraceNode): TraceNode[] {
  return [...(node.kind === "tool-call" ? [node] : []), ...node.children.flatMap(toolCalls)];
}

const ping = tool({ description: "Answers pong.", inputSchema: z.object({}), execute: async () => "pong" });

describe.each([true, false])("a call of a tool the agent lacks (stream: %s)", (stream) => {
  it("is a failed tool-call node under the step, beside the calls that ran", async () => {
    const model = scripted([{ toolCalls: [{ toolName: "mcp__gone__delete_everything", input: { path: "/" } }, { toolName: "ping", input: {} }] }, { text: "done" }]);
    const result = await run(
      <Agent model={model}>
        <Tool name="ping" value={ping} />
        <Step id="s" prompt="p" />
      </Agent>,
      { stream },
    ).result;
    expect(result.status).toBe("succeeded");
    const calls = toolCalls(result.trace);
    const unknown = calls.find((n) => n.name === "mcp__gone__delete_everything")!;
    expect(unknown).toMatchObject({ status: "failed", input: { path: "/" }, error: { code: "JUNE_UNKNOWN_TOOL" } });
    expect(unknown.error!.message).toContain("mcp__gone__delete_everything");
    expect(unknown.parentId).toBe(calls.find((n) => n.name === "ping")!.parentId);
    expect(calls.find((n) => n.name === "ping")!.status).toBe("succeeded");
    expect(JSON.stringify(model.calls[1]!.prompt)).toContain("unavailable tool");
  });
});
