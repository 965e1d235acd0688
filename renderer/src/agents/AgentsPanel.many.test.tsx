// A real folder has hundreds of agents: 250 generated ones (root workflows, nested markdown
// folders, a plugin's) are listed, filtered, grouped and walked, and a keystroke only takes rows
// away: the rows that still match are the same elements, never drawn anew.
import { act, fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { manyAgents, renderAgents } from "./render-agents.test-support.tsx";

const COUNT = 250;
const agents = () => screen.getByRole("region", { name: "Agents" });
const list = () => within(agents()).getByRole("listbox", { name: "Agents of this folder" });
const options = () => within(list()).getAllByRole("option");
const count = () => within(agents()).getByRole("status").textContent;
const type = (text: string) => act(() => fireEvent.change(within(agents()).getByRole("searchbox", { name: "Filter agents" }), { target: { value: text } }));

describe(`Agents with ${COUNT} agents`, () => {
  const folder = manyAgents(COUNT);
  const expected = (match: (entry: (typeof folder.entries)[number]) => boolean) => folder.entries.filter(match).length;

  it("lists all of them, the plugin's under its header", async () => {
    await renderAgents(folder);
    expect(count()).toBe(`${COUNT} agents`);
    expect(options()).toHaveLength(COUNT);
    const plugin = within(list()).getByRole("group", { name: "ops-kit plugin" });
    expect(within(plugin).getAllByRole("option")).toHaveLength(expected((e) => e.plugin === "ops-kit"));
  });

  it("narrows keystroke by keystroke, keeping the elements of the rows that still match", async () => {
    await renderAgents(folder);
    const before = new Map(options().map((o) => [o.getAttribute("data-entry-id"), o]));
    await type("b");
    await type("bi");
    await type("billing");
    const billing = expected((e) => `${e.name}\n${e.description ?? ""}\n${e.file}\n${e.tools.join("\n")}`.toLowerCase().includes("billing"));
    expect(billing).toBeGreaterThan(30);
    expect(options()).toHaveLength(billing);
    expect(count()).toBe(`${billing} of ${COUNT}`);
    for (const option of options()) expect(option).toBe(before.get(option.getAttribute("data-entry-id")));
    await type("billing bash");
    expect(within(agents()).queryByRole("listbox")).toBeNull();
    expect(count()).toBe(`0 of ${COUNT}`);
    await type("bash");
    expect(options().map((o) => o.getAttribute("aria-label"))).toEqual(["agent-007 markdown"]);
    await type("");
    expect(options()).toHaveLength(COUNT);
    expect(count()).toBe(`${COUNT} agents`);
  });

  it("groups them by folder, each nested folder under its own header", async () => {
    await renderAgents(folder);
    await act(() => fireEvent.change(within(agents()).getByRole("combobox", { name: "Group" }), { target: { value: "folder" } }));
    const groups = within(list()).getAllByRole("group").map((g) => g.getAttribute("aria-label"));
    expect(groups).toEqual([
      "project root",
      ".claude/agents/billing folder",
      ".claude/agents/deploy folder",
      ".claude/agents/docs folder",
      ".claude/agents/search folder",
      ".claude/agents/support folder",
      "plugins/ops-kit/agents folder",
    ]);
    expect(options()).toHaveLength(COUNT);
  });

  it("keeps one tab stop and walks to the last agent with End", async () => {
    await renderAgents(folder);
    const first = options()[0]!;
    first.focus();
    await act(() => fireEvent.keyDown(first, { key: "End" }));
    const last = options().at(-1)!;
    expect(document.activeElement).toBe(last);
    expect([...list().querySelectorAll<HTMLElement>("[tabindex]")].filter((el) => el.tabIndex === 0)).toEqual([last]);
  });
});
