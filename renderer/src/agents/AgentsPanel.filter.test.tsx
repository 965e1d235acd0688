// Agents' filter box, its count and its empty state; the Group and Sort choices; agents with an
// error and agent files that failed to load, listed with their error.
import { act, fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Problem } from "../contract/index.ts";
import { samplesProject } from "../../test/fixtures.ts";
import { markdownAgent, project, renderAgents } from "./render-agents.test-support.tsx";

const agents = () => screen.getByRole("region", { name: "Agents" });
const list = () => within(agents()).getByRole("listbox", { name: "Agents of this folder" });
const filter = () => within(agents()).getByRole("searchbox", { name: "Filter agents" });
const count = () => within(agents()).getByRole("status").textContent;
const optionNames = () => within(list()).getAllByRole("option").map((o) => o.getAttribute("aria-label"));
const type = (text: string) => act(() => fireEvent.change(filter(), { target: { value: text } }));

describe("Filter agents", () => {
  it("counts every agent while the box is empty", async () => {
    await renderAgents(samplesProject());
    expect(count()).toBe("10 agents");
    expect(within(list()).getAllByRole("option")).toHaveLength(10);
  });

  it("narrows the list by name, description, path or tool name, and says how many of how many match", async () => {
    await renderAgents(samplesProject());
    await type("RE");
    expect(count()).toBe(`${optionNames().length} of 10`);
    await type("release");
    expect(optionNames()).toEqual(["Release workflow"]);
    expect(count()).toBe("1 of 10");
    await type("newcomer");
    expect(optionNames()).toEqual(["reviewer markdown"]);
    await type(".claude/agents/fs");
    expect(optionNames()).toEqual(["fs-explorer markdown"]);
    await type("github_close");
    expect(optionNames()).toEqual(["Triage workflow"]);
    await type("deploy read");
    expect(optionNames()).toEqual(["Fix workflow", "Release workflow", "Summarize workflow"]);
  });

  it("says nothing matches and offers to clear the filter, which brings every agent back and keeps typing in the box", async () => {
    await renderAgents(samplesProject());
    await type("no such agent");
    expect(within(agents()).queryByRole("listbox")).toBeNull();
    expect(within(agents()).getByText("No agents match")).toBeTruthy();
    expect(count()).toBe("0 of 10");
    await act(() => fireEvent.click(within(agents()).getByRole("button", { name: "Clear filter" })));
    expect((filter() as HTMLInputElement).value).toBe("");
    expect(document.activeElement).toBe(filter());
    expect(within(list()).getAllByRole("option")).toHaveLength(10);
  });

  it("empties on Escape, and Down goes from the box to the list's tab stop", async () => {
    await renderAgents(samplesProject());
    await type("re");
    filter().focus();
    fireEvent.keyDown(filter(), { key: "ArrowDown" });
    expect(document.activeElement).toBe(within(list()).getAllByRole("option")[0]);
    filter().focus();
    await act(() => fireEvent.keyDown(filter(), { key: "Escape" }));
    expect((filter() as HTMLInputElement).value).toBe("");
    expect(count()).toBe("10 agents");
  });

  it("keeps the selection on an agent the filter hides, and shows it again when the filter goes", async () => {
    const { store } = await renderAgents(samplesProject());
    act(() => store.getState().selectEntry("markdown:reviewer"));
    await type("release");
    expect(store.getState().selectedEntryId).toBe("markdown:reviewer");
    await type("");
    expect(within(list()).getByRole("option", { name: "reviewer markdown" }).getAttribute("aria-selected")).toBe("true");
  });
});

describe("Group and Sort", () => {
  const group = () => within(agents()).getByRole("combobox", { name: "Group" });
  const sort = () => within(agents()).getByRole("combobox", { name: "Sort" });
  const withPlugin = () => project([...samplesProject().entries, markdownAgent("security", { plugin: "review-kit" })]);

  it("groups by folder under headers that collapse, the project root first", async () => {
    await renderAgents(withPlugin());
    await act(() => fireEvent.change(group(), { target: { value: "folder" } }));
    const groups = within(list()).getAllByRole("group").map((g) => g.getAttribute("aria-label"));
    expect(groups).toEqual(["project root", ".claude/agents folder", "plugins/review-kit/agents folder"]);
    const root = within(list()).getByRole("group", { name: "project root" });
    expect(within(root).getAllByRole("option")).toHaveLength(7);
    const header = within(list()).getByRole("button", { name: "project root, 7 agents" });
    await act(() => fireEvent.click(header));
    expect(header.getAttribute("aria-expanded")).toBe("false");
    expect(within(list()).getAllByRole("option")).toHaveLength(4);
    // Under its folder's header, an agent's path is its file's within the folder.
    expect(within(list()).getByRole("option", { name: "reviewer markdown" }).querySelector(".entry-sub")?.getAttribute("data-text")).toBe("reviewer.md");
    // Grouped by folder, a plugin's agent shows its whole name.
    expect(within(list()).getByRole("option", { name: "review-kit:security markdown" }).querySelector(".entry-name")?.textContent).toBe("review-kit:security");
  });

  it("lists everything without headers when grouping is none", async () => {
    await renderAgents(withPlugin());
    await act(() => fireEvent.change(group(), { target: { value: "none" } }));
    expect(within(list()).queryAllByRole("group")).toEqual([]);
    expect(optionNames()).toHaveLength(11);
    expect(optionNames()[7]).toBe("review-kit:security markdown");
  });

  it("sorts by name (the default) or by path", async () => {
    await renderAgents(samplesProject());
    expect(optionNames().slice(0, 3)).toEqual(["Article workflow", "docs-writer markdown", "Fix workflow"]);
    await act(() => fireEvent.change(sort(), { target: { value: "path" } }));
    expect(optionNames().slice(0, 3)).toEqual(["docs-writer markdown", "fs-explorer markdown", "reviewer markdown"]);
  });

  it("counts a group's matches on its header while filtering", async () => {
    await renderAgents(withPlugin());
    await act(() => fireEvent.change(group(), { target: { value: "folder" } }));
    await type("newcomer");
    expect(within(list()).getByRole("button", { name: /^\.claude\/agents folder, / }).getAttribute("aria-label")).toBe(".claude/agents folder, 1 of 3 agents");
  });
});

describe("agents with errors", () => {
  const broken: Problem = {
    severity: "error",
    code: "JUNE_AGENT_FIELD_MISSING",
    message: "june: /project/.claude/agents/broken-agent.md:1: the frontmatter has no `description`; every agent file needs `description:` (what the agent does). See docs.",
    file: "/project/.claude/agents/broken-agent.md",
    line: 1,
  };
  const inherit: Problem = {
    severity: "error",
    code: "JUNE_INHERIT_MISSING",
    message: 'june: <Inherit capabilities={["deploy"]}> names "deploy", but the enclosing <Agent> has no tool "deploy".',
    file: "/project/summarize.tsx",
    line: 32,
    entryId: "workflow:summarize.tsx",
  };

  it("lists an agent file that failed to load with its error, and can't select it", async () => {
    const { store } = await renderAgents(samplesProject([broken]));
    const option = within(list()).getByRole("option", { name: "broken-agent markdown, failed to load, 1 problem" });
    expect(option.getAttribute("aria-disabled")).toBe("true");
    const error = document.getElementById(option.getAttribute("aria-describedby")!);
    // Shown by CSS from data-text (the option's text is its name alone, WCAG 2.5.3).
    expect(error?.getAttribute("data-text")).toBe("the frontmatter has no `description`; every agent file needs `description:` (what the agent does).");
    expect(option.querySelector(".entry-sub")?.getAttribute("data-text")).toContain(".claude/agents/broken-agent.md");
    const before = store.getState().selectedEntryId;
    await act(() => fireEvent.click(option));
    option.focus();
    await act(() => fireEvent.keyDown(option, { key: "Enter" }));
    expect(store.getState().selectedEntryId).toBe(before);
    expect(option.getAttribute("aria-selected")).toBe("false");
    expect(count()).toBe("11 agents");
  });

  it("finds a broken file by the filter as any other", async () => {
    await renderAgents(samplesProject([broken]));
    await type("broken");
    expect(optionNames()).toEqual(["broken-agent markdown, failed to load, 1 problem"]);
  });

  it("shows a loaded agent's first error in its row, its name unchanged", async () => {
    await renderAgents(samplesProject([inherit]));
    const option = within(list()).getByRole("option", { name: "Summarize workflow, 1 problem" });
    expect(document.getElementById(option.getAttribute("aria-describedby")!)?.getAttribute("data-text")).toBe('<Inherit capabilities={["deploy"]}> names "deploy", but the enclosing <Agent> has no tool "deploy".');
    expect(within(list()).getByRole("option", { name: "Release workflow" }).getAttribute("aria-describedby")).toBeNull();
  });
});
