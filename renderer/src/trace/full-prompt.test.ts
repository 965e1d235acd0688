// A model call's whole prompt from the trace, which stores only each call's new messages.
import { describe, expect, it } from "vitest";
import { recordedEvents } from "../../test/fixtures.ts";
import { buildRunTrace } from "../trace/index.ts";
import { fullPrompt } from "./full-prompt.ts";

const tree = buildRunTrace(recordedEvents("report"));
const messagesOf = (id: string) => (tree.nodes.get(id)!.input as { messages: unknown[] }).messages;

describe("fullPrompt", () => {
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
