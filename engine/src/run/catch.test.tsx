// <Catch retry fallback> and errors: a failure anywhere becomes a trace node whose message names
// the element and step, and the run result says failed with { code, message }.
import { describe, expect, it } from "vitest";
import { tool } from "ai";
import { z } from "zod";
import { Agent, Catch, Step, Tool, Tools, run, toolSource, type TraceNode } from "june";
import { scripted } from "june/sdk/scripted";

function failing(name = "flaky") {
  return toolSource({ name, load: async () => Promise.reject(new Error("server down")) });
}

function statuses(node: TraceNode): string[] {
  return [`${node.kind}:${node.name}:${node.status}`, ...node.children.flatMap(statuses)];
}

describe("errors", () => {
  it("a model failure ends the step, agent and run as failed, naming the element and step", async () => {
    const model = scripted([]);
    const result = await run(
      <Agent model={model} name="writer">
        <Step id="draft" prompt="p" />
      </Agent>,
    ).result;
    expect(result.status).toBe("failed");
    expect(result.error!.code).toBe("JUNE_SCRIPT_EXHAUSTED");
    expect(result.error!.message).toContain('<Step id="draft">');
    expect(result.error!.message).toContain('<Agent> "writer"');
    const step = result.trace.children[0]!.children[0]!;
    expect(step.error).toEqual(expect.objectContaining({ code: "JUNE_SCRIPT_EXHAUSTED" }));
    expect(statuses(result.trace)).toEqual([
      "run:workflow:failed",
      "agent:writer:failed",
      "step:draft:failed",
      "model-call:scripted:failed",
    ]);
  });

  it("a failing tool is an error the model sees; the run goes on", async () => {
    const broken = tool({ description: "b", inputSchema: z.object({}), execute: async (): Promise<string> => {
        throw new Error("disk full");
      },
    });
    const model = scripted([{ toolCalls: [{ toolName: "save", input: {} }] }, { text: "could not save" }]);
    const result = await run(
      <Agent model={model}>
        <Tool name="save" value={broken} />
        <Step id="s" prompt="p" />
      </Agent>,
    ).result;
    expect(result.status).toBe("succeeded");
    expect(JSON.stringify(model.calls[1]!.prompt)).toContain("disk full");
    const call = result.trace.children[0]!.children[0]!.children[1]!;
    expect(call).toMatchObject({ kind: "tool-call", status: "failed", error: { message: "disk full" } });
  });

  it("later steps don't run after a failure", async () => {
    const model = scripted([{ text: "one" }]);
    const result = await run(
      <Agent model={model}>
        <Step id="a" prompt="p" />
        <Step id="b" prompt="p" />
        <Step id="c" prompt="p" />
      </Agent>,
    ).result;
    expect(result.steps).toEqual({ a: "one" });
    expect(result.trace.children[0]!.children.map((c) => c.name)).toEqual(["a", "b"]);
  });
});

describe("<Catch>", () => {
  it("retries the part inside it, and succeeds when a try does", async () => {
    let loads = 0;
    const source = toolSource({
      name: "flaky",
      load: async () => {
        if (++loads < 3) throw new Error(`attempt ${loads} failed`);
        return { ok: tool({ description: "ok", inputSchema: z.object({}), execute: async () => "ok" }) };
      },
    });
    const model = scripted([{ text: "worked" }]);
    const result = await run(
      <Catch retry={2}>
        <Agent model={model}>
          <Tools from={source} />
          <Step id="s" prompt="p" />
        </Agent>
      </Catch>,
    ).result;
    expect(result.status).toBe("succeeded");
    expect(loads).toBe(3);
    expect(result.steps).toEqual({ s: "worked" });
    const catchNode = result.trace.children[0]!;
    expect(catchNode).toMatchObject({ kind: "catch", status: "succeeded", output: { attempts: 3 } });
    expect(catchNode.children.map((c) => c.status)).toEqual(["failed", "failed", "succeeded"]);
  });

  it("replaces it with the fallback when every try failed", async () => {
    const model = scripted([{ text: "sorry, the lookup failed" }]);
    const result = await run(
      <Agent model={model}>
        <Catch retry={1} fallback={(error) => <Step id="apologize" prompt={`Say this failed: ${error.message}`} />}>
          <Agent>
            <Tools from={failing()} />
            <Step id="lookup" prompt="p" />
          </Agent>
        </Catch>
      </Agent>,
    ).result;
    expect(result.status).toBe("succeeded");
    expect(result.steps).toEqual({ apologize: "sorry, the lookup failed" });
    expect(JSON.stringify(model.calls[0]!.prompt)).toContain("server down");
    expect(result.trace.children[0]!.children[0]).toMatchObject({ kind: "catch", output: { attempts: 2, fellBack: true } });
  });

  it("without a fallback, the last error fails the run", async () => {
    const result = await run(
      <Catch retry={1}>
        <Agent>
          <Tools from={failing("down")} />
        </Agent>
      </Catch>,
    ).result;
    expect(result.status).toBe("failed");
    expect(result.error!.code).toBe("JUNE_CAPABILITY_FAILED");
    expect(result.error!.message).toContain('<Tools from="down">');
  });

  it("a retry runs the steps inside again under the same ids", async () => {
    const model = scripted([{ text: "first" }, { text: JSON.stringify({ bad: true }) }, { text: "first again" }, { text: JSON.stringify({ n: 1 }) }]);
    const { Output } = await import("ai");
    const result = await run(
      <Agent model={model}>
        <Catch retry={1}>
          <Step id="a" prompt="p" />
          <Step id="b" prompt="p" output={Output.object({ schema: z.object({ n: z.number() }) })} />
        </Catch>
      </Agent>,
    ).result;
    expect(result.status).toBe("succeeded");
    expect(result.steps).toEqual({ a: "first again", b: { n: 1 } });
  });

  it("abort is not caught", async () => {
    const controller = new AbortController();
    controller.abort();
    const result = await run(
      <Catch retry={3} fallback={<Agent />}>
        <Agent model={scripted([{ text: "x" }])}>
          <Step id="s" prompt="p" />
        </Agent>
      </Catch>,
      { signal: controller.signal },
    ).result;
    expect(result.status).toBe("aborted");
  });
});
