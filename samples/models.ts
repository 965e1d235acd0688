// The samples' models: a real OpenAI model when OPENAI_API_KEY is set, else June's offline
// `scripted` model playing the sample's script, so every sample runs with no key and no network.
// Call sampleModel inside the component: each render (each run, each inspect) then gets a fresh
// scripted model, while one made at module load would run out of responses after the first run.
// A script plays by conversation, like a real model: the answer to a call is the script's entry
// for the number of answers the step's conversation already holds. So a run the studio replays,
// forks or resumes — whose earlier calls come from its record and never reach this model — gets
// the answer that fits where the conversation is, not the script's first one again.
import type { LanguageModel, ModelMessage } from "ai";
import { openai } from "june/sdk/openai";
import { scripted, type ScriptedCall, type ScriptedEntry, type ScriptedResponder } from "june/sdk/scripted";

/**
 * `openai(id)` when OPENAI_API_KEY is set; otherwise `scripted(script)` reporting `id` as its model.
 *
 * @example
 * function Release() {
 *   const model = sampleModel("gpt-5-mini", [{ toolCalls: [{ toolName: "readFile", input: { path: "CHANGELOG.md" } }] }, { text: "Done." }]);
 *   return <Agent model={model}>…</Agent>;
 * }
 */
export function sampleModel(id: string, script: ScriptedEntry[] | ScriptedResponder): LanguageModel {
  if (process.env.OPENAI_API_KEY?.trim()) return openai(id);
  return scripted(typeof script === "function" ? script : conversation(id, script), { modelId: id });
}

/**
 * A responder that answers each call with the script's entry for the step's turn (the number of
 * answers its conversation already holds).
 *
 * @example
 * const outer = conversation("gpt-5-mini", [{ toolCalls: [{ toolName: "readFile", input: { path: "a.md" } }] }, { text: "Read it." }]);
 */
export function conversation(id: string, script: readonly ScriptedEntry[]): ScriptedResponder {
  return (call) => {
    const turn = call.prompt.filter((message) => message.role === "assistant").length;
    const entry = script[turn];
    if (entry === undefined) {
      throw new Error(`samples: the script of ${id} has ${script.length} answers; turn ${turn + 1} of "${userPrompt(call)}" asked for one more.`);
    }
    return typeof entry === "function" ? entry(call, turn) : entry;
  };
}

/** One tool result the model has been sent: the call's tool and input, and its output as text. */
export interface SeenResult {
  toolName: string;
  input: unknown;
  text: string;
}

/**
 * Every tool result in the call's prompt, oldest first, with the input it was called with: what a
 * scripted response reads to answer about the data the tools really returned.
 *
 * @example
 * (call) => ({ text: `Read ${toolResults(call).length} files.` })
 */
export function toolResults(call: ScriptedCall): SeenResult[] {
  const inputs = new Map<string, unknown>();
  const seen: SeenResult[] = [];
  for (const message of call.prompt as ModelMessage[]) {
    if (message.role === "assistant" && typeof message.content !== "string") {
      for (const part of message.content) if (part.type === "tool-call") inputs.set(part.toolCallId, part.input);
    }
    if (message.role === "tool") {
      for (const part of message.content) {
        if (part.type === "tool-result") seen.push({ toolName: part.toolName, input: inputs.get(part.toolCallId), text: outputText(part.output) });
      }
    }
  }
  return seen;
}

/** The text of the newest tool result in the prompt ("" when there is none). */
export function lastToolResult(call: ScriptedCall): string {
  return toolResults(call).at(-1)?.text ?? "";
}

/** The user's prompt of the call (the step's prompt). */
export function userPrompt(call: ScriptedCall): string {
  const user = call.prompt.find((message) => message.role === "user");
  if (!user) return "";
  return typeof user.content === "string" ? user.content : user.content.map((part) => (part.type === "text" ? part.text : "")).join("");
}

// Tool outputs reach the model as text, JSON, an error, content parts (MCP tools) or a denial.
function outputText(output: unknown): string {
  const o = output as { type?: string; value?: unknown; reason?: string };
  switch (o?.type) {
    case "execution-denied":
      return `denied${o.reason ? `: ${o.reason}` : ""}`;
    case "text":
    case "error-text":
      return String(o.value);
    case "json":
    case "error-json":
      return JSON.stringify(o.value);
    case "content":
      return (o.value as { type: string; text?: string }[]).map((part) => part.text ?? "").join("\n");
    default:
      return JSON.stringify(output);
  }
}
