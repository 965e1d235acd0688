// What `model.calls` keeps of each call's prompt. A tool loop sends the whole conversation on
// every call, and the AI SDK builds new message objects for it each time: keeping each call's
// copy made a 100-turn loop hold every earlier message once per later call (≈6 KB per trace node
// at a 100,000-node run's midpoint, all of it the stand-in's, none of it June's). A message equal
// to the one the previous call recorded at its place (same role, the same parts holding the same
// values) is kept as that one, so a loop's record grows with its length, not with its square.
import type { LanguageModelV4Message, LanguageModelV4Prompt } from "@ai-sdk/provider";

/**
 * Records prompts, sharing each message that equals the previous record's at the same index.
 *
 * @example
 * const record = promptRecorder();
 * record(call1.prompt); record(call2.prompt); // call 2's first messages are call 1's objects
 */
export function promptRecorder(): (prompt: LanguageModelV4Prompt) => LanguageModelV4Message[] {
  let previous: readonly LanguageModelV4Message[] = [];
  return (prompt) => {
    const recorded = prompt.map((message, i) => {
      const before = previous[i];
      return before !== undefined && sameMessage(before, message) ? before : message;
    });
    previous = recorded;
    return recorded;
  };
}

function sameMessage(a: LanguageModelV4Message, b: LanguageModelV4Message): boolean {
  if (a.role !== b.role || !sameShallow(a, b, "content")) return false;
  if (typeof a.content === "string" || typeof b.content === "string") return a.content === b.content;
  if (a.content.length !== b.content.length) return false;
  for (let i = 0; i < a.content.length; i++) if (!sameShallow(a.content[i] as object, b.content[i] as object)) return false;
  return true;
}

/** The same own keys with the same values (===), `except` one compared by the caller. */
function sameShallow(a: object, b: object, except?: string): boolean {
  const keysA = Object.keys(a);
  if (keysA.length !== Object.keys(b).length) return false;
  for (const key of keysA) {
    if (key === except) continue;
    if ((a as Record<string, unknown>)[key] !== (b as Record<string, unknown>)[key]) return false;
  }
  return true;
}
