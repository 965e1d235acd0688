// What may move forever on the page. An animation that repeats while something runs draws a frame
// 60 times a second for as long as it runs: with 50 runs streaming, the pulsing status dots of the
// two run lists took a third of a core on a software-rendered page (docs/benchmarks.md, "Web host
// under load"), and blinking past five seconds is what WCAG 2.2.2 asks a page to let people stop.
// So a status pulses a few times as it appears; only these transient marks repeat.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const SRC = join(import.meta.dirname, "..");
/** The loading spinner (while a folder opens) and the caret at the end of text streaming in. */
const MAY_REPEAT = [".spinner", ".cursor"];

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? cssFiles(join(dir, entry.name)) : entry.name.endsWith(".css") ? [join(dir, entry.name)] : [],
  );
}

/** Each innermost rule's selector and the animations it declares. */
function animations(css: string): { selector: string; animation: string }[] {
  const rules = css.replace(/\/\*[\s\S]*?\*\//g, "").matchAll(/([^{}]+)\{([^{}]*)\}/g);
  return [...rules].flatMap(([, selector, body]) =>
    [...body!.matchAll(/(?:^|;)\s*animation(?:-iteration-count)?\s*:\s*([^;]+)/g)].map(([, animation]) => ({ selector: selector!.trim(), animation: animation!.trim() })),
  );
}

describe("the studio's styles", () => {
  const declared = cssFiles(SRC).flatMap((file) => animations(readFileSync(file, "utf8")).map((a) => ({ ...a, file: file.slice(SRC.length + 1) })));

  it("find the animations they declare", () => {
    expect(declared.some((a) => a.selector.includes(".status-dot") && a.animation.startsWith("pulse"))).toBe(true);
  });

  it("repeat an animation forever only on a transient mark", () => {
    const forever = declared.filter((a) => /\binfinite\b/.test(a.animation));
    expect(forever.filter((a) => !MAY_REPEAT.includes(a.selector))).toEqual([]);
  });
});
