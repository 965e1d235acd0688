// The renderer's boundaries, enforced: it never imports Electron or Node, the engine at run time
// only through its browser-safe entry (engine/src/trace/browser.ts: the trace's fold), and it
// reaches the contract only through src/contract/.
import { describe, expect, it } from "vitest";

// Vite reads the sources for us (?raw), so this test needs no Node API either.
const sources = import.meta.glob<string>(["../src/**/*.{ts,tsx}", "!../src/**/*.test.{ts,tsx}"], { query: "?raw", import: "default", eager: true });

/** Imports that survive compilation: `import type` and `export type` are erased. */
function runtimeImports(text: string): string[] {
  const statements = [...text.matchAll(/(?:^|\n)\s*(import|export)\s+(type\s)?[^;]*?from\s+"([^"]+)"/g)];
  const dynamic = [...text.matchAll(/import\(\s*"([^"]+)"\s*\)/g)].map((m) => m[1]!);
  return [...statements.filter((m) => !m[2]).map((m) => m[3]!), ...dynamic];
}

function allImports(text: string): string[] {
  return [...text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+"([^"]+)"/g)].map((m) => m[1]!);
}

describe("renderer boundaries", () => {
  const files = Object.entries(sources);

  it("finds the renderer's sources", () => {
    expect(files.length).toBeGreaterThan(30);
  });

  it("never imports electron or node:* (nor fs, path, child_process)", () => {
    const bad = files.flatMap(([file, text]) =>
      allImports(text)
        .filter((spec) => /^(electron|node:|fs$|path$|child_process$|os$)/.test(spec))
        .map((spec) => `${file} imports ${spec}`),
    );
    expect(bad).toEqual([]);
  });

  it("imports the engine at run time only through its browser-safe entry", () => {
    const bad = files.flatMap(([file, text]) =>
      runtimeImports(text)
        .filter((spec) => spec === "june" || spec.startsWith("june/") || (spec.includes("engine/") && !spec.endsWith("engine/src/trace/browser.ts")))
        .map((spec) => `${file} imports ${spec} at run time`),
    );
    expect(bad).toEqual([]);
  });

  it("reaches electron/ and the engine only through src/contract, the web bridge and src/trace (the fold)", () => {
    const allowed = new Set(["../src/contract/index.ts", "../src/contract/june-types.ts", "../src/bridge/web-bridge.ts", "../src/trace/index.ts"]);
    const bad = files.flatMap(([file, text]) =>
      allImports(text)
        .filter((spec) => spec.includes("electron/") || spec.includes("/engine/"))
        .filter(() => !allowed.has(file))
        .map((spec) => `${file} imports ${spec}`),
    );
    expect(bad).toEqual([]);
  });

  it("leaves no inline script in index.html (script-src 'self')", async () => {
    const html = (await import("../index.html?raw")).default;
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>/g)];
    expect(inline).toEqual([]);
  });
});
