// Where the embedded engine lives: the file URL of every `june` entry point (read from the
// engine's own package.json "exports", so a new entry needs no change here) and the
// node_modules folders a workflow falls back to for packages its own folder doesn't have.
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

/** The engine package's root folder (the one holding its package.json). */
export const ENGINE_ROOT = resolve(fileURLToPath(new URL("../../", import.meta.url)));

const SCRIPT = /\.(?:[cm]?[jt]s|[jt]sx)$/;

/**
 * Every importable `june` specifier mapped to the absolute `file://` URL of its source file.
 *
 * @example
 * const entries = await juneEntryUrls();
 * entries.get("june"); // "file:///…/engine/src/index.ts"
 * entries.get("june/jsx-dev-runtime"); // "file:///…/engine/src/jsx/jsx-dev-runtime.ts"
 */
export async function juneEntryUrls(engineRoot: string = ENGINE_ROOT): Promise<Map<string, string>> {
  const manifest = JSON.parse(await readFile(join(engineRoot, "package.json"), "utf8")) as {
    name?: string;
    exports?: Record<string, unknown>;
  };
  const name = manifest.name ?? "june";
  const entries = new Map<string, string>();
  for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
    const file = exportTarget(target);
    // Only code entries: a workflow has no business importing the engine's package.json.
    if (file === undefined || !SCRIPT.test(file) || subpath.includes("*")) continue;
    const specifier = subpath === "." ? name : `${name}/${subpath.replace(/^\.\//, "")}`;
    entries.set(specifier, pathToFileURL(join(engineRoot, file)).href);
  }
  return entries;
}

/** A string target, or the ESM branch of a conditional one (`{ import, default }`). */
function exportTarget(target: unknown): string | undefined {
  if (typeof target === "string") return target;
  if (typeof target !== "object" || target === null) return undefined;
  const conditions = target as Record<string, unknown>;
  for (const key of ["import", "node", "default"]) {
    const found = exportTarget(conditions[key]);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * The node_modules folders Node itself would search from the engine (its own, then each parent's),
 * so a workflow can use `ai`, `zod` and `@ai-sdk/*` without installing them next to itself.
 *
 * @example
 * studioNodeModules(); // ["/…/engine/node_modules", "/…/node_modules"]
 */
export function studioNodeModules(engineRoot: string = ENGINE_ROOT): string[] {
  const found: string[] = [];
  for (let dir = engineRoot; ; dir = dirname(dir)) {
    const candidate = join(dir, "node_modules");
    if (existsSync(candidate)) found.push(candidate);
    if (dirname(dir) === dir) return found;
  }
}
