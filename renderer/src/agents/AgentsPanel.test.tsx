// Agents grouped by plugin (the default): the folder's own agents first, then each plugin's agents
// under a header that collapses them, all options of one listbox the keyboard walks.
import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { ProjectEntry, ProjectSnapshot } from "../contract/index.ts";
import { samplesProject } from "../../test/fixtures.ts";
import { renderStudio } from "../../test/render-studio.tsx";

/** A plugin's markdown agent as the loader lists it: named `<plugin>:<agent>`. */
function pluginAgent(name: string, plugin: string): ProjectEntry {
  const agent = name.slice(plugin.length + 1);
  return { id: `markdown:${name}`, kind: "markdown", name, file: `/project/plugins/${plugin}/agents/${agent}.md`, models: [], tools: [], plugin };
}

/** The samples with two plugins' agents listed before the folder's own, as a loader might list them. */
function withPlugins(): ProjectSnapshot {
  const project = samplesProject();
  const plugins = [pluginAgent("review-kit:security", "review-kit"), pluginAgent("docs-kit:editor", "docs-kit"), pluginAgent("review-kit:style", "review-kit")];
  return { ...project, entries: [...plugins, ...project.entries] };
}

const agents = () => screen.getByRole("region", { name: "Agents" });
const list = () => within(agents()).getByRole("listbox", { name: "Agents of this folder" });
const header = (plugin: string) => within(list()).getByRole("button", { name: new RegExp(`^${plugin} plugin`) });
const optionNames = () => within(list()).getAllByRole("option").map((o) => o.getAttribute("aria-label"));

describe("Agents grouped by plugin", () => {
  it("lists the folder's own agents first, then each plugin's under its name, all by name", async () => {
    await renderStudio({ project: withPlugins() });
    const names = optionNames();
    const own = ["Article workflow", "docs-writer markdown", "Fix workflow", "fs-explorer markdown", "Nested workflow", "Release workflow", "Report workflow", "reviewer markdown", "Summarize workflow", "Triage workflow"];
    expect(names.slice(0, 10)).toEqual(own);
    expect(names.slice(10)).toEqual(["docs-kit:editor markdown", "review-kit:security markdown", "review-kit:style markdown"]);
    const group = within(list()).getByRole("group", { name: "review-kit plugin" });
    expect(within(group).getAllByRole("option")).toHaveLength(2);
    expect(header("review-kit").getAttribute("aria-label")).toBe("review-kit plugin, 2 agents");
    expect(header("docs-kit").getAttribute("aria-label")).toBe("docs-kit plugin, 1 agent");
  });

  it("shows a plugin's agent by its own part inside the group, its full name still its accessible name", async () => {
    await renderStudio({ project: withPlugins() });
    const option = within(list()).getByRole("option", { name: "review-kit:security markdown" });
    expect(option.querySelector(".entry-name")?.textContent).toBe("security");
  });

  it("collapses a plugin's group from its header and opens it again", async () => {
    await renderStudio({ project: withPlugins() });
    fireEvent.click(header("review-kit"));
    expect(header("review-kit").getAttribute("aria-expanded")).toBe("false");
    expect(within(list()).queryByRole("option", { name: "review-kit:security markdown" })).toBeNull();
    expect(within(list()).getByRole("option", { name: "docs-kit:editor markdown" })).toBeTruthy();
    fireEvent.click(header("review-kit"));
    expect(header("review-kit").getAttribute("aria-expanded")).toBe("true");
    expect(within(list()).getByRole("option", { name: "review-kit:security markdown" })).toBeTruthy();
  });

  it("says on a collapsed header that it holds the selected agent", async () => {
    await renderStudio({ project: withPlugins() });
    fireEvent.click(within(list()).getByRole("option", { name: "review-kit:style markdown" }));
    fireEvent.click(header("review-kit"));
    expect(header("review-kit").getAttribute("aria-label")).toBe("review-kit plugin, 2 agents, holds the selected agent");
    // The list's tab stop moves to the header that hides the selected agent.
    expect(header("review-kit").tabIndex).toBe(0);
  });

  it("walks options and headers with the arrow keys, selecting only on Enter; Left and Right close and open a group", async () => {
    await renderStudio({ project: withPlugins() });
    const last = within(list()).getByRole("option", { name: "Triage workflow" });
    fireEvent.click(last);
    last.focus();
    fireEvent.keyDown(last, { key: "ArrowDown" });
    expect(document.activeElement).toBe(header("docs-kit"));
    expect(last.getAttribute("aria-selected")).toBe("true");
    expect(header("docs-kit").tabIndex).toBe(0);
    expect(last.tabIndex).toBe(-1);

    fireEvent.keyDown(header("docs-kit"), { key: "ArrowLeft" });
    expect(header("docs-kit").getAttribute("aria-expanded")).toBe("false");
    fireEvent.keyDown(header("docs-kit"), { key: "ArrowDown" });
    expect(document.activeElement).toBe(header("review-kit"));
    fireEvent.keyDown(header("review-kit"), { key: "ArrowDown" });
    const security = within(list()).getByRole("option", { name: "review-kit:security markdown" });
    expect(document.activeElement).toBe(security);
    // Moving is not selecting: the selection stays until Enter.
    expect(security.getAttribute("aria-selected")).toBe("false");
    fireEvent.keyDown(security, { key: "Enter" });
    expect(security.getAttribute("aria-selected")).toBe("true");
    expect(last.getAttribute("aria-selected")).toBe("false");

    fireEvent.keyDown(security, { key: "ArrowLeft" });
    expect(document.activeElement).toBe(header("review-kit"));
    fireEvent.keyDown(header("review-kit"), { key: "ArrowUp" });
    fireEvent.keyDown(header("docs-kit"), { key: "ArrowRight" });
    expect(within(list()).getByRole("option", { name: "docs-kit:editor markdown" })).toBeTruthy();
  });

  it("draws a folder without plugins as one flat list, as before", async () => {
    await renderStudio({ project: samplesProject() });
    expect(within(list()).queryAllByRole("group")).toEqual([]);
    expect(optionNames()).toHaveLength(10);
  });
});
