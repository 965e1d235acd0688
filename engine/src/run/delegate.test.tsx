// <Delegate> at run time: Claude Code's `Agent` tool. The model names an agent (`subagent_type`)
// and writes its brief; that agent runs as a run of its own inside the calling run — its trace
// under the tool call, its approvals asked through the calling run, its answer the tool's result.
import { describe, expect, it } from "vitest";
import { tool } from "ai";
import { z } from "zod";
import { Agent, Delegate, Step, Tool, defineAgent, inspect, run } from "june";
import { scripted } from "june/sdk/scripted";
import { aTool, findNode as find } from "../../test/support/tree.ts";

const PROMPT = z.object({ prompt: z.string() });

function team(reviewerModel: ReturnType<typeof scripted>, testerModel: ReturnType<typeof scripted>, testerTools?: () => unknown) {
  const Reviewer = defineAgent({ name: "reviewer", description: "Reviews a diff for bugs", input: PROMPT, model: reviewerModel, prompt: ({ prompt }) => prompt });
  const Tester = defineAgent({
    name: "tester",
    description: "Runs the tests\nand reports failures",
    input: PROMPT,
    model: testerModel,
    prompt: ({ prompt }) => prompt,
    ...(testerTools ? { capabilities: testerTools as () => null } : {}),
  });
  return [Reviewer, Tester] as const;
}

describe("<Delegate> at run time", () => {
  it("offers one tool listing every agent by name and description; each call runs the named agent on its brief", async () => {
    const outer = scripted([
      { toolCalls: [{ toolName: "Agent", input: { description: "Review diff", prompt: "Review the diff in src/", subagent_type: "reviewer" } }] },
      { toolCalls: [{ toolName: "Agent", input: { description: "Run tests", prompt: "Run the unit tests", subagent_type: "tester" } }] },
      { text: "reviewed and tested" },
    ]);
    const reviewer = scripted([{ text: "no bugs found" }]);
    const tester = scripted([{ text: "3 tests failed" }]);
    const result = await run(
      <Agent model={outer}>
        <Delegate name="Agent" agents={team(reviewer, tester)} />
        <Step id="ship" prompt="Get it reviewed and tested" />
      </Agent>,
    ).result;
    expect(result.status).toBe("succeeded");
    expect(outer.calls[0]!.tools).toEqual(["Agent"]);
    // The brief is all the agent sees; its final text is what the caller gets back.
    expect(JSON.stringify(reviewer.calls[0]!.prompt)).toContain("Review the diff in src/");
    expect(JSON.stringify(tester.calls[0]!.prompt)).toContain("Run the unit tests");
    expect(JSON.stringify(outer.calls[1]!.prompt)).toContain("no bugs found");
    expect(JSON.stringify(outer.calls[2]!.prompt)).toContain("3 tests failed");
    // Each delegation is a nested agent run under its tool call, named as Claude Code writes it.
    const calls = result.trace.children[0]!.children.flatMap((step) => step.children.filter((n) => n.kind === "tool-call"));
    expect(calls.map((c) => c.children[0]?.name)).toEqual(["Agent:reviewer", "Agent:tester"]);
    expect(find(calls[0]!, (n) => n.kind === "agent")?.name).toBe("reviewer");
    expect(find(calls[1]!, (n) => n.kind === "agent")?.name).toBe("tester");
    expect(Object.keys(result.steps)).toEqual(["ship"]);
  });

  it("describes the agents to the model: name and description, one line each", async () => {
    const tree = await inspect(
      <Agent model={scripted([])}>
        <Delegate name="Task" agents={team(scripted([]), scripted([]))} />
        <Step id="s" prompt="p" />
      </Agent>,
    );
    const [task] = tree.children[0]!.tools!;
    expect(task!.name).toBe("Task");
    expect(task!.description).toContain("Available agents (subagent_type):\n- reviewer: Reviews a diff for bugs\n- tester: Runs the tests and reports failures");
  });

  it("an unknown subagent_type is a tool error the model sees, naming the agents there are", async () => {
    const outer = scripted([
      { toolCalls: [{ toolName: "Agent", input: { description: "x", prompt: "p", subagent_type: "deployer" } }] },
      { text: "gave up" },
    ]);
    const result = await run(
      <Agent model={outer}>
        <Delegate name="Agent" agents={team(scripted([]), scripted([]))} />
        <Step id="s" prompt="p" />
      </Agent>,
    ).result;
    expect(result.status).toBe("succeeded");
    const seen = JSON.stringify(outer.calls[1]!.prompt);
    expect(seen).toContain('no agent \\"deployer\\"');
    expect(seen).toContain('\\"reviewer\\", \\"tester\\"');
  });

  it("a delegated agent's approval is asked through the calling run, and its tool runs once approved", async () => {
    let deployed = 0;
    const deploy = tool({ description: "Deploy", inputSchema: z.object({}), needsApproval: true, execute: async () => (deployed++, "deployed") });
    const outer = scripted([
      { toolCalls: [{ toolName: "Agent", input: { description: "Deploy", prompt: "Deploy it", subagent_type: "tester" } }] },
      { text: "done" },
    ]);
    const tester = scripted([{ toolCalls: [{ toolName: "deploy", input: {} }] }, { text: "deployed it" }]);
    const handle = run(
      <Agent model={outer}>
        <Delegate name="Agent" agents={team(scripted([]), tester, () => <Tool name="deploy" value={deploy} />)} />
        <Step id="s" prompt="p" />
      </Agent>,
    );
    for await (const event of handle.events) {
      if (event.type === "approval-requested") {
        expect(event.approval.toolName).toBe("deploy");
        expect(event.approval.agentPath.at(-1)).toBe("tester");
        handle.approve(event.approval.approvalId);
        break;
      }
    }
    const result = await handle.result;
    expect(result.status).toBe("succeeded");
    expect(deployed).toBe(1);
    expect(JSON.stringify(outer.calls[1]!.prompt)).toContain("deployed it");
  });

  it("inspect draws each offered agent under the orchestrator, named as its runs are", async () => {
    const tree = await inspect(
      <Agent model={scripted([])}>
        <Delegate name="Agent" agents={team(scripted([]), scripted([]), () => <Tool name="search" value={aTool("search")} />)} />
        <Step id="s" prompt="p" />
      </Agent>,
    );
    const agent = tree.children[0]!;
    expect(agent.tools?.map((t) => t.name)).toEqual(["Agent"]);
    const composites = agent.children.filter((n) => n.kind === "composite");
    expect(composites.map((n) => n.name)).toEqual(["Agent:reviewer", "Agent:tester"]);
    expect(composites[1]!.children[0]).toMatchObject({ kind: "agent", name: "tester" });
    expect(composites[1]!.children[0]!.tools?.map((t) => t.name)).toEqual(["search"]);
  });

  it("refuses agents that are not defined agents, and two agents of one name", async () => {
    const tree = await inspect(
      <Agent model={scripted([])}>
        <Delegate name="Agent" agents={[(() => null) as never]} />
        <Step id="s" prompt="p" />
      </Agent>,
    );
    expect(tree.children[0]!.error?.message).toContain("not a defined agent");
    const [a] = team(scripted([]), scripted([]));
    const twice = await inspect(
      <Agent model={scripted([])}>
        <Delegate name="Agent" agents={[a, a]} />
        <Step id="s" prompt="p" />
      </Agent>,
    );
    expect(twice.children[0]!.error?.message).toContain('two agents named "reviewer"');
  });
});
