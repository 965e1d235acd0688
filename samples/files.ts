// The file tools the samples share, Node's own instead of the spec's Bun.file/Bun.write. Paths
// are relative to the samples folder; absolute paths and `..` are refused, so a model can't reach
// outside it. Writes land in samples/.june/sandbox/ (git-ignored) and reads see them first, so a
// run never edits your checkout: delete that folder to start over.
import { mkdir, readFile as readText, writeFile as writeText } from "node:fs/promises";
import { dirname, isAbsolute, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import { tool } from "ai";
import { z } from "zod";

/** The samples folder (every sample sits at its top level, so this is each sample's own folder). */
export const SAMPLES = fileURLToPath(new URL(".", import.meta.url));
const SANDBOX = join(SAMPLES, ".june", "sandbox");

/**
 * `path` made safe: relative to the samples folder, never leaving it.
 *
 * @example
 * inSamples("repo/src/slugify.ts"); // "repo/src/slugify.ts"
 * inSamples("../package.json"); // throws
 */
export function inSamples(path: string): string {
  const clean = normalize(path.trim()).replace(/^\.\/+/, "");
  if (isAbsolute(clean) || clean.split(/[\\/]/).includes("..") || clean === "" || clean === ".") {
    throw new Error(`"${path}" is not a file in the samples folder: give a path relative to it, without "..", e.g. "CHANGELOG.md".`);
  }
  return clean;
}

export const readFile = tool({
  description: "Read a file of the samples folder; the path is relative to it (e.g. CHANGELOG.md, repo/package.json)",
  inputSchema: z.object({ path: z.string() }),
  execute: async ({ path }) => {
    const file = inSamples(path);
    // The sandbox holds what this sample wrote; fall back to the file as checked in.
    for (const base of [SANDBOX, SAMPLES]) {
      try {
        return await readText(join(base, file), "utf8");
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      }
    }
    throw new Error(`there is no file "${file}" in the samples folder.`);
  },
});

export const writeFile = tool({
  description: "Write a file of the samples folder (relative path); the sample keeps it in .june/sandbox/ so your checkout is untouched",
  inputSchema: z.object({ path: z.string(), text: z.string() }),
  execute: async ({ path, text }) => {
    const target = join(SANDBOX, inSamples(path));
    await mkdir(dirname(target), { recursive: true });
    await writeText(target, text, "utf8");
    return "ok";
  },
});
