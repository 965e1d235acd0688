// What an editor printed, as it goes into an error message: its last lines, readable.
import { describe, expect, it } from "vitest";
import { tail } from "./start-editor.ts";

describe("tail", () => {
  it("drops terminal escapes and carriage returns, and keeps the last lines on one line", () => {
    expect(tail("\x1b[?1049h\x1b[22;0;0tVim: Warning: Output is not to a terminal\r\n\x1b]0;title\x07Vim: Warning: Input is not from a terminal\r\n")).toBe(
      "Vim: Warning: Output is not to a terminal / Vim: Warning: Input is not from a terminal",
    );
  });

  it("keeps at most six lines and six hundred characters, the newest", () => {
    const lines = Array.from({ length: 10 }, (_, i) => `line ${i}`).join("\n");
    expect(tail(lines)).toBe("line 4 / line 5 / line 6 / line 7 / line 8 / line 9");
    const long = tail(`${"x".repeat(2000)}\nthe end`);
    expect(long.length).toBeLessThanOrEqual(601);
    expect(long.endsWith("the end")).toBe(true);
  });

  it("is empty for no output", () => {
    expect(tail("\n  \r\n")).toBe("");
  });
});
