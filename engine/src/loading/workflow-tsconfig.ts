// The tsconfig a workflow is compiled with: the user's own (for `paths`, `baseUrl`, decorators…)
// with June's JSX forced on top. esbuild lets a tsconfig's `jsx`/`jsxImportSource` override its
// build options, so a folder set up for React would otherwise turn `<Agent>` into React elements.
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import type { TsconfigRaw } from "esbuild";

const CONFIG_NAMES = ["tsconfig.json", "jsconfig.json"];

/**
 * The nearest tsconfig.json (or jsconfig.json) at or above `dir`, as esbuild would find it.
 *
 * @example
 * nearestTsconfig("/home/me/flows/src"); // "/home/me/flows/tsconfig.json"
 */
export function nearestTsconfig(dir: string): string | undefined {
  for (let current = dir; ; current = dirname(current)) {
    for (const name of CONFIG_NAMES) {
      const candidate = join(current, name);
      if (existsSync(candidate)) return candidate;
    }
    if (dirname(current) === current) return undefined;
  }
}

/**
 * The config to hand esbuild as `tsconfigRaw`: extends the user's nearest config when there is
 * one, and always compiles JSX with June's dev runtime.
 *
 * @example
 * workflowTsconfig("/home/me/flows");
 * // { extends: "/home/me/flows/tsconfig.json", compilerOptions: { jsx: "react-jsxdev", jsxImportSource: "june" } }
 */
export function workflowTsconfig(dir: string): TsconfigRaw & { extends?: string } {
  const userConfig = nearestTsconfig(dir);
  return {
    ...(userConfig ? { extends: userConfig } : {}),
    compilerOptions: { jsx: "react-jsxdev", jsxImportSource: "june" },
  };
}
