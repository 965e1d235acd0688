// Spec: what `model.calls` keeps of each prompt — always equal to the prompt the call got, and a
// message equal to the previous call's at its place is kept as that one object (so a loop's
// record grows with its length, not its square); any difference keeps the new message.
import type { LanguageModelV4Message } from "@ai-sdk/provider";
import { describe, expect, it } from "vitest";
import { promptRecorder } from "./scripted-recorded-prompt.ts";

const input = { path: "a.ts" };
const output = { type: "json" as const, value: { ok: true } };
// Each call, the AI SDK builds the conversation anew: new message and part objects, the same values.
const conversation = (): LanguageModelV4Message[] => [
  { role: "system", content: "Be brief." },
  { role: "user", content: [{ type: "text", text: "Read a.ts" }] },
  { role: "assistant", content: [{ type: "tool-call", toolCallId: "c1", toolName: "read", input }] },
  { role: "tool", content: [{ type: "tool-result", toolCallId: "c1", toolName: "read", output }] },
];

describe("recording a loop's prompts", () => {
  it("keeps each call's prompt equal to what it got, sharing the messages the previous call had", () => {
    const record = promptRecorder();
    const first = conversation().slice(0, 2);
    const second = conversation();
    const a = record(first);
    const b = record(second);
    expect(a).toEqual(first);
    expect(b).toEqual(second);
    expect(b[0]).toBe(a[0]);
    expect(b[1]).toBe(a[1]);
    expect(b[2]).toBe(second[2]);
  });

  it("keeps a message that changed in any part's value, its role, or its parts' number", () => {
    const record = promptRecorder();
    const a = record(conversation());
    const changed = conversation();
    changed[1] = { role: "user", content: [{ type: "text", text: "Read b.ts" }] };
    changed[2] = { role: "assistant", content: [{ type: "tool-call", toolCallId: "c2", toolName: "read", input }] };
    changed[3] = { role: "tool", content: [] };
    const b = record(changed);
    expect(b).toEqual(changed);
    expect(b[0]).toBe(a[0]);
    for (const i of [1, 2, 3]) expect(b[i]).not.toBe(a[i]);
  });
});
