// Routecraft spec section "Tool policy": omitted admits all; supplied requires every kind;
// predicates get a frozen descriptor; a throwing predicate denies; denial drops the tool, logs one
// warning and emits a tool-denied event with the reason; several policies compose with AND.
import { describe, expect, it } from "vitest";
import { Agent, Bash, Step, Tool, Tools, inspect, run, toolSource, type ToolDescriptor, type ToolPolicy, type TraceEvent } from "june";
import { scripted } from "june/sdk/scripted";
import { aTool, agentOfStep, toolNames } from "../../test/support/tree.ts";

const docs = toolSource({
  name: "docs",
  kind: "mcp",
  load: async () => ({
    tools: { mcp__docs__search: aTool("search"), mcp__docs__delete: aTool("delete") },
    origins: {
      mcp__docs__search: { server: "docs", tool: "search", annotations: { readOnlyHint: true } },
      mcp__docs__delete: { server: "docs", tool: "delete", annotations: { destructiveHint: true } },
    },
  }),
});

function project() {
  return (
    <Agent name="helper">
      <Tool name="local" value={aTool("local")} />
      <Bash />
      <Tools from={docs} />
      <Step id="s" prompt="p" />
    </Agent>
  );
}

async function toolsUnder(policies: ToolPolicy[]) {
  const tree = await inspect(project(), { policies });
  return { agent: agentOfStep(tree, "s"), names: toolNames(agentOfStep(tree, "s")) };
}

describe("Tool policy", () => {
  it("omitted, every tool is admitted", async () => {
    expect((await toolsUnder([])).names).toEqual(["local", "bash", "mcp__docs__search", "mcp__docs__delete"]);
  });

  it("false denies a whole kind; true admits it", async () => {
    expect((await toolsUnder([{ fn: true, builtin: false, mcp: false }])).names).toEqual(["local"]);
    expect((await toolsUnder([{ fn: false, builtin: true, mcp: true }])).names).toEqual(["bash", "mcp__docs__search", "mcp__docs__delete"]);
  });

  it("supplied, it must rule on every kind: a missing kind is an error naming it", async () => {
    await expect(inspect(project(), { policies: [{ mcp: false } as unknown as ToolPolicy] })).rejects.toMatchObject({
      code: "JUNE_INVALID_POLICY",
      message: expect.stringContaining('is missing "fn", "builtin"'),
    });
  });

  it("a predicate gets a frozen descriptor with the kind's source (mcp: server, tool, annotations)", async () => {
    const seen: ToolDescriptor[] = [];
    const { names } = await toolsUnder([
      {
        fn: true,
        builtin: true,
        mcp: (tool) => {
          seen.push(tool);
          return tool.source.kind === "mcp" && tool.source.annotations.readOnlyHint === true;
        },
      },
    ]);
    expect(names).toEqual(["local", "bash", "mcp__docs__search"]);
    expect(seen[0]).toEqual({
      name: "mcp__docs__search",
      description: "the search tool",
      kind: "mcp",
      source: { kind: "mcp", server: "docs", tool: "search", annotations: { readOnlyHint: true } },
    });
    expect(Object.isFrozen(seen[0])).toBe(true);
    expect(Object.isFrozen(seen[0]!.source)).toBe(true);
    expect("execute" in seen[0]!).toBe(false);
  });

  it("builtin tools (bash) and fn tools are told apart", async () => {
    const kinds: string[] = [];
    await toolsUnder([{ fn: (t) => (kinds.push(`${t.kind}:${t.name}`), true), builtin: (t) => (kinds.push(`${t.kind}:${t.name}:${t.source.kind === "builtin" ? t.source.builtin : ""}`), true), mcp: true }]);
    expect(kinds).toEqual(["fn:local", "builtin:bash:Bash"]);
  });

  it("a predicate that throws denies its tool, with reason rule-error", async () => {
    const { names, agent } = await toolsUnder([
      {
        fn: () => {
          throw new Error("policy bug");
        },
        builtin: true,
        mcp: true,
      },
    ]);
    expect(names).not.toContain("local");
    expect(agent.denied).toEqual([
      { tool: "local", kind: "fn", reason: "rule-error", message: expect.stringContaining("threw: policy bug") },
    ]);
  });

  it("several policies compose with AND", async () => {
    const { names } = await toolsUnder([
      { fn: true, builtin: true, mcp: (t) => t.name.endsWith("search") || t.name.endsWith("delete") },
      { fn: true, builtin: false, mcp: (t) => t.name.endsWith("search") },
    ]);
    expect(names).toEqual(["local", "mcp__docs__search"]);
  });

  it("in a run, a denial drops the tool from what the model is offered, logs one warning and emits tool-denied", async () => {
    const model = scripted([{ text: "ok" }]);
    const warnings: string[] = [];
    const events: TraceEvent[] = [];
    const result = await run(project(), {
      model,
      policies: [{ fn: true, builtin: false, mcp: true }],
      warn: (m) => warnings.push(m),
      onEvent: (e) => events.push(e),
    }).result;
    expect(result.status).toBe("succeeded");
    expect(model.calls[0]!.tools).toEqual(["local", "mcp__docs__delete", "mcp__docs__search"]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('the builtin tool "bash"');
    expect(warnings[0]).toContain('<Agent> "helper"');
    const denied = events.filter((e) => e.type === "tool-denied");
    expect(denied).toEqual([expect.objectContaining({ type: "tool-denied", denial: expect.objectContaining({ tool: "bash", kind: "builtin", reason: "rule" }) })]);
    expect(result.trace.children[0]!.denied).toHaveLength(1);
  });

  it("an agent's own declarations can't widen what the policy admits", async () => {
    const tree = await inspect(
      <Agent>
        <Tool name="a" value={aTool("a")} />
        <Tool name="b" value={aTool("b")} />
      </Agent>,
      { policies: [{ fn: (t) => t.name === "a", builtin: true, mcp: true }] },
    );
    expect(toolNames(tree.children[0]!)).toEqual(["a"]);
  });
});
