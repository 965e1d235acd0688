// A run that keeps raw provider bodies (onModelExchange) gets each model call's request and
// response beside its node, by reference, never in the trace; a run without a keeper takes none.
// Through run() on a scripted model (whose bodies say they are stand-ins) and on @ai-sdk/openai
// over a loopback server (what the provider really sent).
import { afterEach, describe, expect, it } from "vitest";
import { Agent, Step, Tool, run, type TraceEvent } from "june";
import { openai } from "june/sdk/openai";
import { tool } from "ai";
import { z } from "zod";
import { scripted } from "../../sdk/scripted.ts";
import { ExchangeRecorder, type ModelExchange } from "../../trace/index.ts";
import { startOpenAIServer, type OpenAIServer } from "../../../test/fixtures/openai-server.ts";

let server: OpenAIServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const search = tool({ description: "Search", inputSchema: z.object({ query: z.string() }), execute: async ({ query }) => `hits for ${query}` });

function workflow(model: Parameters<typeof Agent>[0]["model"]) {
  return (
    <Agent model={model}>
      <Tool name="search" value={search} />
      <Step id="find" prompt="Find June" />
    </Agent>
  );
}

const script = () => scripted([{ toolCalls: [{ toolName: "search", input: { query: "june" } }] }, { text: "June is a framework." }]);

async function runKeeping(stream: boolean, model = script()) {
  const exchanges: ModelExchange[] = [];
  const events: TraceEvent[] = [];
  // Calls whose node had ended when their bodies were kept.
  const keptAfterEnd: string[] = [];
  const onModelExchange = (e: ModelExchange) => {
    if (events.some((event) => event.type === "node-end" && event.nodeId === e.nodeId)) keptAfterEnd.push(e.nodeId);
    exchanges.push(e);
  };
  const result = await run(workflow(model), { stream, onModelExchange, onEvent: (e) => events.push(e) }).result;
  const calls = events.flatMap((e) => (e.type === "node-start" && e.node.kind === "model-call" ? [e.node.id] : []));
  return { result, exchanges, events, calls, keptAfterEnd };
}

describe("a generated call's bodies", () => {
  it("go to the keeper with the call's node, before the node ends; a scripted model's say they are stand-ins", async () => {
    const { result, exchanges, calls, keptAfterEnd } = await runKeeping(false);
    expect(result.status).toBe("succeeded");
    expect(exchanges.map((e) => e.nodeId)).toEqual(calls);
    const [first, second] = exchanges;
    expect(first!.request).toMatchObject({ "june.scripted": expect.stringContaining("no provider was called"), model: "scripted" });
    expect((first!.request as { prompt: unknown[] }).prompt).toHaveLength(1);
    expect((second!.request as { prompt: unknown[] }).prompt).toHaveLength(3);
    expect(second!.response).toMatchObject({ "june.scripted": expect.stringContaining("stand-in"), finishReason: "stop", content: [{ type: "text", text: "June is a framework." }] });
    expect(first!.streamed).toBeUndefined();
    expect(keptAfterEnd).toEqual([]);
  });
});

describe("a streamed call's bodies", () => {
  it("go to the keeper as the stream starts: the request, marked streamed, no response body", async () => {
    const { exchanges, calls } = await runKeeping(true);
    expect(exchanges.map((e) => e.nodeId)).toEqual(calls);
    expect(exchanges.every((e) => e.streamed === true && e.response === undefined)).toBe(true);
    expect(exchanges[1]!.request).toMatchObject({ model: "scripted", tools: [expect.objectContaining({ name: "search" })] });
  });
});

describe("the trace never holds the bodies", () => {
  it("no event carries them: the events are the same with a keeper and without one", async () => {
    const kept = await runKeeping(false);
    const events: TraceEvent[] = [];
    await run(workflow(script()), { stream: false, onEvent: (e) => events.push(e) }).result;
    const plain = (list: TraceEvent[]) => JSON.stringify(list.map(({ time: _t, runId: _r, ...rest }) => rest));
    expect(plain(kept.events)).toBe(plain(events));
    expect(JSON.stringify(kept.events)).not.toContain("no provider was called");
  });
});

describe("a keeper that throws", () => {
  it("costs a warning, not the call", async () => {
    const warnings: string[] = [];
    const result = await run(workflow(script()), {
      stream: false,
      onModelExchange: () => {
        throw new Error("disk full");
      },
      warn: (m) => warnings.push(m),
    }).result;
    expect(result.status).toBe("succeeded");
    expect(warnings[0]).toContain("disk full");
  });
});

describe("a real provider's bodies (@ai-sdk/openai over loopback)", () => {
  it("are what it sent and got, and the recorder writes them down capped", async () => {
    server = await startOpenAIServer([{ toolCalls: [{ name: "search", arguments: { query: "june" } }] }, { text: "June is a framework." }]);
    const model = openai("gpt-5-mini", { baseURL: server.url, apiKey: "sk-secret-test" });
    const { exchanges } = await runKeeping(false, model as never);
    expect(exchanges).toHaveLength(2);
    // The request body is the provider's own, as the server received it.
    expect(exchanges[1]!.request).toEqual(server.requests[1]!.body);
    expect(JSON.stringify(exchanges[1]!.response)).toContain("June is a framework.");
    const recorded = new ExchangeRecorder({ bodyCap: 100 }).record(exchanges[1]!);
    expect(recorded.request).toMatchObject({ format: "json", truncated: true });
    expect(JSON.stringify(recorded)).not.toContain("sk-secret-test");
  });

  it("a streamed call's request is the one the server got (the provider reports it without its stream flag)", async () => {
    server = await startOpenAIServer([{ text: "Streamed." }]);
    const model = openai("gpt-5-mini", { baseURL: server.url, apiKey: "sk-test" });
    const { exchanges } = await runKeeping(true, model as never);
    expect(exchanges).toHaveLength(1);
    const { stream, ...sent } = server.requests[0]!.body as { stream?: boolean };
    expect(stream).toBe(true);
    expect(exchanges[0]).toMatchObject({ streamed: true, request: sent });
    expect(exchanges[0]!.response).toBeUndefined();
  });

  it("a failed call's are the provider's error: what was sent and the error body", async () => {
    server = await startOpenAIServer([{ status: 400, message: "Bad input.", type: "invalid_request_error" }]);
    const model = openai("gpt-5-mini", { baseURL: server.url, apiKey: "sk-test" });
    const { result, exchanges } = await runKeeping(false, model as never);
    expect(result.status).toBe("failed");
    expect(exchanges).toHaveLength(1);
    expect(exchanges[0]).toMatchObject({ failed: true, request: server.requests[0]!.body });
    expect(exchanges[0]!.response).toContain("Bad input.");
  });
});
