// The Agents listbox from the keyboard: one tab stop that the keys move (roving focus), Enter or
// Space selects, and letters typed move to the next agent they start, as in a native listbox.
import { act, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { samplesProject } from "../../test/fixtures.ts";
import { markdownAgent, project, renderAgents } from "./render-agents.test-support.tsx";
import { TYPE_AHEAD_RESET_MS } from "./type-ahead.ts";

const list = () => within(screen.getByRole("region", { name: "Agents" })).getByRole("listbox", { name: "Agents of this folder" });
const option = (name: string) => within(list()).getByRole("option", { name });
const focused = () => document.activeElement?.getAttribute("aria-label");
const tabStops = () => [...list().querySelectorAll<HTMLElement>("[tabindex]")].filter((el) => el.tabIndex === 0);
const press = (key: string) => act(() => fireEvent.keyDown(document.activeElement!, { key }));

afterEach(() => vi.useRealTimers());

describe("roving focus", () => {
  it("has one tab stop, on the selected agent", async () => {
    const { store } = await renderAgents(samplesProject());
    expect(tabStops()).toEqual([option("Article workflow")]);
    act(() => store.getState().selectEntry("workflow:report.tsx"));
    expect(tabStops()).toEqual([option("Report workflow")]);
  });

  it("moves with Down, Up, Home and End without selecting; the tab stop goes along", async () => {
    const { store } = await renderAgents(samplesProject());
    const selected = store.getState().selectedEntryId;
    option("Article workflow").focus();
    await press("ArrowDown");
    expect(focused()).toBe("docs-writer markdown");
    await press("ArrowDown");
    await press("ArrowUp");
    expect(focused()).toBe("docs-writer markdown");
    await press("End");
    expect(focused()).toBe("Triage workflow");
    await press("ArrowDown");
    expect(focused()).toBe("Triage workflow");
    await press("Home");
    expect(focused()).toBe("Article workflow");
    await press("End");
    expect(tabStops()).toEqual([option("Triage workflow")]);
    expect(store.getState().selectedEntryId).toBe(selected);
  });

  it("selects with Enter or Space", async () => {
    const { store } = await renderAgents(samplesProject());
    option("Article workflow").focus();
    await press("ArrowDown");
    await press("Enter");
    expect(store.getState().selectedEntryId).toBe("markdown:docs-writer");
    await press("ArrowDown");
    await press(" ");
    expect(store.getState().selectedEntryId).toBe("workflow:fix.tsx");
    expect(option("Fix workflow").getAttribute("aria-selected")).toBe("true");
  });
});

describe("type-ahead", () => {
  it("moves to the next agent a letter starts, and cycles when the letter comes again", async () => {
    vi.useFakeTimers();
    await renderAgents(samplesProject());
    option("Article workflow").focus();
    await press("r");
    expect(focused()).toBe("Release workflow");
    await press("r");
    expect(focused()).toBe("Report workflow");
    await press("r");
    expect(focused()).toBe("reviewer markdown");
    await press("r");
    expect(focused()).toBe("Release workflow");
  });

  it("reads letters typed in quick succession as one prefix, and starts again after a pause", async () => {
    vi.useFakeTimers();
    const { store } = await renderAgents(samplesProject());
    const selected = store.getState().selectedEntryId;
    option("Article workflow").focus();
    await press("r");
    await press("e");
    await press("v");
    expect(focused()).toBe("reviewer markdown");
    act(() => vi.advanceTimersByTime(TYPE_AHEAD_RESET_MS));
    await press("f");
    await press("s");
    expect(focused()).toBe("fs-explorer markdown");
    // Type-ahead moves like the arrows: it selects nothing.
    expect(store.getState().selectedEntryId).toBe(selected);
  });

  it("finds a plugin's agent by the name its row shows", async () => {
    vi.useFakeTimers();
    await renderAgents(project([markdownAgent("alpha"), markdownAgent("security", { plugin: "review-kit" })]));
    option("alpha markdown").focus();
    await press("s");
    expect(focused()).toBe("review-kit:security markdown");
  });

  it("stays put when nothing starts with what was typed", async () => {
    vi.useFakeTimers();
    await renderAgents(samplesProject());
    option("Fix workflow").focus();
    await press("z");
    expect(focused()).toBe("Fix workflow");
  });
});
