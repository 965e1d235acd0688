// Steps: each <Step> is a tool loop in its agent's scope, in document order; results land in
// result.steps[id]; a function child renders after its step; output selection.
import { describe, expect, it } from "vitest";
import { Output } from "ai";
import { z } from "zod";
import { Agent, Inherit, Step, Tool, run } from "june";
import { scripted } from "june/sdk/scripted";
import { aTool } from "../../test/support/tree.ts";

describe("steps", () => {
  it("runs steps in document order with the agent's tools, model and instructions", async () => {
    const model = scripted([
      { toolCalls: [{ toolName: "readFile", input: { query: "package.json" } }] },
      { text: "it has 3 dependencies" },
      { text: "done" },
    ]);
    const handle = run(
      <Agent model={model} instructions="Be brief.">
        <Tool name="readFile" value={aTool("readFile")} />
        <Step id="read" prompt="Read package.json" />
        <Step id="sum" prompt="Summarize" />
      </Agent>,
    );
    const result = await handle.result;
    expect(result.status).toBe("succeeded");
    expect(result.steps).toEqual({ read: "it has 3 dependencies", sum: "done" });
    expect(result.output).toEqual({ read: "it has 3 dependencies", sum: "done" });
    expect(model.calls.map((c) => c.tools)).toEqual([["readFile"], ["readFile"], ["readFile"]]);
    expect(model.calls[0]!.prompt[0]).toEqual({ role: "system", content: "Be brief." });
    expect(JSON.stringify(model.calls[1]!.prompt)).toContain("readFile: package.json");
    // each step is its own conversation: the second step doesn't see the first one's messages
    expect(JSON.stringify(model.calls[2]!.prompt)).not.toContain("package.json");
  });

  it("a single step's result is the run's output", async () => {
    const result = await run(
      <Agent model={scripted([{ text: "hello" }])}>
        <Step id="only" prompt="Say hello" />
      </Agent>,
    ).result;
    expect(result.output).toBe("hello");
  });

  it("a nested agent uses its own model and tools, and only what it inherits of its parent's", async () => {
    const outer = scripted([{ text: "outer done" }]);
    const inner = scripted([{ text: "inner done" }]);
    const result = await run(
      <Agent model={outer} instructions="outer rules">
        <Tool name="readFile" value={aTool("readFile")} />
        <Tool name="deploy" value={aTool("deploy")} />
        <Step id="outer" prompt="p" />
        <Agent model={inner}>
          <Inherit capabilities={["readFile"]} />
          <Tool name="search" value={aTool("search")} />
          <Step id="inner" prompt="q" />
        </Agent>
      </Agent>,
    ).result;
    expect(result.status).toBe("succeeded");
    expect(outer.calls.map((c) => c.tools)).toEqual([["deploy", "readFile"]]);
    expect(inner.calls.map((c) => c.tools)).toEqual([["readFile", "search"]]);
    expect(JSON.stringify(inner.calls[0]!.prompt)).not.toContain("outer rules");
  });

  it("a step with a function child renders what it returns after the step, with its result", async () => {
    const model = scripted([{ text: "staging" }, { text: "deployed to staging" }]);
    const result = await run(
      <Agent model={model}>
        <Step id="plan" prompt="Where to deploy?">
          {(where: string) => (
            <Agent model={model}>
              <Tool name="deploy" value={aTool("deploy")} />
              <Step id="deploy" prompt={`Deploy to ${where}`} />
            </Agent>
          )}
        </Step>
      </Agent>,
    ).result;
    expect(result.steps).toEqual({ plan: "staging", deploy: "deployed to staging" });
    expect(model.calls[1]!.tools).toEqual(["deploy"]);
    expect(JSON.stringify(model.calls[1]!.prompt)).toContain("Deploy to staging");
  });

  it("Output.object gives a typed step result", async () => {
    const model = scripted([{ text: JSON.stringify({ version: "1.2.3" }) }]);
    const result = await run(
      <Agent model={model}>
        <Step id="version" prompt="Which version?" output={Output.object({ schema: z.object({ version: z.string() }) })} />
      </Agent>,
    ).result;
    expect(result.steps.version).toEqual({ version: "1.2.3" });
  });

  it("stops the loop after 20 model calls by default", async () => {
    const model = scripted(Array.from({ length: 25 }, () => ({ toolCalls: [{ toolName: "t", input: { query: "x" } }] })));
    const result = await run(
      <Agent model={model}>
        <Tool name="t" value={aTool("t")} />
        <Step id="loop" prompt="go" />
      </Agent>,
    ).result;
    expect(result.status).toBe("succeeded");
    expect(model.calls).toHaveLength(20);
  });

  it("an agent without a model fails its step with an error naming the agent and step", async () => {
    const result = await run(
      <Agent name="modelless">
        <Step id="s" prompt="p" />
      </Agent>,
    ).result;
    expect(result.status).toBe("failed");
    expect(result.error!.code).toBe("JUNE_NO_MODEL");
    expect(result.error!.message).toContain('<Agent> "modelless"');
    expect(result.error!.message).toContain('<Step id="s">');
  });

  it("run({ model }) is the default model of agents that set none", async () => {
    const model = scripted([{ text: "ok" }]);
    const result = await run(
      <Agent>
        <Step id="s" prompt="p" />
      </Agent>,
      { model },
    ).result;
    expect(result.output).toBe("ok");
  });

  it("two steps with one id fail the run", async () => {
    const model = scripted([{ text: "a" }, { text: "b" }]);
    const result = await run(
      <Agent model={model}>
        <Step id="same" prompt="p" />
        <Step id="same" prompt="q" />
      </Agent>,
    ).result;
    expect(result.error!.code).toBe("JUNE_DUPLICATE_STEP");
  });

  it("a resolution error fails the run before any model call", async () => {
    const model = scripted([{ text: "never" }]);
    const result = await run(
      <Agent model={model}>
        <Tool name="x" value={aTool("x")} />
        <Tool name="x" value={aTool("y")} />
        <Step id="s" prompt="p" />
      </Agent>,
    ).result;
    expect(result.status).toBe("failed");
    expect(result.error!.code).toBe("JUNE_COLLISION");
    expect(model.calls).toHaveLength(0);
  });
});
