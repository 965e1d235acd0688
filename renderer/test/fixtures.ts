// Real data for tests: the samples folder as the studio's snapshot (what inspect() drew, with
// paths under /project) and the engine's recorded runs (engine/src/cli/fixtures/*.events.jsonl).
// Read through Vite's ?raw imports, so tests need no Node APIs.
import releaseDenied from "../../engine/src/cli/fixtures/release-denied.events.jsonl?raw";
import report from "../../engine/src/cli/fixtures/report.events.jsonl?raw";
import type { Problem, ProjectSnapshot, TraceEvent } from "../src/contract/index.ts";
import project from "./fixtures/samples-project.json?raw";

export function samplesProject(problems: Problem[] = []): ProjectSnapshot {
  return { ...(JSON.parse(project) as ProjectSnapshot), problems };
}

/** A recorded run: `report` (a composite tool, streamed text) or `release-denied` (an approval denied). */
export function recordedEvents(name: "report" | "release-denied", runId?: string): TraceEvent[] {
  const text = name === "report" ? report : releaseDenied;
  return text
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as TraceEvent)
    .map((event) => (runId ? { ...event, runId } : event));
}

/** Two problems shaped as the loader reports them (the samples themselves load cleanly). */
export const someProblems: Problem[] = [
  {
    severity: "warning",
    code: "JUNE_UNKNOWN_KEY",
    message: 'june: .claude/agents/reviewer.md has an unknown frontmatter key "color"; it is ignored.',
    file: "/project/.claude/agents/reviewer.md",
    line: 5,
    column: 1,
    entryId: "markdown:reviewer",
  },
  {
    severity: "error",
    code: "JUNE_INHERIT_MISSING",
    message: 'june: <Inherit capabilities={["deploy"]}> names "deploy", but the enclosing <Agent> has no tool "deploy".',
    file: "/project/summarize.tsx",
    line: 32,
    column: 9,
    entryId: "workflow:summarize.tsx",
  },
];
