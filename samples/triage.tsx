// Triage — the spec's "Wrappers" example: wrappers transform what they contain. Two tools are
// both called "search"; <Namespace> turns them into github_search and docs_search, so they don't
// collide. <RequireApproval> makes github_close ask you first, and only it. The issues and docs
// are real files: repo/issues.json and repo/docs/*.md (closing an issue here only pretends).
//
//   echo y | npm run june -- run samples/triage.tsx
import { readFile, readdir } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { tool } from "ai";
import { Agent, Namespace, RequireApproval, Step, Tool } from "june";
import { z } from "zod";
import { sampleModel, toolResults } from "./models.ts";

const REPO = fileURLToPath(new URL("./repo/", import.meta.url));

interface Issue {
  number: number;
  title: string;
  state: "open" | "closed";
  labels: string[];
  body: string;
}

const openIssues = async (): Promise<Issue[]> =>
  (JSON.parse(await readFile(join(REPO, "issues.json"), "utf8")) as Issue[]).filter((issue) => issue.state === "open");

/** How many words of the query (of three letters or more) the text holds. */
const score = (text: string, query: string) =>
  query.toLowerCase().split(/[^a-z0-9]+/).filter((word) => word.length > 2 && text.toLowerCase().includes(word)).length;

const searchIssues = tool({
  description: "Search the open GitHub issues (title, body and labels) for any word of the query",
  inputSchema: z.object({ query: z.string() }),
  execute: async ({ query }) => {
    const found = (await openIssues()).filter((i) => score(`${i.title} ${i.body} ${i.labels.join(" ")}`, query) > 0);
    if (found.length === 0) return `No open issues for "${query}".`;
    return found.map((i) => `#${i.number} [${i.labels.join(", ")}] ${i.title}\n${i.body}`).join("\n\n");
  },
});
const searchDocs = tool({
  description: "Search the docs; returns the paragraphs holding words of the query, best first",
  inputSchema: z.object({ query: z.string() }),
  execute: async ({ query }) => {
    const docs = join(REPO, "docs");
    const hits: { text: string; score: number }[] = [];
    for (const name of (await readdir(docs)).sort()) {
      // The first paragraph is the page's title.
      const paragraphs = (await readFile(join(docs, name), "utf8")).split(/\n\s*\n/).slice(1);
      hits.push(...paragraphs.map((p) => ({ text: `docs/${name}: ${p.trim()}`, score: score(p, query) })));
    }
    const found = hits.filter((hit) => hit.score > 0).sort((a, b) => b.score - a.score);
    return found.length ? found.map((hit) => hit.text).join("\n\n") : `Nothing in the docs for "${query}".`;
  },
});
const closeIssue = tool({
  description: "Close a GitHub issue",
  inputSchema: z.object({ number: z.number() }),
  execute: async ({ number }) => {
    const issue = (await openIssues()).find((i) => i.number === number);
    if (!issue) throw new Error(`there is no open issue #${number}`);
    return `closed #${number} (${issue.title})`;
  },
});

export default function Triage() {
  const model = sampleModel("gpt-5-mini", [
    {
      toolCalls: [
        { toolName: "github_search", input: { query: "question" } },
        { toolName: "docs_search", input: { query: "a different model for one agent" } },
      ],
    },
    (call) => {
      const [issues = "", docs = ""] = toolResults(call).map((r) => r.text);
      const answered = /#(\d+) \[[^\]]*\] (.*model.*)/i.exec(issues);
      const number = Number(answered?.[1] ?? 42);
      const doc = /^(docs\/[\w.-]+)/.exec(docs)?.[1] ?? "the docs";
      return { text: `Issue ${number} is answered by ${doc}; closing it.`, toolCalls: [{ toolName: "github_close", input: { number } }] };
    },
    (call) => {
      const outcome = toolResults(call).at(-1)?.text ?? "";
      return { text: outcome.startsWith("closed") ? `${outcome[0]!.toUpperCase()}${outcome.slice(1)}, which the docs already answer.` : `Left the issue open (${outcome}).` };
    },
  ]);
  return (
    <Agent model={model}>
      <Namespace name="github">
        <Tool name="search" value={searchIssues} />
        <RequireApproval>
          <Tool name="close" value={closeIssue} />
        </RequireApproval>
      </Namespace>
      <Namespace name="docs">
        <Tool name="search" value={searchDocs} />
      </Namespace>
      <Step id="triage" prompt="Close the issues the docs already answer" />
    </Agent>
  );
}
