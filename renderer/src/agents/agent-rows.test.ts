// The rows of Agents: every entry, and every agent file that failed to load, each with its
// problems; what the filter searches is built once per row.
import { describe, expect, it } from "vitest";
import type { Problem } from "../contract/index.ts";
import { agentRows } from "./agent-rows.ts";
import { markdownAgent, project, workflow } from "./render-agents.test-support.tsx";

const error = (file: string, entryId?: string, message = "june: it broke. Fix it."): Problem => ({
  severity: "error",
  code: "JUNE_TEST",
  message,
  file,
  ...(entryId !== undefined ? { entryId } : {}),
});

describe("rows of loaded entries", () => {
  it("keeps the loader's order with each file's path relative to the project and its folder", () => {
    const rows = agentRows(project([workflow("Release", "release.tsx"), markdownAgent("reviewer"), markdownAgent("writer", { dir: ".claude/agents/docs/writer" })]));
    expect(rows.map((r) => [r.name, r.path, r.folder, r.broken])).toEqual([
      ["Release", "release.tsx", "", false],
      ["reviewer", ".claude/agents/reviewer.md", ".claude/agents", false],
      ["writer", ".claude/agents/docs/writer/writer.md", ".claude/agents/docs/writer", false],
    ]);
  });

  it("puts a bundle (a folder with AGENT.md) in the folder that holds it", () => {
    const bundle = { ...markdownAgent("docs-writer"), file: "/project/.claude/agents/docs-writer/AGENT.md" };
    expect(agentRows(project([bundle]))[0]!.folder).toBe(".claude/agents");
  });

  it("counts an entry's errors and warnings by its id or its file, and keeps its first error", () => {
    const warning: Problem = { severity: "warning", code: "JUNE_UNKNOWN_KEY", message: "june: ignored.", file: "/project/.claude/agents/reviewer.md" };
    const first = error("/project/.claude/agents/reviewer.md", "markdown:reviewer", "june: first.");
    const rows = agentRows(project([markdownAgent("reviewer")], [warning, first, error("/project/.claude/agents/reviewer.md", "markdown:reviewer")]));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ errors: 2, warnings: 1, error: first });
  });

  it("keeps a workflow's problem in a module it imports on the workflow", () => {
    const rows = agentRows(project([workflow("Release", "release.tsx")], [error("/project/models.ts", "workflow:release.tsx")]));
    expect(rows.map((r) => [r.name, r.errors])).toEqual([["Release", 1]]);
  });

  it("searches name, description, path and tools in lower case", () => {
    const [row] = agentRows(project([markdownAgent("Reviewer", { description: "Finds Typos", tools: ["Grep"] })]));
    expect(row!.haystack).toContain("reviewer");
    expect(row!.haystack).toContain("finds typos");
    expect(row!.haystack).toContain(".claude/agents/reviewer.md");
    expect(row!.haystack).toContain("grep");
  });
});

describe("rows of agent files that failed to load", () => {
  it("lists a markdown file with broken frontmatter (a problem on its file, no entry) after the entries, named by its file", () => {
    const rows = agentRows(project([markdownAgent("reviewer")], [error("/project/.claude/agents/ops/broken-agent.md", undefined, "june: .claude/agents/ops/broken-agent.md:2: the frontmatter has no `description`.")]));
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({ id: "broken:/project/.claude/agents/ops/broken-agent.md", name: "broken-agent", kind: "markdown", broken: true, errors: 1, folder: ".claude/agents/ops" });
    expect(rows[1]!.error?.message).toContain("has no `description`");
  });

  it("lists a workflow that failed to import at the file its id names, even when the error is in a module it imports", () => {
    const rows = agentRows(project([], [error("/project/helpers/models.ts", "workflow:flows/deploy.tsx")]));
    expect(rows.map((r) => [r.name, r.kind, r.path, r.broken])).toEqual([["deploy", "workflow", "flows/deploy.tsx", true]]);
  });

  it("lists the second file of a duplicated agent name as broken, not on the agent that won", () => {
    const duplicate = error("/project/.claude/agents/other/reviewer.md", "markdown:reviewer");
    const rows = agentRows(project([markdownAgent("reviewer")], [duplicate]));
    expect(rows.map((r) => [r.path, r.errors, r.broken])).toEqual([
      [".claude/agents/reviewer.md", 0, false],
      [".claude/agents/other/reviewer.md", 1, true],
    ]);
  });

  it("names a broken file in a plugin's folder as the plugin's agent", () => {
    const rows = agentRows(project([markdownAgent("style", { plugin: "review-kit" })], [error("/project/plugins/review-kit/agents/security.md")]));
    expect(rows[1]).toMatchObject({ name: "review-kit:security", plugin: "review-kit", broken: true });
  });

  it("lists no row for a config file's or .mcp.json's problem, nor for a file with only warnings", () => {
    const rows = agentRows(
      project(
        [],
        [
          error("/project/june.config.ts"),
          error("/project/.mcp.json"),
          error("/project/README.md"),
          { severity: "warning", code: "JUNE_UNKNOWN_KEY", message: "june: ignored.", file: "/project/.claude/agents/x.md" },
        ],
      ),
    );
    expect(rows).toEqual([]);
  });
});
