// The scripted model through the real AI SDK: what it records, what it answers, how it streams,
// how it counts usage, and how it fails.
import { generateText, stepCountIs, streamText, tool } from "ai";
import type { ModelMessage } from "ai";
import type {
  JSONObject,
  LanguageModelV4CallOptions,
  LanguageModelV4Prompt,
  LanguageModelV4StreamPart,
} from "@ai-sdk/provider";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { isJuneError } from "../errors/index.ts";
import { scripted } from "./scripted.ts";

function weatherTool(log: string[] = []) {
  return tool({
    description: "Weather for a city",
    inputSchema: z.object({ city: z.string() }),
    execute: async ({ city }) => {
      log.push(city);
      return { city, sky: "sunny" };
    },
  });
}

const clockTool = tool({
  description: "The time",
  inputSchema: z.object({}),
  execute: async () => "noon",
});

async function readAll(stream: ReadableStream<LanguageModelV4StreamPart>): Promise<LanguageModelV4StreamPart[]> {
  const parts: LanguageModelV4StreamPart[] = [];
  for await (const part of stream) parts.push(part);
  return parts;
}

function callOptions(overrides: Partial<LanguageModelV4CallOptions> = {}): LanguageModelV4CallOptions {
  return { prompt: [{ role: "user", content: [{ type: "text", text: "Hi there" }] }], ...overrides };
}

function toolResults(prompt: ModelMessage[]) {
  return prompt.flatMap((message) =>
    message.role === "tool" ? message.content.filter((part) => part.type === "tool-result") : [],
  );
}

describe("scripted: a real AI SDK model", () => {
  it("identifies itself as a v4 model of provider june.scripted", () => {
    const model = scripted([], { modelId: "planner" });
    expect(model.specificationVersion).toBe("v4");
    expect(model.provider).toBe("june.scripted");
    expect(model.modelId).toBe("planner");
    expect(model.supportedUrls).toEqual({});
    expect(scripted([]).modelId).toBe("scripted");
  });
});

describe("scripted: recording calls", () => {
  it("records the offered tool names sorted, and the tool result reaching the next call's prompt", async () => {
    const cities: string[] = [];
    const model = scripted([
      { toolCalls: [{ toolName: "weather", input: { city: "Oslo" } }] },
      { text: "It is sunny in Oslo." },
    ]);

    const result = await generateText({
      model,
      tools: { weather: weatherTool(cities), clock: clockTool },
      instructions: "You are terse.",
      prompt: "Weather in Oslo?",
      stopWhen: stepCountIs(5),
    });

    expect(result.text).toBe("It is sunny in Oslo.");
    expect(cities).toEqual(["Oslo"]);
    expect(model.calls).toHaveLength(2);
    expect(model.calls[0]?.tools).toEqual(["clock", "weather"]);
    expect(model.calls[1]?.tools).toEqual(["clock", "weather"]);
    expect(model.calls[0]?.prompt).toEqual([
      { role: "system", content: "You are terse." },
      { role: "user", content: [{ type: "text", text: "Weather in Oslo?" }] },
    ]);
    expect(toolResults(model.calls[1]?.prompt ?? [])).toEqual([
      expect.objectContaining({
        toolCallId: "call_0_0",
        toolName: "weather",
        output: { type: "json", value: { city: "Oslo", sky: "sunny" } },
      }),
    ]);
  });

  it("records no tools as an empty list", async () => {
    const model = scripted([{ text: "Hello." }]);
    await generateText({ model, prompt: "Hi" });
    expect(model.calls[0]?.tools).toEqual([]);
  });

  it("gives function entries the call, so a response can depend on the prompt", async () => {
    const model = scripted([
      { toolCalls: [{ toolName: "weather", input: { city: "Bergen" } }] },
      (call, index) => {
        const [result] = toolResults(call.prompt);
        const output = result?.output.type === "json" ? JSON.stringify(result.output.value) : "nothing";
        return { text: `call ${index} saw ${output}` };
      },
    ]);

    const result = await generateText({
      model,
      tools: { weather: weatherTool() },
      prompt: "Weather?",
      stopWhen: stepCountIs(3),
    });

    expect(result.text).toBe('call 1 saw {"city":"Bergen","sky":"sunny"}');
  });
});

describe("scripted: responses", () => {
  it("sends tool calls with ids call_<call>_<position> and JSON inputs, text first", async () => {
    const model = scripted([
      {
        text: "Checking both.",
        toolCalls: [
          { toolName: "weather", input: { city: "Oslo" } },
          { toolName: "clock" },
        ],
      },
    ]);

    const result = await model.doGenerate(callOptions());

    expect(result.content).toEqual([
      { type: "text", text: "Checking both." },
      { type: "tool-call", toolCallId: "call_0_0", toolName: "weather", input: '{"city":"Oslo"}' },
      { type: "tool-call", toolCallId: "call_0_1", toolName: "clock", input: "{}" },
    ]);
    expect(result.finishReason).toEqual({ unified: "tool-calls", raw: "tool_calls" });
  });

  it("finishes with stop when it calls no tools, and puts reasoning before the text", async () => {
    const model = scripted([{ reasoning: "The user greets me.", text: "Hello!" }]);

    const result = await model.doGenerate(callOptions());

    expect(result.content).toEqual([
      { type: "reasoning", text: "The user greets me." },
      { type: "text", text: "Hello!" },
    ]);
    expect(result.finishReason).toEqual({ unified: "stop", raw: "stop" });
  });
});

describe("scripted: usage", () => {
  it("defaults to word counts: prompt words in, response words (text, tool input, reasoning) out", async () => {
    const model = scripted([
      { toolCalls: [{ toolName: "weather", input: { city: "Oslo" } }] },
      { reasoning: "Sunny it is", text: "It is sunny." },
    ]);

    const result = await generateText({
      model,
      tools: { weather: weatherTool() },
      prompt: "What is the weather in Oslo?",
      stopWhen: stepCountIs(3),
    });

    // Call 1 reads the 6 prompt words and writes {"city":"Oslo"} (2 words).
    expect(result.steps[0]?.usage).toMatchObject({ inputTokens: 6, outputTokens: 2 });
    // Call 2 also reads the tool call input (2) and the result {"city":"Oslo","sky":"sunny"} (4),
    // and writes 3 words of text after 3 words of reasoning.
    expect(result.steps[1]?.usage).toMatchObject({
      inputTokens: 12,
      outputTokens: 6,
      outputTokenDetails: { textTokens: 3, reasoningTokens: 3 },
    });
    expect(result.usage).toMatchObject({ inputTokens: 18, outputTokens: 8, totalTokens: 26 });
  });

  it("uses stated usage and sums it over the steps on the result", async () => {
    const model = scripted([
      { toolCalls: [{ toolName: "clock" }], usage: { inputTokens: 100, outputTokens: 10 } },
      { text: "Noon.", usage: { inputTokens: 200, outputTokens: 20, reasoningTokens: 5, cachedInputTokens: 150 } },
    ]);

    const result = await generateText({ model, tools: { clock: clockTool }, prompt: "Time?", stopWhen: stepCountIs(3) });

    expect(result.usage).toMatchObject({
      inputTokens: 300,
      inputTokenDetails: { noCacheTokens: 150, cacheReadTokens: 150, cacheWriteTokens: 0 },
      outputTokens: 30,
      outputTokenDetails: { textTokens: 25, reasoningTokens: 5 },
      totalTokens: 330,
    });
  });

  it("never reports zero tokens for an empty response", async () => {
    const result = await scripted([{ text: "" }]).doGenerate(callOptions());
    expect(result.usage.inputTokens.total).toBe(2);
    expect(result.usage.outputTokens.total).toBe(1);
  });
});

describe("scripted: usage over a long loop", () => {
  it("reports for every call the input tokens a fresh model counts on the same prompt", async () => {
    const turns = 60;
    const responses = Array.from({ length: turns }, (_, k) => ({
      text: `Turn ${k}: checking.`,
      toolCalls: [{ toolName: "weather", input: { city: `City ${k}` } }],
    }));
    const model = scripted([...responses, { text: "All sunny." }]);

    const result = await generateText({
      model,
      tools: { weather: weatherTool() },
      instructions: "You are terse.",
      prompt: "Weather everywhere?",
      stopWhen: stepCountIs(turns + 1),
    });

    expect(result.steps).toHaveLength(turns + 1);
    const fresh = await Promise.all(
      model.calls.map(async (call) => {
        const { usage } = await scripted([{ text: "" }]).doGenerate({ prompt: call.prompt as LanguageModelV4Prompt });
        return usage.inputTokens.total;
      }),
    );
    expect(result.steps.map((step) => step.usage.inputTokens)).toEqual(fresh);
  });

  it("serializes each tool input and tool result once, however many later calls carry it", async () => {
    // The AI SDK rebuilds the prompt's messages and parts on every call of a loop but passes the
    // same tool-call input and tool-result output objects; `toJSON` notes each time one is
    // serialized. Two conversations share the model, as parallel agents may, their calls alternating.
    const serialized: string[] = [];
    const watched = (name: string, value: JSONObject): JSONObject =>
      Object.defineProperty({ ...value }, "toJSON", {
        value: () => {
          serialized.push(name);
          return value;
        },
      });
    const turns = 40;
    const conversation = (name: string, question: string) => {
      const inputs = Array.from({ length: turns }, (_, i) => watched(`${name} input ${i}`, { city: `City ${i}` }));
      const outputs = Array.from({ length: turns }, (_, i) => ({ type: "json" as const, value: watched(`${name} result ${i}`, { sky: "sunny" }) }));
      return (k: number): LanguageModelV4Prompt => [
        { role: "user", content: [{ type: "text", text: question }] },
        ...inputs.slice(0, k).flatMap((input, i): LanguageModelV4Prompt => [
          { role: "assistant", content: [{ type: "tool-call", toolCallId: `call_${i}_0`, toolName: "weather", input }] },
          { role: "tool", content: [{ type: "tool-result", toolCallId: `call_${i}_0`, toolName: "weather", output: outputs[i]! }] },
        ]),
      ];
    };
    const south = conversation("south", "Weather everywhere?");
    const north = conversation("north", "Weather up north?");
    const model = scripted(() => ({ text: "Noted." }));

    const inputTokens: (number | undefined)[][] = [];
    for (let k = 0; k <= turns; k++) {
      const inSouth = await model.doGenerate(callOptions({ prompt: south(k) }));
      const inNorth = await model.doGenerate(callOptions({ prompt: north(k) }));
      inputTokens.push([inSouth.usage.inputTokens.total, inNorth.usage.inputTokens.total]);
    }

    // The question (2 or 3 words), then per earlier turn {"city":"City i"} (3) and {"sky":"sunny"} (2).
    expect(inputTokens).toEqual(Array.from({ length: turns + 1 }, (_, k) => [2 + 5 * k, 3 + 5 * k]));
    expect(serialized).toHaveLength(4 * turns);
    expect(new Set(serialized)).toHaveProperty("size", 4 * turns);
  });

  it("counts a message the caller changed between calls afresh", async () => {
    const model = scripted(() => ({ text: "Noted." }));
    const prompt: LanguageModelV4Prompt = [{ role: "user", content: [{ type: "text", text: "One two" }] }];
    const first = await model.doGenerate(callOptions({ prompt }));

    prompt[0] = { role: "user", content: [{ type: "text", text: "One two three four" }] };
    prompt.push({ role: "assistant", content: [{ type: "text", text: "Five" }] });
    const second = await model.doGenerate(callOptions({ prompt }));

    expect([first.usage.inputTokens.total, second.usage.inputTokens.total]).toEqual([2, 5]);
  });
});

describe("scripted: streaming", () => {
  it("streams text in several word-sized deltas and runs the tool loop", async () => {
    const cities: string[] = [];
    const model = scripted([
      { toolCalls: [{ toolName: "weather", input: { city: "Oslo" } }] },
      { text: "It is sunny in Oslo today." },
    ]);

    const result = streamText({
      model,
      tools: { weather: weatherTool(cities) },
      prompt: "Weather in Oslo?",
      stopWhen: stepCountIs(3),
    });
    const deltas: string[] = [];
    for await (const delta of result.textStream) deltas.push(delta);

    expect(deltas).toEqual(["It ", "is ", "sunny ", "in ", "Oslo ", "today."]);
    expect(cities).toEqual(["Oslo"]);
    expect(await result.finishReason).toBe("stop");
    expect(model.calls.map((call) => call.tools)).toEqual([["weather"], ["weather"]]);
    expect((await result.steps).map((step) => step.finishReason)).toEqual(["tool-calls", "stop"]);
  });

  it("sends the parts a provider sends, in order", async () => {
    const model = scripted([
      {
        reasoning: "Think hard",
        text: "Hi you",
        toolCalls: [{ toolName: "clock" }],
        usage: { inputTokens: 4, outputTokens: 6, reasoningTokens: 2 },
      },
    ]);

    const { stream } = await model.doStream(callOptions());
    const parts = await readAll(stream);

    expect(parts).toEqual([
      { type: "stream-start", warnings: [] },
      { type: "response-metadata", id: "scripted-0", modelId: "scripted" },
      { type: "reasoning-start", id: "reasoning-0" },
      { type: "reasoning-delta", id: "reasoning-0", delta: "Think " },
      { type: "reasoning-delta", id: "reasoning-0", delta: "hard" },
      { type: "reasoning-end", id: "reasoning-0" },
      { type: "text-start", id: "text-0" },
      { type: "text-delta", id: "text-0", delta: "Hi " },
      { type: "text-delta", id: "text-0", delta: "you" },
      { type: "text-end", id: "text-0" },
      { type: "tool-input-start", id: "call_0_0", toolName: "clock" },
      { type: "tool-input-delta", id: "call_0_0", delta: "{}" },
      { type: "tool-input-end", id: "call_0_0" },
      { type: "tool-call", toolCallId: "call_0_0", toolName: "clock", input: "{}" },
      {
        type: "finish",
        usage: {
          inputTokens: { total: 4, noCache: 4, cacheRead: 0, cacheWrite: 0 },
          outputTokens: { total: 6, text: 4, reasoning: 2 },
        },
        finishReason: { unified: "tool-calls", raw: "tool_calls" },
      },
    ]);
  });
});

describe("scripted: running out of responses", () => {
  it("fails with JUNE_SCRIPT_EXHAUSTED naming the model, the count and the call number", async () => {
    const model = scripted([{ toolCalls: [{ toolName: "clock" }] }], { modelId: "planner" });

    const failure = await generateText({
      model,
      tools: { clock: clockTool },
      prompt: "Time?",
      stopWhen: stepCountIs(5),
    }).catch((error: unknown) => error);

    expect(isJuneError(failure)).toBe(true);
    expect(failure).toMatchObject({ code: "JUNE_SCRIPT_EXHAUSTED" });
    expect((failure as Error).message).toContain('scripted model "planner"');
    expect((failure as Error).message).toContain("it has 1 response,");
    expect((failure as Error).message).toContain("call 2 asked for one more");
    expect(model.calls).toHaveLength(2);
  });

  it("fails a stream the same way", async () => {
    const model = scripted([]);
    await expect(model.doStream(callOptions())).rejects.toMatchObject({
      code: "JUNE_SCRIPT_EXHAUSTED",
      message: expect.stringContaining("it has 0 responses, and call 1 asked for one more"),
    });
  });
});

describe("scripted: approvals", () => {
  function deleteTool(deleted: string[]) {
    return tool({
      description: "Delete a file",
      inputSchema: z.object({ path: z.string() }),
      needsApproval: true,
      execute: async ({ path }) => {
        deleted.push(path);
        return `deleted ${path}`;
      },
    });
  }

  it("stops for approval, then runs the approved tool and continues", async () => {
    const deleted: string[] = [];
    const model = scripted([
      { toolCalls: [{ toolName: "delete", input: { path: "old.txt" } }] },
      { text: "Deleted it." },
    ]);
    const tools = { delete: deleteTool(deleted) };
    const messages: ModelMessage[] = [{ role: "user", content: "Delete old.txt" }];

    const first = await generateText({ model, tools, messages, stopWhen: stepCountIs(5) });

    expect(first.finishReason).toBe("tool-calls");
    expect(deleted).toEqual([]);
    const request = first.content.find((part) => part.type === "tool-approval-request");
    expect(request?.toolCall).toMatchObject({ toolCallId: "call_0_0", toolName: "delete", input: { path: "old.txt" } });

    const second = await generateText({
      model,
      tools,
      messages: [
        ...messages,
        ...first.response.messages,
        { role: "tool", content: [{ type: "tool-approval-response", approvalId: request?.approvalId ?? "", approved: true }] },
      ],
      stopWhen: stepCountIs(5),
    });

    expect(deleted).toEqual(["old.txt"]);
    expect(second.text).toBe("Deleted it.");
    expect(model.calls).toHaveLength(2);
    expect(toolResults(model.calls[1]?.prompt ?? [])).toEqual([
      expect.objectContaining({ toolCallId: "call_0_0", output: { type: "text", value: "deleted old.txt" } }),
    ]);
  });

  it("sends a denial to the model as the tool's denied result, without running the tool", async () => {
    const deleted: string[] = [];
    const model = scripted([
      { toolCalls: [{ toolName: "delete", input: { path: "old.txt" } }] },
      { text: "Kept it." },
    ]);
    const tools = { delete: deleteTool(deleted) };
    const messages: ModelMessage[] = [{ role: "user", content: "Delete old.txt" }];
    const first = await generateText({ model, tools, messages, stopWhen: stepCountIs(5) });
    const request = first.content.find((part) => part.type === "tool-approval-request");

    await generateText({
      model,
      tools,
      messages: [
        ...messages,
        ...first.response.messages,
        {
          role: "tool",
          content: [{ type: "tool-approval-response", approvalId: request?.approvalId ?? "", approved: false, reason: "keep it" }],
        },
      ],
      stopWhen: stepCountIs(5),
    });

    expect(deleted).toEqual([]);
    expect(toolResults(model.calls[1]?.prompt ?? [])).toEqual([
      expect.objectContaining({ toolCallId: "call_0_0", output: { type: "execution-denied", reason: "keep it" } }),
    ]);
  });
});

describe("scripted: abort", () => {
  it("rejects an already aborted call with an AbortError and consumes no response", async () => {
    const controller = new AbortController();
    controller.abort();
    const model = scripted([{ text: "never" }]);

    await expect(model.doGenerate(callOptions({ abortSignal: controller.signal }))).rejects.toMatchObject({
      name: "AbortError",
    });
    expect(model.calls).toHaveLength(0);
  });

  it("rejects a call whose response is still pending when the signal aborts", async () => {
    const controller = new AbortController();
    const model = scripted([
      () => {
        controller.abort("user pressed Stop");
        return new Promise<never>(() => {});
      },
    ]);

    const failure = await model.doGenerate(callOptions({ abortSignal: controller.signal })).catch((error: unknown) => error);

    expect(failure).toMatchObject({ name: "AbortError", cause: "user pressed Stop" });
    expect((failure as Error).message).toContain('scripted model "scripted", call 1 was aborted: user pressed Stop');
  });

  it("errors a stream at the first read after the signal aborts", async () => {
    const controller = new AbortController();
    const model = scripted([{ text: "one two three four" }]);
    const { stream } = await model.doStream(callOptions({ abortSignal: controller.signal }));
    const reader = stream.getReader();

    expect((await reader.read()).value?.type).toBe("stream-start");
    controller.abort();

    await expect(reader.read()).rejects.toMatchObject({ name: "AbortError" });
  });

  it("ends generateText with an AbortError when aborted", async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      generateText({ model: scripted([{ text: "never" }]), prompt: "Hi", abortSignal: controller.signal }),
    ).rejects.toMatchObject({ name: "AbortError" });
  });
});

describe("scripted: a responder function", () => {
  it("answers every call from the call it gets, and never runs out", async () => {
    const model = scripted((call, index) => ({ text: `call ${index} saw ${call.prompt.length} messages` }));
    for (let i = 0; i < 3; i++) {
      const result = await generateText({ model, prompt: "hi" });
      expect(result.text).toBe(`call ${i} saw 1 messages`);
    }
    expect(model.calls).toHaveLength(3);
  });
});
