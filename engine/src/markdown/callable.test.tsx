// Routecraft "Loading agents from markdown (agents())", June's way: agents(dir) returns callable
// agents, declared inside a JSX <Agent> like any defineAgent — the caller sees one tool, the
// markdown agent runs privately with its own instructions, tools and model.
import { describe, expect, it } from "vitest";
import { Agent, Step, inspect, run } from "june";
import { scripted } from "june/sdk/scripted";
import { aTool, agentOfStep, toolNames } from "../../test/support/tree.ts";
import { agents } from "./agents.ts";

const tree = new URL("../../test/fixtures/markdown/tree/", import.meta.url).pathname;
const builtins = { Read: aTool("Read"), Grep: aTool("Grep") };

describe("Loading agents from markdown (agents()): callable agents", () => {
  it("returns every agent of the folder by name, with its definition and no diagnostics", async () => {
    const loaded = await agents(tree, { builtins });
    expect(Object.keys(loaded.agents)).toEqual(["aria", "perf", "security", "triage"]);
    expect(loaded.definitions.map((d) => d.name)).toEqual(["aria", "perf", "security", "triage"]);
    expect(loaded.diagnostics).toEqual([]);
  });

  it("a markdown agent declared in a JSX <Agent> is one tool to the caller and runs with its own scope", async () => {
    const inner = scripted([{ toolCalls: [{ toolName: "Grep", input: { query: "login" } }] }, { text: "area: auth; urgency: high" }]);
    const { agents: team } = await agents(tree, { builtins, resolveModel: () => inner });
    const Triage = team.triage!;
    const outer = scripted([
      { toolCalls: [{ toolName: "triage", input: { prompt: "Issue 12: login fails" } }] },
      { text: "Filed under auth." },
    ]);

    const result = await run(
      <Agent model={outer} instructions="You run the support desk.">
        <Triage />
        <Step id="desk" prompt="Handle issue 12" />
      </Agent>,
    ).result;

    expect(result.status).toBe("succeeded");
    expect(result.steps.desk).toBe("Filed under auth.");
    expect(outer.calls.map((c) => c.tools)).toEqual([["triage"], ["triage"]]);
    expect(inner.calls[0]!.tools).toEqual(["Grep", "Read"]);
    expect(inner.calls[0]!.prompt[0]).toEqual({ role: "system", content: "You sort issues. Label each one with an area and an urgency." });
    expect(JSON.stringify(inner.calls[0]!.prompt[1])).toContain("Issue 12: login fails");
    expect(JSON.stringify(outer.calls[1]!.prompt)).toContain("area: auth; urgency: high");
  });

  it("inspect() draws it as a defined agent: its name, the task input, its own tools", async () => {
    const { agents: team } = await agents(tree, { builtins, resolveModel: () => scripted([]) });
    const Triage = team.triage!;
    const Security = team.security!;
    const drawn = await inspect(
      <Agent model={scripted([])}>
        <Triage />
        <Security />
        <Step id="desk" prompt="p" />
      </Agent>,
    );
    const desk = agentOfStep(drawn, "desk");
    expect(desk.capabilities).toEqual([
      { name: "triage", source: 'defineAgent({ name: "triage" })', composite: true },
      { name: "security", source: 'defineAgent({ name: "security" })', composite: true },
    ]);
    const triage = desk.children.find((c) => c.kind === "composite" && c.name === "triage")!.children[0]!;
    expect(triage).toMatchObject({ kind: "agent", name: "triage" });
    expect(toolNames(triage)).toEqual(["Read", "Grep"]);
  });

  it("an agent whose tools don't resolve is left out with its error; the others still load", async () => {
    const loaded = await agents(tree, { knownBuiltins: [] });
    expect(Object.keys(loaded.agents)).toEqual(["aria", "perf", "security"]);
    expect(loaded.definitions.map((d) => d.name)).toContain("triage");
    expect(loaded.diagnostics.map((d) => [d.code, d.field, d.file.endsWith("triage.md")])).toEqual([
      ["JUNE_UNKNOWN_TOOL", "tools", true],
      ["JUNE_UNKNOWN_TOOL", "tools", true],
    ]);
  });
});
