// `openaiCompatible(...)` against a loopback Chat Completions server: no key needed by default,
// a named key variable required when given.
import { generateText, stepCountIs, streamText, tool } from "ai";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { startOpenAIServer } from "../../test/fixtures/openai-server.ts";
import type { OpenAIScriptEntry, OpenAIServer } from "../../test/fixtures/openai-server.ts";
import { openaiCompatible } from "./openai-compatible.ts";

let server: OpenAIServer | undefined;

async function serve(script: OpenAIScriptEntry[]): Promise<OpenAIServer> {
  server = await startOpenAIServer(script);
  return server;
}

beforeEach(() => {
  vi.stubEnv("LOCAL_LLM_KEY", undefined);
});

afterEach(async () => {
  vi.unstubAllEnvs();
  await server?.close();
  server = undefined;
});

describe("openaiCompatible: a local server without a key", () => {
  it("reports the given name as the provider and the model id", () => {
    const model = openaiCompatible({ baseURL: "http://127.0.0.1:11434/v1", model: "llama3.2", name: "ollama" });
    expect(model.provider).toBe("ollama.chat");
    expect(model.modelId).toBe("llama3.2");
    expect(openaiCompatible({ baseURL: "http://127.0.0.1:1/v1", model: "m" }).provider).toBe("openai-compatible.chat");
  });

  it("streams text from Chat Completions with usage, sending no Authorization header", async () => {
    const { url, requests } = await serve([{ text: "Local models are fun.", usage: { input: 9, output: 5 } }]);

    const result = streamText({ model: openaiCompatible({ baseURL: url, model: "llama3.2" }), prompt: "Hi" });
    const deltas: string[] = [];
    for await (const delta of result.textStream) deltas.push(delta);

    expect(deltas.join("")).toBe("Local models are fun.");
    expect(deltas.length).toBeGreaterThan(1);
    expect(requests[0]).toMatchObject({ path: "/v1/chat/completions", body: { model: "llama3.2", stream: true } });
    expect(requests[0]?.headers.authorization).toBeUndefined();
    expect(await result.usage).toMatchObject({ inputTokens: 9, outputTokens: 5, totalTokens: 14 });
  });

  it("runs a tool round trip, sending the tool result back as a tool message", async () => {
    const seen: string[] = [];
    const { url, requests } = await serve([
      { toolCalls: [{ name: "lookup", arguments: { term: "june" } }] },
      { text: "June is a month." },
    ]);
    const lookup = tool({
      description: "Look a term up",
      inputSchema: z.object({ term: z.string() }),
      execute: async ({ term }) => {
        seen.push(term);
        return `${term}: a month`;
      },
    });

    const result = await generateText({
      model: openaiCompatible({ baseURL: url, model: "llama3.2" }),
      tools: { lookup },
      prompt: "What is june?",
      stopWhen: stepCountIs(3),
    });

    expect(seen).toEqual(["june"]);
    expect(result.text).toBe("June is a month.");
    expect(requests[1]?.body.messages).toContainEqual(
      expect.objectContaining({ role: "tool", tool_call_id: "call_1_0", content: "june: a month" }),
    );
  });
});

describe("openaiCompatible: apiKeyEnv", () => {
  it("fails the first call with JUNE_MISSING_API_KEY naming the variable, before any request", async () => {
    const { url, requests } = await serve([{ text: "unreachable" }]);

    const failure = await generateText({
      model: openaiCompatible({ baseURL: url, model: "llama3.2", apiKeyEnv: "LOCAL_LLM_KEY" }),
      prompt: "Hi",
    }).catch((error: unknown) => error);

    expect(failure).toMatchObject({ code: "JUNE_MISSING_API_KEY" });
    expect((failure as Error).message).toContain("LOCAL_LLM_KEY is not set");
    expect((failure as Error).message).toContain('openaiCompatible({ model: "llama3.2" })');
    expect(requests).toHaveLength(0);
  });

  it("sends the variable's value as a bearer token once it is set", async () => {
    const { url, requests } = await serve([{ text: "Hi." }]);
    const model = openaiCompatible({ baseURL: url, model: "llama3.2", apiKeyEnv: "LOCAL_LLM_KEY" });
    vi.stubEnv("LOCAL_LLM_KEY", "local-secret");

    await generateText({ model, prompt: "Hi" });

    expect(requests[0]?.headers.authorization).toBe("Bearer local-secret");
  });

  it("uses settings.apiKey without needing the variable", async () => {
    const { url, requests } = await serve([{ text: "Hi." }]);

    await generateText({
      model: openaiCompatible({ baseURL: url, model: "llama3.2", apiKeyEnv: "LOCAL_LLM_KEY", apiKey: "given" }),
      prompt: "Hi",
    });

    expect(requests[0]?.headers.authorization).toBe("Bearer given");
  });
});
