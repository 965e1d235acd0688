// Composite tools and callable agents at run time: a run of their own inside the calling run —
// private scope, output selection, { output, trace, usage } as the call's output, approvals
// asked through the calling run, errors as tool errors the model sees, abort carrying across.
import { describe, expect, it } from "vitest";
import { Output, tool } from "ai";
import { z } from "zod";
import { Agent, Inherit, RequireApproval, Step, Tool, defineAgent, run, type RunHandle } from "june";
import { scripted } from "june/sdk/scripted";
import { aTool, findNode as find } from "../../test/support/tree.ts";

async function nextApproval(handle: RunHandle) {
  for await (const event of handle.events) if (event.type === "approval-requested") return event.approval;
  throw new Error("no approval asked");
}

describe("composite tools at run time", () => {
  it("the outer model is offered only research; calling it runs the workflow and returns its only step's result", async () => {
    const outer = scripted([{ toolCalls: [{ toolName: "research", input: { question: "Suspense" } }] }, { text: "summary written" }]);
    const inner = scripted([{ toolCalls: [{ toolName: "search", input: { query: "Suspense" } }] }, { text: "Suspense lets you wait" }]);
    const result = await run(
      <Agent model={outer}>
        <Tool name="research" description="Research a question" input={z.object({ question: z.string() })}>
          {({ question }) => (
            <Agent model={inner}>
              <Tool name="search" value={aTool("search")} />
              <Step id="findings" prompt={`Research: ${question}`} />
            </Agent>
          )}
        </Tool>
        <Step id="report" prompt="Research how Suspense works, then write a summary" />
      </Agent>,
    ).result;
    expect(result.status).toBe("succeeded");
    expect(outer.calls.map((c) => c.tools)).toEqual([["research"], ["research"]]);
    expect(inner.calls.map((c) => c.tools)).toEqual([["search"], ["search"]]);
    expect(JSON.stringify(inner.calls[0]!.prompt)).toContain("Research: Suspense");
    // The model gets the workflow's output as text, never the trace.
    const toolResult = JSON.stringify(outer.calls[1]!.prompt);
    expect(toolResult).toContain("Suspense lets you wait");
    expect(toolResult).not.toContain("findings");
    // The composite's steps are its own, not the caller's.
    expect(Object.keys(result.steps)).toEqual(["report"]);
    const call = find(result.trace, (n) => n.kind === "tool-call" && n.name === "research")!;
    expect(call.children[0]).toMatchObject({ kind: "composite", name: "research", status: "succeeded" });
    expect(find(call, (n) => n.kind === "step")!.name).toBe("findings");
  });

  it("the tool call's output holds { output, trace, usage }, and the inner usage counts toward the caller", async () => {
    let seen: unknown;
    const outer = scripted([
      { toolCalls: [{ toolName: "research", input: { question: "q" } }], usage: { inputTokens: 10, outputTokens: 1 } },
      { text: "done", usage: { inputTokens: 20, outputTokens: 2 } },
    ]);
    const inner = scripted([{ text: "found", usage: { inputTokens: 100, outputTokens: 50 } }]);
    const research = (
      <Tool name="research" description="d" input={z.object({ question: z.string() })}>
        {() => (
          <Agent model={inner}>
            <Step id="findings" prompt="p" />
          </Agent>
        )}
      </Tool>
    );
    const result = await run(
      <Agent model={outer}>
        {research}
        <Step id="report" prompt="p" />
      </Agent>,
      {
        onEvent: (e) => {
          if (e.type === "node-end" && e.output && typeof e.output === "object" && "usage" in (e.output as object)) seen = e.output;
        },
      },
    ).result;
    expect(seen).toMatchObject({ output: "found", usage: { inputTokens: 100, outputTokens: 50 } });
    expect(result.usage).toMatchObject({ inputTokens: 130, outputTokens: 53, totalTokens: 183 });
  });

  it("output= picks what the model gets; with several steps the default is an object of them", async () => {
    const outer = scripted([{ toolCalls: [{ toolName: "multi", input: {} }, { toolName: "picked", input: {} }] }, { text: "ok" }]);
    const two = (model: ReturnType<typeof scripted>) => () => (
      <Agent model={model}>
        <Step id="a" prompt="p" />
        <Step id="b" prompt="p" />
      </Agent>
    );
    await run(
      <Agent model={outer}>
        <Tool name="multi" description="d" input={z.object({})}>
          {two(scripted([{ text: "A" }, { text: "B" }]))}
        </Tool>
        <Tool name="picked" description="d" input={z.object({})} output={(r) => r.steps.b}>
          {two(scripted([{ text: "C" }, { text: "D" }]))}
        </Tool>
        <Step id="s" prompt="p" />
      </Agent>,
    ).result;
    const results = outer.calls[1]!.prompt.flatMap((m) => (m.role === "tool" ? m.content : []));
    const byTool = Object.fromEntries(results.map((r) => [(r as { toolName: string }).toolName, (r as { output: unknown }).output]));
    expect(byTool.multi).toEqual({ type: "json", value: { a: "A", b: "B" } });
    expect(byTool.picked).toEqual({ type: "text", value: "D" });
  });

  it("<Inherit> in the workflow takes the calling agent's tool", async () => {
    const log: string[] = [];
    const files = tool({ description: "files", inputSchema: z.object({ path: z.string() }), execute: async ({ path }) => (log.push(path), "contents") });
    const model = scripted([
      { toolCalls: [{ toolName: "research", input: {} }] },
      { toolCalls: [{ toolName: "files", input: { path: "README.md" } }] },
      { text: "read it" },
      { text: "done" },
    ]);
    const result = await run(
      <Agent model={model}>
        <Tool name="files" value={files} />
        <Tool name="research" description="d" input={z.object({})}>
          {() => (
            <Agent model={model}>
              <Inherit capabilities={["files"]} />
              <Step id="inner" prompt="p" />
            </Agent>
          )}
        </Tool>
        <Step id="outer" prompt="p" />
      </Agent>,
    ).result;
    expect(result.status).toBe("succeeded");
    expect(model.calls[1]!.tools).toEqual(["files"]);
    expect(log).toEqual(["README.md"]);
  });

  it("a tool inside that needs approval asks through the calling run, naming the step research:findings", async () => {
    const log: string[] = [];
    const deploy = tool({ description: "deploy", inputSchema: z.object({}), needsApproval: true, execute: async () => (log.push("x"), "ok") });
    const model = scripted([
      { toolCalls: [{ toolName: "research", input: {} }] },
      { toolCalls: [{ toolName: "deploy", input: {} }] },
      { text: "inner done" },
      { text: "outer done" },
    ]);
    const handle = run(
      <Agent model={model} name="writer">
        <Tool name="research" description="d" input={z.object({})}>
          {() => (
            <Agent model={model} name="researcher">
              <Tool name="deploy" value={deploy} />
              <Step id="findings" prompt="p" />
            </Agent>
          )}
        </Tool>
        <Step id="report" prompt="p" />
      </Agent>,
    );
    const approval = await nextApproval(handle);
    expect(approval).toMatchObject({ toolName: "deploy", step: "research:findings", agentPath: ["writer", "researcher"] });
    expect(log).toEqual([]);
    handle.approve(approval.approvalId);
    expect((await handle.result).status).toBe("succeeded");
    expect(log).toEqual(["x"]);
  });

  it("<RequireApproval> around the composite gates entering it at all", async () => {
    const inner = scripted([{ text: "never" }]);
    const outer = scripted([{ toolCalls: [{ toolName: "research", input: {} }] }, { text: "fine" }]);
    const handle = run(
      <Agent model={outer}>
        <RequireApproval>
          <Tool name="research" description="d" input={z.object({})}>
            {() => (
              <Agent model={inner}>
                <Step id="findings" prompt="p" />
              </Agent>
            )}
          </Tool>
        </RequireApproval>
        <Step id="report" prompt="p" />
      </Agent>,
    );
    handle.deny((await nextApproval(handle)).approvalId, "no research today");
    expect((await handle.result).status).toBe("succeeded");
    expect(inner.calls).toHaveLength(0);
  });

  it("a failure inside becomes a tool error the model sees: june: the tool \"research\" failed: <message>", async () => {
    const outer = scripted([{ toolCalls: [{ toolName: "research", input: {} }] }, { text: "recovered" }]);
    const inner = scripted([]);
    const result = await run(
      <Agent model={outer}>
        <Tool name="research" description="d" input={z.object({})}>
          {() => (
            <Agent model={inner}>
              <Step id="findings" prompt="p" />
            </Agent>
          )}
        </Tool>
        <Step id="report" prompt="p" />
      </Agent>,
    ).result;
    expect(result.status).toBe("succeeded");
    const prompt = JSON.stringify(outer.calls[1]!.prompt);
    expect(prompt).toContain('june: the tool \\"research\\" failed:');
    expect(prompt).toContain("ran out of responses");
    const composite = find(result.trace, (n) => n.kind === "composite")!;
    expect(composite.status).toBe("failed");
  });

  it("aborting the run aborts the workflow inside and ends every node", async () => {
    const hang = tool({
      description: "hang",
      inputSchema: z.object({}),
      execute: (_input, { abortSignal }) =>
        new Promise((_resolve, reject) => abortSignal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")))),
    });
    const model = scripted([{ toolCalls: [{ toolName: "research", input: {} }] }, { toolCalls: [{ toolName: "hang", input: {} }] }]);
    let handle!: RunHandle;
    // eslint-disable-next-line prefer-const -- run() emits (and the listener may read the handle) before it returns
    handle = run(
      <Agent model={model}>
        <Tool name="research" description="d" input={z.object({})}>
          {() => (
            <Agent model={model}>
              <Tool name="hang" value={hang} />
              <Step id="findings" prompt="p" />
            </Agent>
          )}
        </Tool>
        <Step id="report" prompt="p" />
      </Agent>,
      {
        onEvent: (e) => {
          if (e.type === "node-start" && e.node.name === "hang") queueMicrotask(() => handle.abort());
        },
      },
    );
    const result = await handle.result;
    expect(result.status).toBe("aborted");
    expect(find(result.trace, (n) => n.kind === "composite")!.status).toBe("aborted");
    expect(JSON.stringify(result.trace)).not.toContain('"status":"running"');
  });
});

describe("callable agents at run time", () => {
  it("the writer sees researcher; calling it runs the agent with its own model, instructions and tools", async () => {
    const writerModel = scripted([{ toolCalls: [{ toolName: "researcher", input: { question: "Suspense" } }] }, { text: "article" }]);
    const researcherModel = scripted([{ toolCalls: [{ toolName: "search", input: { query: "q" } }] }, { text: "Suspense waits for data" }]);
    const Researcher = defineAgent({
      name: "researcher",
      description: "Researches a question",
      input: z.object({ question: z.string() }),
      model: researcherModel,
      instructions: "You research carefully and cite what you find.",
      prompt: ({ question }) => `Research: ${question}`,
      capabilities: () => <Tool name="search" value={aTool("search")} />,
    });
    const result = await run(
      <Agent model={writerModel}>
        <Researcher />
        <Step id="write" prompt="Write a short article on how Suspense works" />
      </Agent>,
    ).result;
    expect(result.status).toBe("succeeded");
    expect(writerModel.calls[0]!.tools).toEqual(["researcher"]);
    expect(researcherModel.calls[0]!.tools).toEqual(["search"]);
    expect(researcherModel.calls[0]!.prompt[0]).toEqual({ role: "system", content: "You research carefully and cite what you find." });
    expect(JSON.stringify(researcherModel.calls[0]!.prompt)).toContain("Research: Suspense");
    // The caller's conversation never crosses.
    expect(JSON.stringify(researcherModel.calls[0]!.prompt)).not.toContain("Write a short article");
    expect(JSON.stringify(writerModel.calls[1]!.prompt)).toContain("Suspense waits for data");
  });

  it("Output.object gives the caller the parsed object as JSON", async () => {
    const writer = scripted([{ toolCalls: [{ toolName: "rater", input: { text: "x" } }] }, { text: "ok" }]);
    const rater = scripted([{ text: JSON.stringify({ score: 7 }) }]);
    const Rater = defineAgent({
      name: "rater",
      description: "Rates",
      input: z.object({ text: z.string() }),
      model: rater,
      prompt: ({ text }) => `Rate ${text}`,
      output: Output.object({ schema: z.object({ score: z.number() }) }),
    });
    await run(
      <Agent model={writer}>
        <Rater />
        <Step id="s" prompt="p" />
      </Agent>,
    ).result;
    const prompt = JSON.stringify(writer.calls[1]!.prompt);
    expect(prompt).toContain('"type":"json"');
    expect(prompt).toContain('"score":7');
  });

  it("defined agents compose, and their failures are tool errors of the caller", async () => {
    const model = scripted([
      { toolCalls: [{ toolName: "editor", input: { text: "t" } }] },
      { toolCalls: [{ toolName: "researcher", input: { question: "q" } }] },
      { text: "researched" },
      { text: "edited" },
      { text: "final" },
    ]);
    const Researcher = defineAgent({ name: "researcher", description: "r", input: z.object({ question: z.string() }), prompt: ({ question }) => question });
    const Editor = defineAgent({
      name: "editor",
      description: "e",
      input: z.object({ text: z.string() }),
      prompt: ({ text }) => text,
      capabilities: () => <Researcher />,
    });
    const result = await run(
      <Agent model={model}>
        <Editor />
        <Step id="s" prompt="p" />
      </Agent>,
      { model },
    ).result;
    expect(result.status).toBe("succeeded");
    expect(model.calls.map((c) => c.tools)).toEqual([["editor"], ["researcher"], [], ["researcher"], ["editor"]]);
    expect(result.output).toBe("final");
  });
});
