// "Search the web", offline: the pages in samples/web/ stand in for the web, so the research
// samples search real text and a real model gets real results to cite.
import { readFile, readdir } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { tool } from "ai";
import { z } from "zod";

const WEB = fileURLToPath(new URL("./web/", import.meta.url));

export const searchWeb = tool({
  description: "Search the web; returns the best matching pages with their address and the paragraphs that match",
  inputSchema: z.object({ query: z.string() }),
  execute: async ({ query }) => {
    const words = query.toLowerCase().split(/[^a-z0-9]+/).filter((word) => word.length > 2);
    const pages = await Promise.all(
      (await readdir(WEB)).filter((name) => name.endsWith(".md")).sort().map(async (name) => ({ name, text: await readFile(join(WEB, name), "utf8") })),
    );
    const hits = pages
      .map(({ name, text }) => {
        const [title = name, ...rest] = text.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean);
        const paragraphs = rest.filter((p) => words.some((word) => p.toLowerCase().includes(word)));
        const score = words.filter((word) => text.toLowerCase().includes(word)).length;
        return { url: `https://example.org/${name.replace(/\.md$/, "")}`, title: title.replace(/^#\s*/, ""), paragraphs, score };
      })
      .filter((page) => page.score > 0)
      .sort((a, b) => b.score - a.score)
      .slice(0, 3);
    if (hits.length === 0) return `No results for "${query}".`;
    return hits.map((page) => `${page.title} (${page.url})\n${page.paragraphs.slice(0, 2).join("\n\n")}`).join("\n\n---\n\n");
  },
});

/**
 * The first paragraph of the best page in searchWeb's results, for scripted answers.
 *
 * @example
 * topFinding(await searchWeb.execute({ query: "suspense" }, options)); // "Suspense lets a component tell React…"
 */
export function topFinding(results: string): string {
  const [, first = results] = results.split("\n");
  return first.trim();
}
