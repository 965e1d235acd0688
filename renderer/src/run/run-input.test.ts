import { describe, expect, it } from "vitest";
import { examplePrompt, parseRunInput } from "./run-input.ts";

describe("parseRunInput", () => {
  it("takes a workflow's props as a JSON object; an empty box is {}", () => {
    expect(parseRunInput("workflow", '{"topic":"Suspense"}')).toEqual({ ok: true, value: { topic: "Suspense" } });
    expect(parseRunInput("workflow", "  ")).toEqual({ ok: true, value: {} });
  });

  it("says what is wrong with JSON that doesn't parse", () => {
    const parsed = parseRunInput("workflow", "{topic: 1}");
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.message).toMatch(/not valid JSON .*JSON object/);
  });

  it("refuses JSON that is not an object", () => {
    expect(parseRunInput("workflow", "[1]")).toEqual({ ok: false, message: expect.stringContaining("not an array") });
    expect(parseRunInput("workflow", "null")).toEqual({ ok: false, message: expect.stringContaining("not null") });
  });

  it("takes a markdown agent's prompt as text and needs one", () => {
    expect(parseRunInput("markdown", " add a changelog entry ")).toEqual({ ok: true, value: "add a changelog entry" });
    expect(parseRunInput("markdown", "")).toEqual({ ok: false, message: expect.stringContaining("Type a prompt") });
  });

  it("finds the example in a markdown agent's description", () => {
    expect(examplePrompt('Writes docs. Example: "add a changelog entry for the fix"')).toBe("add a changelog entry for the fix");
  });
});
