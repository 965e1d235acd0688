// Ctrl-C: the first SIGINT aborts the run, the second exits at once.
import { describe, expect, it } from "vitest";
import { listenForInterrupts } from "./interrupts.ts";

describe("Ctrl-C", () => {
  it("the first SIGINT aborts, the second exits now", () => {
    const calls: string[] = [];
    const interrupts = listenForInterrupts({ abort: () => calls.push("abort"), exitNow: () => calls.push("exit") });
    try {
      process.emit("SIGINT");
      expect(calls).toEqual(["abort"]);
      process.emit("SIGINT");
      expect(calls).toEqual(["abort", "exit"]);
    } finally {
      interrupts.dispose();
    }
  });

  it("a Ctrl-C caught by the terminal prompt counts the same", () => {
    const calls: string[] = [];
    const interrupts = listenForInterrupts({ abort: () => calls.push("abort"), exitNow: () => calls.push("exit") });
    interrupts.interrupt();
    process.emit("SIGINT");
    interrupts.dispose();
    expect(calls).toEqual(["abort", "exit"]);
  });

  it("dispose stops listening", () => {
    const before = process.listenerCount("SIGINT");
    listenForInterrupts({ abort: () => {}, exitNow: () => {} }).dispose();
    expect(process.listenerCount("SIGINT")).toBe(before);
  });
});
