// The command palette and the global keys: Ctrl+K and Ctrl+Shift+P open a dialog "Command
// palette" listing every action with its keys (disabled, with the reason, when it does not apply);
// typing filters, arrows and Enter perform, Escape closes and gives the focus back. F9 toggles a
// breakpoint on the selected node; Ctrl+B and Ctrl+Alt+B fold the sidebars.
import { act, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ev, resetSeq, runSummary, traceEvents } from "../../test/events.ts";
import { recordedEvents, samplesProject } from "../../test/fixtures.ts";
import { renderStudio } from "../../test/render-studio.tsx";
import { useLayout } from "../layout/index.ts";
import { usePalette } from "./palette-state.ts";

beforeEach(() => resetSeq());
afterEach(() => act(() => usePalette.getState().hide()));

const press = (key: string, init: Partial<KeyboardEventInit> = {}, target: Element | Window = window) => act(() => void fireEvent.keyDown(target, { key, ...init }));
const palette = () => screen.getByRole("dialog", { name: "Command palette" });
const filterBox = () => within(palette()).getByRole("combobox", { name: "Type a command or an agent's name" });
const option = (name: string | RegExp) => within(palette()).getByRole("option", { name });

describe("the command palette", () => {
  it("opens with Ctrl+K and with Ctrl+Shift+P, listing every action with its keys", async () => {
    await renderStudio({ project: samplesProject() });
    press("k", { ctrlKey: true });
    expect(document.activeElement).toBe(filterBox());
    for (const [name, keys] of [
      ["Open folder", null],
      ["Run the selected agent", "F5"],
      ["Run paused (stop before the first model call)", "F10"],
      ["Pause", "F6"],
      ["Step", "F10"],
      ["Continue", "F5"],
      ["Stop the selected run", "Shift+F5"],
      ["Toggle breakpoint on the selected node", "F9"],
      ["Focus first pending approval", "Alt+A"],
      ["Toggle left sidebar", "Control+B"],
      ["Toggle right sidebar", "Control+Alt+B"],
      ["Toggle theme", null],
      ["Filter agents", null],
      ["Go to Problems", null],
      ["Compare runs", null],
      ["Replay the selected run", null],
      ["Export the selected run", null],
      ["Go to agent Release", null],
    ] as const) {
      expect(option(new RegExp(`^${name.replace(/[()]/g, "\\$&")}`)).getAttribute("aria-keyshortcuts")).toBe(keys);
    }
    await press("Escape", {}, filterBox());
    expect(screen.queryByRole("dialog", { name: "Command palette" })).toBeNull();
    press("P", { ctrlKey: true, shiftKey: true });
    expect(palette()).toBeTruthy();
  });

  it("shows what does not apply now as disabled, with the reason", async () => {
    await renderStudio({ project: samplesProject() });
    press("k", { ctrlKey: true });
    const pause = option(/^Pause/);
    expect(pause.getAttribute("aria-disabled")).toBe("true");
    // The reason is the option's description (drawn from data-text).
    expect(document.getElementById(pause.getAttribute("aria-describedby")!)?.getAttribute("data-text")).toContain("The selected run is not running on");
    expect(option(/^Toggle theme/).getAttribute("aria-disabled")).toBeNull();
  });

  it("filters as you type; Enter performs the highlighted action and the focus goes back where it was", async () => {
    const { store } = await renderStudio({ project: samplesProject() });
    const opener = within(screen.getByRole("region", { name: "Run" })).getByRole("checkbox", { name: "Start paused" });
    opener.focus();
    press("k", { ctrlKey: true });
    fireEvent.change(filterBox(), { target: { value: "theme" } });
    expect(within(palette()).getAllByRole("option").map((o) => o.querySelector(".palette-title")?.textContent)).toEqual(["Toggle theme"]);
    await press("Enter", {}, filterBox());
    expect(store.getState().theme).toBe("light");
    expect(screen.queryByRole("dialog", { name: "Command palette" })).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it("moves with the arrow keys over the actions that apply, and goes to an agent by name", async () => {
    const { store } = await renderStudio({ project: samplesProject() });
    press("k", { ctrlKey: true });
    fireEvent.change(filterBox(), { target: { value: "agent rel" } });
    expect(option(/^Go to agent Release/).getAttribute("aria-selected")).toBe("true");
    await press("Enter", {}, filterBox());
    expect(store.getState().selectedEntryId).toBe("workflow:release.tsx");
    expect(document.activeElement).toBe(within(screen.getByRole("region", { name: "Agents" })).getByRole("option", { name: "Release workflow" }));

    press("k", { ctrlKey: true });
    const first = filterBox().getAttribute("aria-activedescendant");
    await press("ArrowDown", {}, filterBox());
    const second = filterBox().getAttribute("aria-activedescendant");
    expect(second).not.toBe(first);
    expect(document.getElementById(second!)?.getAttribute("aria-disabled")).toBeNull();
  });
});

describe("global keys", () => {
  it("F9 toggles a breakpoint on the Agent tree's selected node, and on the Trace's when the focus is in the Trace", async () => {
    const { bridge, store, emit } = await renderStudio({ project: samplesProject() });
    act(() => {
      store.getState().selectEntry("workflow:release.tsx");
      store.getState().selectGraphNode("n3");
    });
    await press("F9");
    expect(bridge.callsOf("setBreakpoints").at(-1)).toEqual({ breakpoints: [{ kind: "step", step: "release" }] });

    emit([ev({ type: "run-started", run: runSummary("r1") }), ...traceEvents("r1", recordedEvents("release-denied"))]);
    act(() => store.getState().selectRun("r1"));
    const trace = screen.getByRole("region", { name: "Trace" });
    const agent = within(trace).getByRole("treeitem", { name: /^agent Release/ });
    fireEvent.click(agent);
    agent.focus();
    await press("F9", {}, agent);
    expect(bridge.callsOf("setBreakpoints").at(-1)).toEqual({ breakpoints: [{ kind: "step", step: "release" }, { kind: "agent", agent: "Release" }] });
  });

  it("Ctrl+B and Ctrl+Alt+B fold the left and right sidebars (AltGr typing a character is left alone)", async () => {
    await renderStudio({ project: samplesProject() });
    const toggle = vi.spyOn(useLayout.getState(), "toggle");
    try {
      press("b", { ctrlKey: true });
      press("b", { ctrlKey: true, altKey: true });
      press("{", { ctrlKey: true, altKey: true, code: "KeyB" });
      expect(toggle.mock.calls).toEqual([["left"], ["right"]]);
    } finally {
      toggle.mockRestore();
    }
  });
});
