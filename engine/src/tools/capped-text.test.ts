import { describe, expect, it } from "vitest";
import { CappedText } from "./capped-text.ts";

describe("CappedText keeps text up to its limit and counts the rest", () => {
  it("keeps everything under the limit", () => {
    const text = new CappedText(10);
    text.append("abc");
    text.append("def");
    expect(text.text).toBe("abcdef");
    expect(text.dropped).toBe(0);
  });

  it("cuts the chunk that crosses the limit and drops later chunks whole", () => {
    const text = new CappedText(5);
    text.append("abc");
    text.append("defg");
    text.append("hij");
    expect(text.text).toBe("abcde");
    expect(text.dropped).toBe(5);
  });

  it("keeps exactly the limit when a chunk ends on it", () => {
    const text = new CappedText(3);
    text.append("abc");
    text.append("d");
    expect(text.text).toBe("abc");
    expect(text.dropped).toBe(1);
  });

  it("keeps nothing with a limit of 0", () => {
    const text = new CappedText(0);
    text.append("abc");
    expect(text.text).toBe("");
    expect(text.dropped).toBe(3);
  });
});
