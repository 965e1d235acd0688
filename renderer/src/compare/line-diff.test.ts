// Inside a changed text, the lines that differ are marked; the lines both sides share are not.
import { describe, expect, it } from "vitest";
import { lineDiff } from "./line-diff.ts";

const marked = (lines: Array<{ text: string; changed: boolean }>) => lines.filter((l) => l.changed).map((l) => l.text);

describe("lineDiff", () => {
  it("marks a changed line on both sides", () => {
    const { left, right } = lineDiff("user: hi\nassistant: ok\ntool: done", "user: hi\nassistant: fine\ntool: done");
    expect(marked(left)).toEqual(["assistant: ok"]);
    expect(marked(right)).toEqual(["assistant: fine"]);
  });

  it("marks lines only one side has", () => {
    const { left, right } = lineDiff("a\nc", "a\nb\nc\nd");
    expect(marked(left)).toEqual([]);
    expect(marked(right)).toEqual(["b", "d"]);
  });

  it("marks nothing in equal texts", () => {
    const { left, right } = lineDiff("same\ntext", "same\ntext");
    expect([...marked(left), ...marked(right)]).toEqual([]);
  });
});
