// Filtering, sorting and grouping Agents' rows.
import { describe, expect, it } from "vitest";
import { agentRows } from "./agent-rows.ts";
import { filterRows, queryTerms } from "./filter-rows.ts";
import { filterGroups, groupRows, navItems, rowLabel, sortRows } from "./group-rows.ts";
import { markdownAgent, project, workflow } from "./render-agents.test-support.tsx";

const rows = agentRows(
  project([
    workflow("Triage", "triage.tsx", ["github_search"]),
    markdownAgent("agent-10", { dir: ".claude/agents/ops" }),
    markdownAgent("security", { plugin: "review-kit", description: "Finds secrets" }),
    markdownAgent("agent-2", { dir: ".claude/agents/ops" }),
    markdownAgent("Reviewer", { description: "Reviews pull requests", tools: ["Read", "Grep"] }),
    markdownAgent("editor", { plugin: "docs-kit" }),
    workflow("Article", "flows/article.tsx"),
  ]),
);
const names = (list: readonly { name: string }[]) => list.map((r) => r.name);

describe("the filter", () => {
  it("matches the name, description, path or a tool name, in any case", () => {
    expect(names(filterRows(rows, queryTerms("TRIAGE")))).toEqual(["Triage"]);
    expect(names(filterRows(rows, queryTerms("secrets")))).toEqual(["review-kit:security"]);
    expect(names(filterRows(rows, queryTerms("flows/")))).toEqual(["Article"]);
    expect(names(filterRows(rows, queryTerms("grep")))).toEqual(["Reviewer"]);
  });

  it("needs every word typed, in any order", () => {
    expect(names(filterRows(rows, queryTerms("  ops   agent-1 ")))).toEqual(["agent-10"]);
    expect(names(filterRows(rows, queryTerms("ops triage")))).toEqual([]);
  });

  it("returns the very rows (and the very list, when blank), so nothing that still matches is drawn again", () => {
    expect(filterRows(rows, queryTerms("   "))).toBe(rows);
    expect(filterRows(rows, queryTerms("agent"))[0]).toBe(rows[1]);
  });
});

describe("sorting", () => {
  it("by name: case aside, numbers as numbers", () => {
    expect(names(sortRows(rows, "name"))).toEqual(["agent-2", "agent-10", "Article", "docs-kit:editor", "review-kit:security", "Reviewer", "Triage"]);
  });

  it("by path, numbers as numbers", () => {
    expect(sortRows(rows, "path").map((r) => r.path)).toEqual([
      ".claude/agents/ops/agent-2.md",
      ".claude/agents/ops/agent-10.md",
      ".claude/agents/Reviewer.md",
      "flows/article.tsx",
      "plugins/docs-kit/agents/editor.md",
      "plugins/review-kit/agents/security.md",
      "triage.tsx",
    ]);
  });
});

describe("grouping", () => {
  const sorted = sortRows(rows, "name");

  it("by plugin: the project's own agents first without a header, then each plugin by name", () => {
    const groups = groupRows(sorted, "plugin");
    expect(groups.map((g) => [g.key, g.label, names(g.rows)])).toEqual([
      ["own", undefined, ["agent-2", "agent-10", "Article", "Reviewer", "Triage"]],
      ["plugin:docs-kit", "docs-kit", ["docs-kit:editor"]],
      ["plugin:review-kit", "review-kit", ["review-kit:security"]],
    ]);
    expect(rowLabel(groups[2]!.rows[0]!, groups[2]!)).toBe("security");
  });

  it("by folder: the project root first, then each folder by path", () => {
    const groups = groupRows(sorted, "folder");
    expect(groups.map((g) => [g.label, names(g.rows)])).toEqual([
      ["project root", ["Triage"]],
      [".claude/agents", ["Reviewer"]],
      [".claude/agents/ops", ["agent-2", "agent-10"]],
      ["flows", ["Article"]],
      ["plugins/docs-kit/agents", ["docs-kit:editor"]],
      ["plugins/review-kit/agents", ["review-kit:security"]],
    ]);
    expect(rowLabel(groups[4]!.rows[0]!, groups[4]!)).toBe("docs-kit:editor");
  });

  it("none: one list without a header", () => {
    const groups = groupRows(sorted, "none");
    expect(groups).toHaveLength(1);
    expect(groups[0]!.label).toBeUndefined();
    expect(groups[0]!.rows).toBe(sorted);
  });

  it("the filter leaves out groups nothing in matches and keeps each group's total", () => {
    const groups = filterGroups(groupRows(sorted, "folder"), queryTerms("agent-"));
    expect(groups.map((g) => [g.label, g.rows.length, g.total])).toEqual([[".claude/agents/ops", 2, 2]]);
  });

  it("the keys walk headers and rows, not the rows of a collapsed group", () => {
    const groups = groupRows(sorted, "plugin");
    expect(navItems(groups, new Set(["plugin:docs-kit"])).map((item) => item.key)).toEqual([
      "row:markdown:agent-2",
      "row:markdown:agent-10",
      "row:workflow:flows/article.tsx",
      "row:markdown:Reviewer",
      "row:workflow:triage.tsx",
      "group:plugin:docs-kit",
      "group:plugin:review-kit",
      "row:markdown:review-kit:security",
    ]);
  });
});
