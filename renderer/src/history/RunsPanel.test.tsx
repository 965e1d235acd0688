// Runs: every run listRuns knows (this session's and those recorded in the project), newest first,
// with status (incl. interrupted), start, duration, tokens, cost and origin; reopening one in the
// Trace; Replay, Resume, Export (a JSON download) and Delete (after a confirmation).
import { act, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ev, resetSeq, runSummary, traceEvents } from "../../test/events.ts";
import { recordedEvents, samplesProject } from "../../test/fixtures.ts";
import { localTime, pinClock } from "../../test/clock.ts";
import { renderStudio } from "../../test/render-studio.tsx";
import type { RunExport, RunSummary } from "../contract/index.ts";

beforeEach(() => resetSeq());
afterEach(() => vi.restoreAllMocks());

const runs = () => screen.getByRole("region", { name: "Runs" });
const items = () => within(within(runs()).getByRole("list", { name: "Run history" })).getAllByRole("listitem");
const item = (name: RegExp) => within(runs()).getByRole("listitem", { name });
const usage = (total: number) => ({ inputTokens: total - 10, outputTokens: 10, reasoningTokens: 0, cachedInputTokens: 0, totalTokens: total });

// Runs of 30 Nov from 09:13:20 local time; the clock is pinned to the same morning.
const at = (second: number) => localTime(2026, 10, 30, 9, 13, 20) + second * 1000;
beforeEach(() => pinClock(at(600)));

const history: RunSummary[] = [
  runSummary("run_c", { status: "interrupted", startedAt: at(100), usage: usage(40), cost: { usd: 0.0004, unpricedCalls: 0 } }),
  runSummary("run_b", {
    status: "succeeded",
    entryId: "workflow:report.tsx",
    name: "Report",
    startedAt: at(50),
    endedAt: at(52.5),
    usage: usage(1234),
    cost: { usd: 0.012345, unpricedCalls: 1 },
    origin: { kind: "fork", runId: "run_a", nodeId: "n12" },
  }),
  runSummary("run_a", { status: "succeeded", entryId: "workflow:report.tsx", name: "Report", startedAt: at(0), endedAt: at(1), usage: usage(94) }),
];

async function withHistory(answers: NonNullable<Parameters<typeof renderStudio>[0]>["answers"] = {}) {
  return renderStudio({ project: samplesProject(), answers: { listRuns: () => ({ ok: true, value: history }), ...answers } });
}

describe("Runs", () => {
  it("lists every run newest first: name, status, start, duration, tokens, cost, origin", async () => {
    await withHistory();
    expect(items().map((li) => li.getAttribute("aria-label"))).toEqual([
      "Release, interrupted, started 09:15:00",
      "Report, succeeded, started 09:14:10",
      "Report, succeeded, started 09:13:20",
    ]);
    const fork = items()[1]!;
    expect(fork.textContent).toContain("2.50 s");
    expect(fork.textContent).toContain("1,234 tokens");
    expect(fork.textContent).toContain("$0.0123 (+ 1 call without a price)");
    expect(fork.textContent).toContain("fork of run_a");
  });

  it("offers Resume only for an interrupted run, and no Replay of its unfinished record", async () => {
    const { bridge } = await withHistory();
    expect(within(items()[1]!).queryByRole("button", { name: "Resume" })).toBeNull();
    const interrupted = item(/^Release, interrupted/);
    expect(within(interrupted).queryByRole("button", { name: "Replay" })).toBeNull();
    await act(async () => fireEvent.click(within(interrupted).getByRole("button", { name: "Resume" })));
    expect(bridge.callsOf("resumeRun")).toEqual([{ runId: "run_c" }]);
  });

  it("an interrupted run resumed already says by which run, and offers no second Resume", async () => {
    const { emit, store } = await withHistory({ getRunEvents: () => ({ ok: true, value: recordedEvents("report", "run_b") }) });
    await act(async () => emit([ev({ type: "run-ended", run: { ...history[0]!, resumedBy: "run_b" } })]));
    const interrupted = item(/^Release, interrupted/);
    expect(within(interrupted).queryByRole("button", { name: "Resume" })).toBeNull();
    await act(async () => fireEvent.click(within(interrupted).getByRole("button", { name: "resumed as run_b" })));
    expect(store.getState().selectedRunId).toBe("run_b");
  });

  it("opens the run a fork came from", async () => {
    const { store } = await withHistory({ getRunEvents: () => ({ ok: true, value: recordedEvents("report", "run_a") }) });
    await act(async () => fireEvent.click(within(items()[1]!).getByRole("button", { name: "fork of run_a" })));
    expect(store.getState().selectedRunId).toBe("run_a");
  });

  it("marks a run stopped at a boundary as paused", async () => {
    const { emit } = await withHistory();
    emit([
      ev({ type: "run-started", run: runSummary("run_d", { startedAt: at(199.999) }) }),
      ...traceEvents("run_d", [
        ...recordedEvents("release-denied", "run_d").slice(0, 4),
        { type: "paused", stop: { id: 1, boundary: "model-call", reason: "start", agentPath: ["Release"], step: "release", stepNodeId: "n3" }, runId: "run_d", seq: 5, time: 1 },
      ]),
    ]);
    expect(within(items()[0]!).getByText("paused")).toBeTruthy();
  });

  it("reopens a past run in the Trace, fetching its events", async () => {
    const { bridge } = await withHistory({ getRunEvents: () => ({ ok: true, value: recordedEvents("report", "run_a") }) });
    await act(async () => fireEvent.click(within(items()[2]!).getByRole("button", { current: false, name: /Report/ })));
    expect(bridge.callsOf("getRunEvents")).toEqual([{ runId: "run_a" }]);
    const trace = screen.getByRole("region", { name: "Trace" });
    expect(within(trace).getByRole("tree", { name: "Trace of Report" })).toBeTruthy();
    expect(within(items()[2]!).getByRole("button", { current: true })).toBeTruthy();
    // The run's agent is drawn: selecting a run selects what it ran.
    expect(within(screen.getByRole("region", { name: "Agents" })).getByRole("option", { name: "Report workflow" }).getAttribute("aria-selected")).toBe("true");
  });

  it("replays a run and opens the new one", async () => {
    const { bridge, store } = await withHistory();
    await act(async () => fireEvent.click(within(items()[2]!).getByRole("button", { name: "Replay" })));
    expect(bridge.callsOf("replayRun")).toEqual([{ runId: "run_a" }]);
    expect(store.getState().selectedRunId).toBe("run_replay");
  });

  it("deletes a run only after a confirmation", async () => {
    const { bridge } = await withHistory();
    fireEvent.click(within(items()[0]!).getByRole("button", { name: "Delete" }));
    fireEvent.click(within(items()[0]!).getByRole("button", { name: "Cancel" }));
    expect(bridge.callsOf("deleteRun")).toEqual([]);
    fireEvent.click(within(items()[0]!).getByRole("button", { name: "Delete" }));
    await act(async () => fireEvent.click(within(items()[0]!).getByRole("button", { name: "Yes, delete" })));
    expect(bridge.callsOf("deleteRun")).toEqual([{ runId: "run_c" }]);
    expect(items()).toHaveLength(2);
  });

  it("exports a run as a JSON download", async () => {
    const exported: RunExport = { format: "june-run", version: 1, run: history[2]!, events: recordedEvents("report", "run_a") };
    const { bridge } = await withHistory({ exportRun: () => ({ ok: true, value: exported }) });
    // jsdom has neither object URLs nor downloads: stand in for the browser's side only.
    const blobs: Blob[] = [];
    URL.createObjectURL = (blob: Blob) => (blobs.push(blob), "blob:studio/1");
    URL.revokeObjectURL = () => undefined;
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    await act(async () => fireEvent.click(within(items()[2]!).getByRole("button", { name: "Export" })));
    expect(bridge.callsOf("exportRun")).toEqual([{ runId: "run_a" }]);
    expect(clicked.map((a) => [a.download, a.href])).toEqual([["june-run-run_a.json", "blob:studio/1"]]);
    expect(JSON.parse(await blobs[0]!.text())).toEqual(exported);
  });

  it("asks with the focus on Cancel, gives it back to Delete, and after deleting moves it to the next run", async () => {
    await withHistory();
    fireEvent.click(within(items()[0]!).getByRole("button", { name: "Delete" }));
    expect(document.activeElement).toBe(within(items()[0]!).getByRole("button", { name: "Cancel" }));
    fireEvent.keyDown(within(items()[0]!).getByRole("group", { name: "Delete Release run?" }), { key: "Escape" });
    expect(document.activeElement).toBe(within(items()[0]!).getByRole("button", { name: "Delete" }));
    fireEvent.click(within(items()[0]!).getByRole("button", { name: "Delete" }));
    await act(async () => fireEvent.click(within(items()[0]!).getByRole("button", { name: "Yes, delete" })));
    expect(items()[0]!.getAttribute("aria-label")).toMatch(/^Report, succeeded/);
    expect(document.activeElement).toBe(within(items()[0]!).getByRole("button", { current: false, name: /Report/ }));
  });

  it("shows the host's error in Runs", async () => {
    await withHistory({ deleteRun: () => ({ ok: false, error: { code: "STUDIO_RUN_LIVE", message: "run_c is still running" } }) });
    fireEvent.click(within(items()[0]!).getByRole("button", { name: "Delete" }));
    await act(async () => fireEvent.click(within(items()[0]!).getByRole("button", { name: "Yes, delete" })));
    expect(within(runs()).getByRole("alert").textContent).toContain("STUDIO_RUN_LIVE");
    expect(items()).toHaveLength(3);
  });

  it("adds a run when it starts and drops it when it is deleted elsewhere", async () => {
    const { emit } = await withHistory();
    emit([ev({ type: "run-started", run: runSummary("run_d", { startedAt: at(199.999) }) })]);
    expect(items()[0]!.getAttribute("aria-label")).toMatch(/^Release, running/);
    expect(within(items()[0]!).getByRole("button", { name: "Delete" })).toHaveProperty("disabled", true);
    emit([ev({ type: "run-deleted", runId: "run_b" })]);
    expect(items()).toHaveLength(3);
    expect(screen.queryByText("fork of run_a")).toBeNull();
  });

  it("draws the 25 newest of a long history, more at each ask, and the selected run wherever it stands", async () => {
    const long = Array.from({ length: 60 }, (_, i) => runSummary(`run_${String(i).padStart(2, "0")}`, { status: "succeeded", startedAt: at(i), endedAt: at(i + 0.5) }));
    const first = await renderStudio({ project: samplesProject(), answers: { listRuns: () => ({ ok: true, value: long }) } });
    expect(within(runs()).getByText("60")).toBeTruthy();
    expect(items()).toHaveLength(25);
    expect(items()[0]!.getAttribute("aria-label")).toBe("Release, succeeded, started 09:14:19");
    fireEvent.click(within(runs()).getByRole("button", { name: "Show 25 more of 60 runs" }));
    expect(items()).toHaveLength(50);
    fireEvent.click(within(runs()).getByRole("button", { name: "Show 10 more of 60 runs" }));
    expect(items()).toHaveLength(60);
    expect(within(runs()).queryByRole("button", { name: /more of 60 runs/ })).toBeNull();
    first.unmount();

    // Selected from elsewhere (the palette, a fork's origin), the oldest run is drawn after the
    // newest 25, with what is not drawn said between them.
    const fresh = await renderStudio({ project: samplesProject(), answers: { listRuns: () => ({ ok: true, value: long }) } });
    act(() => fresh.store.getState().selectRun("run_00"));
    const list = fresh.container.querySelector<HTMLElement>("[aria-label='Run history']")!;
    const drawn = within(list).getAllByRole("listitem");
    expect(drawn).toHaveLength(26);
    expect(drawn.at(-1)!.className).toContain("is-selected");
    expect(drawn.at(-1)!.getAttribute("aria-label")).toBe("Release, succeeded, started 09:13:20");
    const more = within(list).getByRole("button", { name: "Show 25 more of 60 runs" });
    expect(more.compareDocumentPosition(drawn.at(-1)!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
