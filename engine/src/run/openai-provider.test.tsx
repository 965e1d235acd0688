// The real provider path through run(): @ai-sdk/openai against a loopback server on 127.0.0.1
// speaking the OpenAI Responses API — streaming, tool calls, usage, a 429 then success, a 401
// with a clear error. Nothing below the provider package is replaced.
import { afterEach, describe, expect, it } from "vitest";
import { tool } from "ai";
import { z } from "zod";
import { Agent, Step, Tool, run, type TraceEvent } from "june";
import { openai } from "june/sdk/openai";
import { startOpenAIServer, type OpenAIServer } from "../../test/fixtures/openai-server.ts";

let server: OpenAIServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function weather(cities: string[]) {
  return tool({
    description: "Weather for a city",
    inputSchema: z.object({ city: z.string() }),
    execute: async ({ city }) => (cities.push(city), { city, sky: "sunny" }),
  });
}

describe("run() on @ai-sdk/openai over loopback", () => {
  it("streams text, runs a tool call round trip and records the provider's usage", async () => {
    server = await startOpenAIServer([
      { toolCalls: [{ name: "weather", arguments: { city: "Oslo" } }], usage: { input: 40, output: 8, cached: 16 } },
      { text: "It is sunny in Oslo today.", usage: { input: 60, output: 9, reasoning: 3 } },
    ]);
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    const cities: string[] = [];
    const handle = run(
      <Agent model={openai("gpt-5-mini", { baseURL: server.url, apiKey: "sk-test" })}>
        <Tool name="weather" value={weather(cities)} />
        <Step id="forecast" prompt="What's the weather in Oslo?" />
      </Agent>,
    );
    const deltas: string[] = [];
    for await (const e of handle.events) if (e.type === "node-update" && e.textDelta) deltas.push(e.textDelta);
    const result = await handle.result;
    expect(result.status).toBe("succeeded");
    expect(result.output).toBe("It is sunny in Oslo today.");
    expect(cities).toEqual(["Oslo"]);
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join("")).toBe("It is sunny in Oslo today.");
    expect(result.usage).toEqual({ inputTokens: 100, outputTokens: 17, reasoningTokens: 3, cachedInputTokens: 16, totalTokens: 117 });
    expect(server.requests).toHaveLength(2);
    expect(server.requests[0]!.body.stream).toBe(true);
    expect(JSON.stringify(server.requests[0]!.body.tools)).toContain("weather");
    expect(JSON.stringify(server.requests[1]!.body.input)).toContain("sunny");
    const step = result.trace.children[0]!.children[0]!;
    expect(step.children.map((c) => `${c.kind}:${c.name}`)).toEqual(["model-call:gpt-5-mini", "tool-call:weather", "model-call:gpt-5-mini"]);
  });

  it("a 429 is retried by the SDK and the run succeeds", async () => {
    server = await startOpenAIServer([{ status: 429, message: "Rate limit reached", type: "rate_limit_error" }, { text: "Made it." }]);
    const result = await run(
      <Agent model={openai("gpt-5-mini", { baseURL: server.url, apiKey: "sk-test" })}>
        <Step id="s" prompt="Hi" />
      </Agent>,
    ).result;
    expect(result.status).toBe("succeeded");
    expect(result.output).toBe("Made it.");
    expect(server.requests).toHaveLength(2);
  });

  it("a 401 fails the run with a clear error naming the status, the server's message, the step and the agent", async () => {
    server = await startOpenAIServer([{ status: 401, message: "Incorrect API key provided: sk-wrong.", code: "invalid_api_key" }]);
    const events: TraceEvent[] = [];
    const result = await run(
      <Agent name="greeter" model={openai("gpt-5-mini", { baseURL: server.url, apiKey: "sk-wrong" })}>
        <Step id="hello" prompt="Hi" />
      </Agent>,
      { onEvent: (e) => events.push(e) },
    ).result;
    expect(result.status).toBe("failed");
    expect(result.error!.code).toBe("JUNE_MODEL_FAILED");
    expect(result.error!.message).toContain("HTTP 401");
    expect(result.error!.message).toContain("Incorrect API key provided");
    expect(result.error!.message).toContain('<Step id="hello">');
    expect(result.error!.message).toContain('<Agent> "greeter"');
    expect(server.requests).toHaveLength(1);
  });

  it.each([
    { status: 500, message: "The server had an error while processing your request.", type: "server_error" },
    { status: 429, message: "Rate limit reached for gpt-5-mini.", type: "rate_limit_error" },
    { status: 503, message: "The engine is currently overloaded.", type: "server_error" },
  ])("an HTTP $status on every retry fails the run as JUNE_MODEL_FAILED with the status and the provider's message", async (reply) => {
    server = await startOpenAIServer([reply, reply, reply]);
    const result = await run(
      <Agent name="greeter" model={openai("gpt-5-mini", { baseURL: server.url, apiKey: "sk-test" })}>
        <Step id="hello" prompt="Hi" />
      </Agent>,
    ).result;
    expect(server.requests).toHaveLength(3);
    expect(result.status).toBe("failed");
    expect(result.error!.code).toBe("JUNE_MODEL_FAILED");
    expect(result.error!.message).toContain(`HTTP ${reply.status}`);
    expect(result.error!.message).toContain(reply.message);
    expect(result.error!.message).toContain("after 3 attempts");
    expect(result.error!.message).toContain('<Step id="hello">');
    const model = result.trace.children[0]!.children[0]!.children[0]!;
    expect(model.kind).toBe("model-call");
    expect(model.error!.code).toBe("JUNE_MODEL_FAILED");
  });

  it("stream: false keeps the code too", async () => {
    const reply = { status: 500, message: "Upstream failure.", type: "server_error" };
    server = await startOpenAIServer([reply, reply, reply]);
    const result = await run(
      <Agent model={openai("gpt-5-mini", { baseURL: server.url, apiKey: "sk-test" })}>
        <Step id="s" prompt="Hi" />
      </Agent>,
      { stream: false },
    ).result;
    expect(result.error!.code).toBe("JUNE_MODEL_FAILED");
    expect(result.error!.message).toContain("HTTP 500");
    expect(result.error!.message).toContain("Upstream failure.");
  });

  it("a missing key fails before any request, naming the variable", async () => {
    server = await startOpenAIServer([{ text: "never" }]);
    const saved = process.env.OPENAI_API_KEY;
    delete process.env.OPENAI_API_KEY;
    try {
      const result = await run(
        <Agent model={openai("gpt-5-mini", { baseURL: server.url })}>
          <Step id="s" prompt="Hi" />
        </Agent>,
      ).result;
      expect(result.error!.code).toBe("JUNE_MISSING_API_KEY");
      expect(result.error!.message).toContain("OPENAI_API_KEY");
      expect(server.requests).toHaveLength(0);
    } finally {
      if (saved !== undefined) process.env.OPENAI_API_KEY = saved;
    }
  });
});
