// A model call's prompt, delta-encoded: each call records the messages new since the step's
// previous call, and the whole prompt is read back from the step's calls in order.
import { describe, expect, it } from "vitest";
import { buildRunTrace } from "./fold.ts";
import type { PromptMessage } from "./payloads.ts";
import { decodePrompt, encodePrompt, fullPrompt, promptAtStop } from "./prompt-delta.ts";
import { recordedEvents } from "./recorded.test-support.ts";


const say = (role: PromptMessage["role"], text: string): PromptMessage => ({ role, content: [{ type: "text", text }] });
const user = say("user", "Deploy it");
const assistant = say("assistant", "Deploying");
const tool = say("tool", "deployed");
const done = say("assistant", "Done");

describe("encodePrompt", () => {
  it("records the messages from the offset on, and the offset", () => {
    expect(encodePrompt([user, assistant, tool], 1)).toEqual({ messageOffset: 1, messages: [assistant, tool] });
  });

  it("records the whole prompt at offset 0", () => {
    expect(encodePrompt([user], 0)).toEqual({ messageOffset: 0, messages: [user] });
  });
});

describe("decodePrompt", () => {
  it("gives back each call's whole prompt from the calls before it", () => {
    const prompts = [[user], [user, assistant, tool], [user, assistant, tool, done, user]];
    const deltas = [encodePrompt(prompts[0]!, 0), encodePrompt(prompts[1]!, 1), encodePrompt(prompts[2]!, 3)];
    let prompt: PromptMessage[] = [];
    const decoded = deltas.map((delta) => (prompt = decodePrompt(prompt, delta)));
    expect(decoded).toEqual(prompts);
  });

  it("starts over at offset 0 (a prompt that is not the previous one grown is recorded whole)", () => {
    expect(decodePrompt([user, assistant, tool], { messageOffset: 0, messages: [done] })).toEqual([done]);
  });

  it("goes on from the whole prompt before when a record has no offset, and adds nothing without messages", () => {
    expect(decodePrompt([user], { messages: [assistant] })).toEqual([user, assistant]);
    expect(decodePrompt([user, assistant], { messageOffset: 1 })).toEqual([user]);
    expect(decodePrompt([user], undefined)).toEqual([user]);
  });
});

describe("fullPrompt", () => {
  const tree = buildRunTrace(recordedEvents("report"));
  const messagesOf = (id: string) => {
    const node = tree.nodes.get(id)!;
    return node.kind === "model-call" ? node.input!.messages : [];
  };

  it("is the call's own messages for a step's first call", () => {
    expect(fullPrompt(tree.nodes, "n4")).toEqual(messagesOf("n4"));
  });

  it("puts the step's earlier calls' messages before a later call's new ones", () => {
    expect(fullPrompt(tree.nodes, "n12")).toEqual([...messagesOf("n4"), ...messagesOf("n12")]);
    expect(fullPrompt(tree.nodes, "n11")).toEqual([...messagesOf("n9"), ...messagesOf("n11")]);
    expect(fullPrompt(tree.nodes, "n12")).toHaveLength(3);
  });

  it("is empty for anything but a model call", () => {
    expect(fullPrompt(tree.nodes, "n5")).toEqual([]);
    expect(fullPrompt(tree.nodes, "nope")).toEqual([]);
  });
});

describe("promptAtStop", () => {
  const tree = buildRunTrace(recordedEvents("release-denied"));

  it("is the step's calls so far, then the stop's own messages from its offset", () => {
    const stopped = promptAtStop(tree.nodes, "n3", { messageOffset: 3, messages: [done] });
    expect(stopped).toEqual([...fullPrompt(tree.nodes, "n6"), done]);
    expect(stopped).toHaveLength(4);
  });

  it("is the stop's messages alone before a step's first call", () => {
    expect(promptAtStop(tree.nodes, "nope", { messageOffset: 0, messages: [user] })).toEqual([user]);
  });
});
