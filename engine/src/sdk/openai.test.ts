// `openai(...)` end to end: the official provider against a loopback server speaking the
// Responses API, and the lazy API key check in front of it.
import { APICallError, generateText, stepCountIs, streamText, tool } from "ai";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { startOpenAIServer } from "../../test/fixtures/openai-server.ts";
import type { OpenAIScriptEntry, OpenAIServer } from "../../test/fixtures/openai-server.ts";
import { isJuneError } from "../errors/index.ts";
import { openai } from "./openai.ts";

let server: OpenAIServer | undefined;

async function serve(script: OpenAIScriptEntry[]): Promise<OpenAIServer> {
  server = await startOpenAIServer(script);
  return server;
}

beforeEach(() => {
  vi.stubEnv("OPENAI_API_KEY", undefined);
  vi.stubEnv("OPENAI_BASE_URL", undefined);
});

afterEach(async () => {
  vi.unstubAllEnvs();
  await server?.close();
  server = undefined;
});

function weatherTool(cities: string[]) {
  return tool({
    description: "Weather for a city",
    inputSchema: z.object({ city: z.string() }),
    execute: async ({ city }) => {
      cities.push(city);
      return { city, sky: "sunny" };
    },
  });
}

describe("openai: API key", () => {
  it("creates the model without a key, keeping the provider's name and model id", () => {
    const model = openai("gpt-4.1");
    expect(model.provider).toBe("openai.responses");
    expect(model.modelId).toBe("gpt-4.1");
  });

  it("fails the first call with JUNE_MISSING_API_KEY naming OPENAI_API_KEY, before any request", async () => {
    const { url, requests } = await serve([{ text: "unreachable" }]);

    const failure = await generateText({ model: openai("gpt-4.1", { baseURL: url }), prompt: "Hi" }).catch(
      (error: unknown) => error,
    );

    expect(isJuneError(failure)).toBe(true);
    expect(failure).toMatchObject({ code: "JUNE_MISSING_API_KEY" });
    expect((failure as Error).message).toContain('openai("gpt-4.1")');
    expect((failure as Error).message).toContain("OPENAI_API_KEY is not set");
    expect((failure as Error).message).toContain("export OPENAI_API_KEY=");
    expect(requests).toHaveLength(0);
  });

  it("fails a stream the same way", async () => {
    const { url, requests } = await serve([{ text: "unreachable" }]);
    const result = streamText({ model: openai("gpt-4.1", { baseURL: url }), prompt: "Hi", onError: () => {} });

    const errors: unknown[] = [];
    for await (const part of result.fullStream) if (part.type === "error") errors.push(part.error);

    expect(errors).toEqual([expect.objectContaining({ code: "JUNE_MISSING_API_KEY" })]);
    expect(requests).toHaveLength(0);
  });

  it("reads OPENAI_API_KEY when called, so a key set after creating the model is used", async () => {
    const { url, requests } = await serve([{ text: "Hello." }]);
    const model = openai("gpt-4.1", { baseURL: url });
    vi.stubEnv("OPENAI_API_KEY", "sk-from-env");

    await generateText({ model, prompt: "Hi" });

    expect(requests[0]?.headers.authorization).toBe("Bearer sk-from-env");
  });

  it("prefers settings.apiKey over the environment", async () => {
    vi.stubEnv("OPENAI_API_KEY", "sk-from-env");
    const { url, requests } = await serve([{ text: "Hello." }]);

    await generateText({ model: openai("gpt-4.1", { baseURL: url, apiKey: "sk-from-settings" }), prompt: "Hi" });

    expect(requests[0]?.headers.authorization).toBe("Bearer sk-from-settings");
  });
});

describe("openai: against a Responses API server", () => {
  it("generates text and reports the server's usage on the result", async () => {
    const { url, requests } = await serve([
      { text: "Hello there.", usage: { input: 12, output: 3, cached: 2, reasoning: 1 } },
    ]);

    const result = await generateText({ model: openai("gpt-4.1", { baseURL: url, apiKey: "sk-test" }), prompt: "Hi" });

    expect(result.text).toBe("Hello there.");
    expect(requests[0]).toMatchObject({ method: "POST", path: "/v1/responses", body: { model: "gpt-4.1" } });
    expect(result.usage).toMatchObject({
      inputTokens: 12,
      inputTokenDetails: { cacheReadTokens: 2, noCacheTokens: 10 },
      outputTokens: 3,
      outputTokenDetails: { reasoningTokens: 1 },
      totalTokens: 15,
    });
  });

  it("streams text in several deltas", async () => {
    const { url, requests } = await serve([{ text: "One two three four.", usage: { input: 7, output: 4 } }]);

    const result = streamText({ model: openai("gpt-4.1", { baseURL: url, apiKey: "sk-test" }), prompt: "Count" });
    const deltas: string[] = [];
    for await (const delta of result.textStream) deltas.push(delta);

    expect(deltas).toEqual(["One ", "two ", "three ", "four."]);
    expect(requests[0]?.body.stream).toBe(true);
    expect(await result.usage).toMatchObject({ inputTokens: 7, outputTokens: 4, totalTokens: 11 });
    expect(await result.finishReason).toBe("stop");
  });

  it("runs a tool round trip with generateText, sending the tool result back", async () => {
    const cities: string[] = [];
    const { url, requests } = await serve([
      { toolCalls: [{ name: "weather", arguments: { city: "Oslo" } }], usage: { input: 20, output: 5 } },
      { text: "Sunny in Oslo.", usage: { input: 30, output: 4 } },
    ]);

    const result = await generateText({
      model: openai("gpt-4.1", { baseURL: url, apiKey: "sk-test" }),
      tools: { weather: weatherTool(cities) },
      prompt: "Weather in Oslo?",
      stopWhen: stepCountIs(3),
    });

    expect(cities).toEqual(["Oslo"]);
    expect(result.text).toBe("Sunny in Oslo.");
    expect(result.steps.map((step) => step.finishReason)).toEqual(["tool-calls", "stop"]);
    expect(requests[0]?.body.tools).toEqual([expect.objectContaining({ type: "function", name: "weather" })]);
    const output = requests[1]?.body.input?.find((item) => item.type === "function_call_output");
    expect(output).toMatchObject({ call_id: "call_1_0" });
    expect(JSON.parse(String(output?.output))).toEqual({ city: "Oslo", sky: "sunny" });
    expect(result.usage).toMatchObject({ inputTokens: 50, outputTokens: 9, totalTokens: 59 });
  });

  it("runs a tool round trip with streamText", async () => {
    const cities: string[] = [];
    const { url, requests } = await serve([
      { toolCalls: [{ name: "weather", arguments: { city: "Bergen" } }] },
      { text: "Rainy in Bergen." },
    ]);

    const result = streamText({
      model: openai("gpt-4.1", { baseURL: url, apiKey: "sk-test" }),
      tools: { weather: weatherTool(cities) },
      prompt: "Weather in Bergen?",
      stopWhen: stepCountIs(3),
    });

    expect(await result.text).toBe("Rainy in Bergen.");
    expect(cities).toEqual(["Bergen"]);
    expect(requests).toHaveLength(2);
    expect(requests[1]?.body.input?.some((item) => item.type === "function_call_output")).toBe(true);
  });

  it("retries a 429 and succeeds on the second request", async () => {
    const { url, requests } = await serve([
      { status: 429, message: "Rate limit reached for gpt-4.1", type: "rate_limit_error" },
      { text: "Made it." },
    ]);

    const result = await generateText({ model: openai("gpt-4.1", { baseURL: url, apiKey: "sk-test" }), prompt: "Hi" });

    expect(result.text).toBe("Made it.");
    expect(requests).toHaveLength(2);
  });

  it("fails a 401 with the server's message and status, without retrying", async () => {
    const { url, requests } = await serve([
      { status: 401, message: "Incorrect API key provided: sk-wrong.", code: "invalid_api_key" },
    ]);

    const failure = await generateText({
      model: openai("gpt-4.1", { baseURL: url, apiKey: "sk-wrong" }),
      prompt: "Hi",
    }).catch((error: unknown) => error);

    expect(APICallError.isInstance(failure)).toBe(true);
    expect(failure).toMatchObject({ statusCode: 401, message: "Incorrect API key provided: sk-wrong." });
    expect(requests).toHaveLength(1);
  });
});
