// Blocks in a run: inject blocks join the agent's instructions; progressive blocks are loader
// tools the model calls on demand, recorded as block loads (blocksLoaded), not as tool calls.
import { describe, expect, it } from "vitest";
import { Agent, Step, Tool, run } from "june";
import { scripted } from "june/sdk/scripted";
import { aTool } from "../../test/support/tree.ts";

describe("blocks in a run", () => {
  it("inject blocks are system-prompt sections after the instructions; progressive ones are loader tools", async () => {
    const model = scripted([{ toolCalls: [{ toolName: "_block__load__skills__refunds", input: {} }] }, { text: "refund issued" }]);
    const result = await run(
      <Agent
        model={model}
        name="support"
        instructions="You are Zoe."
        blocks={{
          tone: { mode: "inject", value: "Be terse." },
          skills: { refunds: { mode: "progressive", value: "Refunds within 30 days.", description: "the refund policy" } },
        }}
      >
        <Tool name="lookup" value={aTool("lookup")} />
        <Step id="answer" prompt="Can I get a refund?" />
      </Agent>,
    ).result;
    expect(result.status).toBe("succeeded");
    expect(model.calls[0]!.prompt[0]).toEqual({ role: "system", content: "You are Zoe.\n\n## tone\nBe terse." });
    expect(model.calls[0]!.tools).toEqual(["_block__load__skills__refunds", "lookup"]);
    expect(JSON.stringify(model.calls[1]!.prompt)).toContain("Refunds within 30 days.");
    expect(result.blocksLoaded).toEqual([{ block: "skills__refunds", agentPath: ["support"], step: "answer" }]);
    const step = result.trace.children[0]!.children[0]!;
    expect(step.children.map((c) => c.kind)).toEqual(["model-call", "block-load", "model-call"]);
    expect(step.children.some((c) => c.kind === "tool-call")).toBe(false);
  });

  it("a broken block fails the agent before any model call, naming the block", async () => {
    const model = scripted([{ text: "never" }]);
    const result = await run(
      <Agent model={model} blocks={{ _block_x: { mode: "inject", value: "x" } }}>
        <Step id="s" prompt="p" />
      </Agent>,
    ).result;
    expect(result.status).toBe("failed");
    expect(result.error!.code).toBe("JUNE_INVALID_BLOCK");
    expect(model.calls).toHaveLength(0);
  });
});
