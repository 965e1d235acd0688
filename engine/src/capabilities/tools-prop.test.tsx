// Spec section "The tools prop and bashTool()": the AI SDK's own setting and a plain tool feed
// the same scope as <Tool> and <Bash />, under the same rules.
import { describe, expect, it } from "vitest";
import { Agent, Bash, Step, Tool } from "june";
import { bashTool } from "june/tools";
import { aTool, agentOfStep, errorOf, noErrors, toolNames } from "../../test/support/tree.ts";

describe("The tools prop and bashTool()", () => {
  it("tools={{ ... }} and bashTool() feed the same scope as <Tool>", async () => {
    const tree = await noErrors(
      <Agent tools={{ sh: bashTool({ needsApproval: false }) }}>
        <Tool name="read" value={aTool("read")} />
        <Step id="s" prompt="p" />
      </Agent>,
    );
    const agent = agentOfStep(tree, "s");
    expect(toolNames(agent)).toEqual(["read", "sh"]);
    expect(agent.tools!.find((t) => t.name === "sh")!.approval).toBe("never");
  });

  it("<Bash /> is the tool named bash, waiting for approval by default", async () => {
    const tree = await noErrors(
      <Agent>
        <Bash />
        <Step id="s" prompt="p" />
      </Agent>,
    );
    const bash = agentOfStep(tree, "s").tools![0]!;
    expect(bash.name).toBe("bash");
    expect(bash.approval).toBe("always");
  });

  it('<Bash name="sh" /> renames it and needsApproval={false} drops the wait', async () => {
    const tree = await noErrors(
      <Agent>
        <Bash name="sh" needsApproval={false} />
        <Step id="s" prompt="p" />
      </Agent>,
    );
    expect(agentOfStep(tree, "s").tools![0]).toMatchObject({ name: "sh", approval: "never" });
    expect(agentOfStep(tree, "s").capabilities).toEqual([{ name: "sh", source: '<Bash name="sh">' }]);
  });

  it("one name once: <Bash /> and a tools-prop bash collide", async () => {
    const error = await errorOf(
      <Agent tools={{ bash: bashTool() }}>
        <Bash />
      </Agent>,
    );
    expect(error.code).toBe("JUNE_COLLISION");
    expect(error.message).toContain("<Bash>");
    expect(error.message).toContain('<Agent tools={{ "bash" }}>');
  });

  it("nothing from the tools prop is inherited into a nested agent", async () => {
    const tree = await noErrors(
      <Agent tools={{ read: aTool("read") }}>
        <Agent>
          <Step id="inner" prompt="p" />
        </Agent>
      </Agent>,
    );
    expect(toolNames(agentOfStep(tree, "inner"))).toEqual([]);
  });

  it("a tool name providers would refuse is an error naming the declaration", async () => {
    const error = await errorOf(
      <Agent>
        <Tool name="read file" value={aTool("read")} />
      </Agent>,
    );
    expect(error.code).toBe("JUNE_INVALID_TOOL_NAME");
    expect(error.message).toContain('<Tool name="read file">');
  });

  it("<Tool> without a value or a workflow is an error naming it", async () => {
    const error = await errorOf(
      <Agent>
        <Tool name="broken" value={undefined as never} />
      </Agent>,
    );
    expect(error.code).toBe("JUNE_INVALID_PROPS");
    expect(error.message).toContain('<Tool name="broken">');
  });
});
