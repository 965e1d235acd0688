// Claude Code's `Agent` (formerly `Task`) tool in markdown agents: an agent run at the top whose
// file lists it can hand tasks to the folder's other agents (and a general-purpose one) by name;
// a delegated agent can't delegate further, and is told so.
import { describe, expect, it } from "vitest";
import { Agent, Step, inspect, run, type TraceNode } from "june";
import { scripted } from "june/sdk/scripted";
import { aTool } from "../../test/support/tree.ts";
import { jsx } from "../jsx/jsx-runtime.ts";
import { parseAgentFile, type AgentDefinition } from "./agent-definition.ts";
import { markdownWorkflow, resolveAgent } from "./callable.ts";
import type { MarkdownContext } from "./context.ts";
import { GENERAL_PURPOSE, subagentsReader } from "./subagents.ts";

function agent(file: string, text: string): AgentDefinition {
  const { definition, diagnostics } = parseAgentFile(file, text);
  if (!definition) throw new Error(diagnostics.map((d) => d.message).join("\n"));
  return definition;
}

const builtins = { Read: aTool("Read"), Grep: aTool("Grep") };

function project(models: Record<string, ReturnType<typeof scripted>>, orchestratorTools = "Agent, Read") {
  const definitions = [
    agent("lead.md", `---\nname: lead\ndescription: Plans the work\nmodel: test:lead\ntools: ${orchestratorTools}\n---\nYou lead.`),
    agent("reviewer.md", "---\nname: reviewer\ndescription: Reviews changes\nmodel: test:reviewer\ntools: Read, Task\n---\nYou review."),
    agent("tester.md", "---\nname: tester\ndescription: Runs tests\nmodel: test:tester\ntools: Grep\n---\nYou test."),
  ];
  const base: MarkdownContext = { builtins, resolveModel: (ref) => models[ref.replace(/^test:/, "")] ?? scripted([]), warn: () => {} };
  const context: MarkdownContext = { ...base, subagents: subagentsReader(() => definitions, base, ["Read", "Grep"]) };
  return { definitions, context };
}

function calls(node: TraceNode): TraceNode[] {
  return [...(node.kind === "tool-call" ? [node] : []), ...node.children.flatMap(calls)];
}

describe("markdown agents delegate through Agent / Task", () => {
  it("an orchestrator hands tasks to two agents by subagent_type; each runs nested, with its own model and tools", async () => {
    const lead = scripted([
      { toolCalls: [{ toolName: "Agent", input: { description: "Review", prompt: "Review src/auth.ts", subagent_type: "reviewer" } }] },
      { toolCalls: [{ toolName: "Agent", input: { description: "Test", prompt: "Run the auth tests", subagent_type: "tester" } }] },
      { text: "Reviewed and tested." },
    ]);
    const reviewer = scripted([{ text: "Looks right." }]);
    const tester = scripted([{ text: "All 12 pass." }]);
    const { definitions, context } = project({ lead, reviewer, tester });
    const result = await run(markdownWorkflow(definitions[0]!, context, "Ship the auth fix")).result;

    expect(result.status).toBe("succeeded");
    expect(result.steps.main).toBe("Reviewed and tested.");
    expect(lead.calls[0]!.tools).toEqual(["Agent", "Read"]);
    // The reviewer's file lists Task, but a delegated agent can't delegate: it gets Read only, and is told.
    expect(reviewer.calls[0]!.tools).toEqual(["Read"]);
    expect(JSON.stringify(reviewer.calls[0]!.prompt[0])).toContain("You are running as a delegated agent");
    expect(tester.calls[0]!.tools).toEqual(["Grep"]);
    expect(JSON.stringify(reviewer.calls[0]!.prompt)).toContain("Review src/auth.ts");
    expect(JSON.stringify(lead.calls[2]!.prompt)).toContain("All 12 pass.");
    const delegations = calls(result.trace).filter((c) => c.name === "Agent");
    expect(delegations.map((c) => c.children[0]!.name)).toEqual(["Agent:reviewer", "Agent:tester"]);
  });

  it("an older file's Task works the same: the tool keeps the name the file gives it", async () => {
    const lead = scripted([
      { toolCalls: [{ toolName: "Task", input: { description: "Test", prompt: "Run the tests", subagent_type: "tester" } }] },
      { text: "Tested." },
    ]);
    const tester = scripted([{ text: "Green." }]);
    const { definitions, context } = project({ lead, tester }, "Task");
    const result = await run(markdownWorkflow(definitions[0]!, context, "Test it")).result;
    expect(result.status).toBe("succeeded");
    expect(lead.calls[0]!.tools).toEqual(["Task"]);
    expect(calls(result.trace).find((c) => c.name === "Task")!.children[0]!.name).toBe("Task:tester");
    expect(JSON.stringify(lead.calls[1]!.prompt)).toContain("Green.");
  });

  it("offers every agent of the folder, the orchestrator included, and a general-purpose one", async () => {
    const { definitions, context } = project({});
    const { agent: resolved } = resolveAgent(definitions[0]!, context);
    const tree = await inspect(jsx(Agent, { model: scripted([]), children: [...resolved!.capabilities, jsx(Step, { id: "s", prompt: "p" })] }));
    const description = tree.children[0]!.tools!.find((t) => t.name === "Agent")!.description!;
    expect(description).toContain("- lead: Plans the work\n- reviewer: Reviews changes\n- tester: Runs tests\n- general-purpose: ");
    expect(tree.children[0]!.children.filter((n) => n.kind === "composite").map((n) => n.name)).toEqual([
      "Agent:lead",
      "Agent:reviewer",
      "Agent:tester",
      `Agent:${GENERAL_PURPOSE}`,
    ]);
  });

  it("Agent(reviewer) offers only the agents it names; an unknown one is an error naming the line", () => {
    const { definitions, context } = project({}, "Agent(reviewer), Read");
    const { agent: resolved, diagnostics } = resolveAgent(definitions[0]!, context);
    expect(diagnostics).toEqual([]);
    const delegate = resolved!.capabilities.find((c) => (c.props as { name?: string }).name === "Agent")!;
    expect((delegate.props as { agents: unknown[] }).agents).toHaveLength(1);

    const bad = project({}, "Agent(reviewer, deployer)");
    const { diagnostics: errors } = resolveAgent(bad.definitions[0]!, bad.context);
    expect(errors).toMatchObject([{ severity: "error", code: "JUNE_UNKNOWN_AGENT", line: 5 }]);
    expect(errors[0]!.message).toContain('"deployer"');
    expect(errors[0]!.message).toContain('"reviewer", "tester", "general-purpose"');
  });

  it("disallowedTools removes it, and without a list of agents (a delegated agent) it is dropped without a warning", () => {
    const { context } = project({});
    const lead = agent("lead.md", "---\nname: lead\ndescription: d\ntools: Agent, Read\ndisallowedTools: Agent\n---\nx");
    const { agent: resolved, diagnostics } = resolveAgent(lead, context);
    expect(diagnostics).toEqual([]);
    expect(resolved!.capabilities.map((c) => (c.props as { name?: string }).name)).toEqual(["Read"]);

    const alone = resolveAgent(agent("a.md", "---\nname: a\ndescription: d\ntools: Task\n---\nDo it."), { builtins });
    expect(alone.diagnostics).toEqual([]);
    expect(alone.agent!.capabilities).toEqual([]);
    expect(alone.agent!.settings.instructions).toContain("Do it.\n\nYou are running as a delegated agent, so you can't hand tasks to other agents (Task is not available)");

    // Implied (the file has no tools:), Agent is dropped silently: the file never asked for it.
    const implied = { ...agent("b.md", "---\nname: b\ndescription: d\n---\nDo it."), tools: [{ kind: "name" as const, raw: "Agent", name: "Agent" }], inheritsTools: true as const };
    expect(resolveAgent(implied, { builtins }).agent!.settings.instructions).toBe("Do it.");
  });
});
