// Agents: the folder's own agents first, then each plugin's agents under a header that collapses
// them, all options of one listbox the keyboard walks.
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
  it("lists the folder's own agents first, then each plugin's under its name, in the order the plugins first come", async () => {
    await renderStudio({ project: withPlugins() });
    const names = optionNames();
    expect(names.slice(0, 10)).toEqual(samplesProject().entries.map((e) => `${e.name} ${e.kind}`));
    expect(names.slice(10)).toEqual(["review-kit:security markdown", "review-kit:style markdown", "docs-kit:editor markdown"]);
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

  it("walks options and headers with the arrow keys: options are selected, headers focused, Left and Right close and open", async () => {
    await renderStudio({ project: withPlugins() });
    const last = within(list()).getByRole("option", { name: "reviewer markdown" });
    fireEvent.click(last);
    last.focus();
    fireEvent.keyDown(last, { key: "ArrowDown" });
    expect(document.activeElement).toBe(header("review-kit"));
    expect(last.getAttribute("aria-selected")).toBe("true");
    expect(header("review-kit").tabIndex).toBe(0);

    fireEvent.keyDown(header("review-kit"), { key: "ArrowLeft" });
    expect(header("review-kit").getAttribute("aria-expanded")).toBe("false");
    fireEvent.keyDown(header("review-kit"), { key: "ArrowDown" });
    expect(document.activeElement).toBe(header("docs-kit"));
    fireEvent.keyDown(header("docs-kit"), { key: "ArrowDown" });
    const editor = within(list()).getByRole("option", { name: "docs-kit:editor markdown" });
    expect(document.activeElement).toBe(editor);
    expect(editor.getAttribute("aria-selected")).toBe("true");

    fireEvent.keyDown(editor, { key: "ArrowLeft" });
    expect(document.activeElement).toBe(header("docs-kit"));
    fireEvent.keyDown(header("docs-kit"), { key: "ArrowUp" });
    fireEvent.keyDown(header("review-kit"), { key: "ArrowRight" });
    expect(within(list()).getByRole("option", { name: "review-kit:security markdown" })).toBeTruthy();
  });

  it("draws a folder without plugins as one flat list, as before", async () => {
    await renderStudio({ project: samplesProject() });
    expect(within(list()).queryAllByRole("group")).toEqual([]);
    expect(optionNames()).toHaveLength(10);
  });
});
