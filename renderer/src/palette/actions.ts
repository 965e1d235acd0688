// Every action of the studio that a key or the command palette performs, in one table: its title,
// its keys, when it applies, and what it does. The palette lists it (with the keys), the global key
// handler matches its keys (use-global-keys.ts), and renderer/README.md's Keys section copies it.
// The debugger's keys (F5, F10, F6, Shift+F5) are listed here but handled by run/use-debug-keys.ts,
// whose rules (debug/keys.ts: F5 is Continue while stopped, else Run) they follow.
import { flushSync } from "react-dom";
import { DEBUG_KEYS, debugControls, type DebugControls } from "../debug/index.ts";
import { downloadJson, exportFileName } from "../history/index.ts";
import { KEYS, type Shortcut } from "../keyboard/index.ts";
import { useLayout } from "../layout/index.ts";
import { revealProblems } from "../problems/index.ts";
import { performDebugAction } from "../run/index.ts";
import { currentStop, selectedEntry, selectedRun, type Studio, type StudioData, type StudioStore } from "../store/index.ts";
import { breakpointTarget } from "./breakpoint-target.ts";
import { focusFirstApproval } from "./focus-approval.ts";
import { usePalette } from "./palette-state.ts";
import { buttonNamed, focusInView, regionOf, revealPanel } from "./reveal.ts";

export type ActionGroup = "Run" | "Debug" | "Approvals" | "View" | "Go to" | "Agents";

export interface PaletteAction {
  id: string;
  title: string;
  group: ActionGroup;
  /** Keys that perform it anywhere in the studio (use-global-keys.ts matches them). */
  keys?: readonly Shortcut[];
  /** A key shown but handled elsewhere: the debugger's F-keys, the native menu's Ctrl+O. */
  shownKey?: string;
  /** Words to match besides the title ("breakpoint" finds F9). */
  keywords?: string;
  /** Why it does not apply now (the palette shows it disabled), undefined when it does. */
  unavailable?(data: StudioData): string | undefined;
  perform(store: StudioStore): void;
}

function controlsOf(data: StudioData): DebugControls {
  const run = selectedRun(data);
  return debugControls(run?.summary.status, currentStop(run), selectedEntry(data) !== undefined && data.project?.trust !== "restricted");
}

function focusInTrace(): boolean {
  const trace = regionOf("Trace");
  return trace !== null && trace.contains(document.activeElement);
}

const NO_AGENT = "Select a workflow or markdown agent first";
const NOT_STOPPED = "The selected run is not stopped";

/** What applies to the selected run: "No run is selected", else nothing. */
function needsRun(data: StudioData): string | undefined {
  return selectedRun(data) ? undefined : "No run is selected";
}

export const ACTIONS: readonly PaletteAction[] = [
  {
    id: "open-folder",
    title: "Open folder",
    group: "Run",
    perform: () => buttonNamed(document.querySelector(".topbar"), "Open folder")?.click(),
  },
  {
    id: "run",
    title: "Run the selected agent",
    group: "Run",
    shownKey: DEBUG_KEYS.run,
    unavailable: (data) => (controlsOf(data).run ? undefined : data.project?.trust === "restricted" ? "The folder is not trusted" : NO_AGENT),
    perform: () => performDebugAction("run"),
  },
  {
    id: "run-paused",
    title: "Run paused (stop before the first model call)",
    group: "Run",
    shownKey: DEBUG_KEYS.step,
    keywords: "start paused step",
    unavailable: (data) => (controlsOf(data).run ? undefined : NO_AGENT),
    perform: () => performDebugAction("run-paused"),
  },
  {
    id: "pause",
    title: "Pause",
    group: "Debug",
    shownKey: DEBUG_KEYS.pause,
    unavailable: (data) => (controlsOf(data).pause ? undefined : "The selected run is not running on"),
    perform: () => performDebugAction("pause"),
  },
  {
    id: "step",
    title: "Step",
    group: "Debug",
    shownKey: DEBUG_KEYS.step,
    unavailable: (data) => {
      const controls = controlsOf(data);
      return controls.step && !controls.stepStarts ? undefined : (controls.stepBlocked ?? NOT_STOPPED);
    },
    perform: () => performDebugAction("step"),
  },
  {
    id: "continue",
    title: "Continue",
    group: "Debug",
    shownKey: DEBUG_KEYS.continue,
    unavailable: (data) => (controlsOf(data).continue ? undefined : NOT_STOPPED),
    perform: () => performDebugAction("continue"),
  },
  {
    id: "stop",
    title: "Stop the selected run",
    group: "Debug",
    shownKey: DEBUG_KEYS.abort,
    keywords: "abort",
    unavailable: (data) => (controlsOf(data).abort ? undefined : "No live run is selected"),
    perform: () => performDebugAction("abort"),
  },
  {
    id: "toggle-breakpoint",
    title: "Toggle breakpoint on the selected node",
    group: "Debug",
    keys: KEYS.toggleBreakpoint,
    unavailable: (data) => (breakpointTarget(data, focusInTrace()) ? undefined : "Select an agent, step or tool in the Agent tree or the Trace"),
    perform: (store) => {
      const target = breakpointTarget(store.getState(), focusInTrace());
      if (target) void store.getState().toggleBreakpoint(target);
    },
  },
  {
    id: "focus-approval",
    title: "Focus first pending approval",
    group: "Approvals",
    keys: KEYS.focusApproval,
    keywords: "approve deny inbox review",
    perform: () => focusFirstApproval(),
  },
  {
    id: "toggle-left",
    title: "Toggle left sidebar",
    group: "View",
    keys: KEYS.toggleLeft,
    perform: () => useLayout.getState().toggle("left"),
  },
  {
    id: "toggle-right",
    title: "Toggle right sidebar",
    group: "View",
    keys: KEYS.toggleRight,
    perform: () => useLayout.getState().toggle("right"),
  },
  {
    id: "toggle-theme",
    title: "Toggle theme",
    group: "View",
    keywords: "dark light",
    perform: (store) => store.getState().toggleTheme(),
  },
  {
    id: "command-palette",
    title: "Command palette",
    group: "View",
    keys: KEYS.palette,
    keywords: "keys shortcuts help",
    perform: () => usePalette.getState().show(),
  },
  {
    id: "filter-agents",
    title: "Filter agents",
    group: "Go to",
    keywords: "search find",
    unavailable: (data) => (data.project ? undefined : "No folder is open"),
    perform: () => focusInView(revealPanel("Agents", "left")?.querySelector<HTMLElement>('input[aria-label="Filter agents"]')),
  },
  {
    id: "go-problems",
    title: "Go to Problems",
    group: "Go to",
    perform: () => {
      revealPanel("Problems", "left");
      revealProblems();
    },
  },
  {
    id: "compare-runs",
    title: "Compare runs",
    group: "Go to",
    unavailable: (data) => (data.runOrder.length > 0 ? undefined : "No runs yet"),
    perform: () => buttonNamed(revealPanel("Token usage", "right", "usage"), "Compare runs")?.click(),
  },
  {
    id: "replay-run",
    title: "Replay the selected run",
    group: "Run",
    unavailable: (data) => {
      const run = selectedRun(data);
      if (!run) return needsRun(data);
      if (run.summary.status === "running") return "Replay a run once it has ended";
      return run.summary.status === "interrupted" ? "An interrupted run resumes instead (Runs)" : undefined;
    },
    perform: (store) => {
      const runId = store.getState().selectedRunId;
      if (runId) void store.getState().replayRun(runId);
    },
  },
  {
    id: "export-run",
    title: "Export the selected run",
    group: "Run",
    keywords: "download json",
    unavailable: needsRun,
    perform: (store) => {
      const runId = store.getState().selectedRunId;
      if (!runId) return;
      void store
        .getState()
        .exportRun(runId)
        .then((document) => document && downloadJson(exportFileName(runId), document));
    },
  },
];

/** The Agents list's selected option takes the focus (shown first: the left sidebar unfolded). */
function focusSelectedAgent(): void {
  flushSync(() => useLayout.getState().reveal("left"));
  const list = regionOf("Agents")?.querySelector<HTMLElement>('[role="listbox"]');
  focusInView(list?.querySelector<HTMLElement>('[role="option"][aria-selected="true"]') ?? list);
}

/** "Go to agent …": one action per agent of the open folder; it selects the agent and focuses it in Agents. */
export function agentActions(data: Pick<Studio, "project">): PaletteAction[] {
  return (data.project?.entries ?? []).map((entry) => ({
    id: `agent:${entry.id}`,
    title: `Go to agent ${entry.name}`,
    group: "Agents",
    keywords: `${entry.kind} ${entry.id}`,
    perform: (store) => {
      flushSync(() => store.getState().selectEntry(entry.id));
      focusSelectedAgent();
    },
  }));
}
