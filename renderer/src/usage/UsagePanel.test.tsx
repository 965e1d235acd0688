// Token usage: cost beside tokens per node, step, agent and run, and the "Tokens per step" chart
// of the selected run, which follows a live run as its usage arrives.
import { act, fireEvent, screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { ev, resetSeq, runSummary, traceEvents } from "../../test/events.ts";
import { recordedEvents, samplesProject } from "../../test/fixtures.ts";
import { localTime, pinClock } from "../../test/clock.ts";
import { renderStudio } from "../../test/render-studio.tsx";
import type { TraceEvent } from "../contract/index.ts";

beforeEach(() => resetSeq());

const usage = () => screen.getByRole("region", { name: "Token usage" });
const report = { entryId: "workflow:report.tsx", name: "Report" };

/** The report run with prices: n4 $0.0021, n9 $0.00003, n11 $0.0004; n12's model has none. */
function pricedReport(): TraceEvent[] {
  const prices: Record<string, number> = { n4: 0.0021, n9: 0.00003, n11: 0.0004 };
  return recordedEvents("report", "r1").map((e) => (e.type === "usage" && prices[e.nodeId] !== undefined ? { ...e, costUsd: prices[e.nodeId] } : e));
}

async function reportRun(events: TraceEvent[], upTo?: number) {
  const studio = await renderStudio({ project: samplesProject() });
  fireEvent.click(within(screen.getByRole("region", { name: "Agents" })).getByRole("option", { name: "Report workflow" }));
  studio.emit([ev({ type: "run-started", run: runSummary("r1", report) }), ...traceEvents("r1", events.slice(0, upTo))]);
  return studio;
}

const cells = (row: HTMLElement) => within(row).getAllByRole("cell").map((c) => c.textContent);

describe("Tokens per step", () => {
  it("draws a bar per step in run order, each with its name and total as text and its numbers as a title", async () => {
    await reportRun(recordedEvents("report", "r1"));
    const chart = within(usage()).getByRole("img", { name: "Tokens per step" });
    expect([...chart.querySelectorAll(".token-bar")].map((bar) => bar.textContent)).toEqual([
      "report: 58 tokens — 36 input (0 cached), 22 output (0 reasoning)report58",
      "research:findings: 36 tokens — 19 input (0 cached), 17 output (0 reasoning)research:findings36",
    ]);
    expect([...chart.querySelectorAll(".token-bar > title")].map((t) => t.textContent)).toEqual([
      "report: 58 tokens — 36 input (0 cached), 22 output (0 reasoning)",
      "research:findings: 36 tokens — 19 input (0 cached), 17 output (0 reasoning)",
    ]);
    // The numbers for a screen reader: the table the chart's description names.
    expect(chart.querySelector("desc")!.textContent).toContain('The table "Per step" has the numbers.');
    const table = within(usage()).getByRole("table", { name: "Per step" });
    // A recording made without prices: every call is counted as unpriced, none is guessed.
    expect(cells(within(table).getByRole("row", { name: /^report/ }))).toEqual(["36", "22", "0", "0", "58", "— 2 calls without a price"]);
    expect(cells(within(table).getByRole("row", { name: /^research:findings/ }))).toEqual(["19", "17", "0", "0", "36", "— 2 calls without a price"]);
  });

  it("grows as a live run's usage arrives", async () => {
    const events = recordedEvents("report", "r1");
    const firstUsage = events.findIndex((e) => e.type === "usage");
    const { emit } = await reportRun(events, firstUsage + 1);
    const chart = () => within(usage()).getByRole("img", { name: "Tokens per step" });
    expect([...chart().querySelectorAll(".token-bar-total")].map((t) => t.textContent)).toEqual(["14"]);
    emit(traceEvents("r1", events.slice(firstUsage + 1)));
    expect([...chart().querySelectorAll(".token-bar-total")].map((t) => t.textContent)).toEqual(["58", "36"]);
  });

  it("lists each step's model calls when asked", async () => {
    await reportRun(pricedReport());
    fireEvent.click(within(usage()).getByRole("checkbox", { name: "Show each step's model calls" }));
    const table = within(usage()).getByRole("table", { name: "Per step" });
    expect(within(table).getAllByRole("rowheader").map((h) => h.textContent)).toEqual(["report", "call 1 · scripted", "call 2 · scripted", "research:findings", "call 1 · scripted", "call 2 · scripted"]);
    expect(cells(within(table).getAllByRole("row", { name: /call 1 · scripted/ })[0]!)).toEqual(["8", "6", "0", "0", "14", "$0.0021"]);
  });

  it("has no chart before a step has started", async () => {
    await reportRun(recordedEvents("report", "r1"), 3);
    expect(within(usage()).queryByRole("img", { name: "Tokens per step" })).toBeNull();
  });
});

describe("Per run", () => {
  const perRun = async (startedAt: (minute: number) => number) => {
    await renderStudio({
      project: samplesProject(),
      answers: {
        listRuns: () => ({
          ok: true,
          value: [
            runSummary("a", { ...report, status: "succeeded", startedAt: startedAt(1), endedAt: startedAt(2) }),
            runSummary("b", { status: "succeeded", startedAt: startedAt(3), endedAt: startedAt(4) }),
            runSummary("c", { ...report, status: "succeeded", startedAt: startedAt(5), endedAt: startedAt(6) }),
          ],
        }),
      },
    });
    const rows = within(within(usage()).getByRole("table", { name: "Per run" })).getAllByRole("row").slice(1);
    return rows.map((r) => within(r).getByRole("rowheader").textContent);
  };

  it("lists every run newest first, numbered per agent as the Run list numbers them, with its start time", async () => {
    pinClock(localTime(2026, 10, 30, 18, 0));
    expect(await perRun((minute) => localTime(2026, 10, 30, 9, minute))).toEqual(["Report #2 09:05:00", "Release #1 09:03:00", "Report #1 09:01:00"]);
  });

  it("dates a run that started on an earlier day", async () => {
    pinClock(localTime(2026, 11, 1, 0, 30));
    expect(await perRun((minute) => localTime(2026, 10, 30, 23, 50 + minute))).toEqual([
      "Report #2 30 Nov 23:55:00",
      "Release #1 30 Nov 23:53:00",
      "Report #1 30 Nov 23:51:00",
    ]);
  });
});

describe("Per run, in a long history", () => {
  it("draws the ten newest and the selected one, and the rest on request", async () => {
    pinClock(localTime(2026, 10, 30, 18, 0));
    const many = Array.from({ length: 14 }, (_, i) => runSummary(`r${i}`, { ...report, status: "succeeded", startedAt: localTime(2026, 10, 30, 9, i), endedAt: localTime(2026, 10, 30, 9, i, 30) }));
    const { store } = await renderStudio({ project: samplesProject(), answers: { listRuns: () => ({ ok: true, value: many }) } });
    act(() => store.getState().selectRun("r0"));
    const rows = () => within(within(usage()).getByRole("table", { name: "Per run" })).getAllByRole("row").slice(1).map((r) => within(r).getByRole("rowheader").textContent);
    expect(rows()).toEqual([...Array.from({ length: 10 }, (_, i) => `Report #${14 - i} 09:${String(13 - i).padStart(2, "0")}:00`), "Report #1 09:00:00"]);
    fireEvent.click(within(usage()).getByRole("button", { name: "Show 3 more of 14 runs" }));
    expect(rows()).toHaveLength(14);
    expect(rows().at(-1)).toBe("Report #1 09:00:00");
    expect(within(usage()).queryByRole("button", { name: /more of 14 runs/ })).toBeNull();
  });
});

describe("Cost", () => {
  it("shows dollars per step, agent and run, and says which calls had no price", async () => {
    await reportRun(pricedReport());
    const steps = within(usage()).getByRole("table", { name: "Per step" });
    // report: n4 priced (0.0021), n12 without a price.
    expect(within(steps).getByRole("row", { name: /^report/ }).querySelector(".usage-cost")!.textContent).toBe("$0.0021 + 1 call without a price");
    expect(within(steps).getByRole("row", { name: /^research:findings/ }).querySelector(".usage-cost")!.textContent).toBe("$0.00043");
    const agents = within(usage()).getByRole("table", { name: "Per agent" });
    expect(cells(within(agents).getByRole("row", { name: /^Report › Agent/ })).at(-1)).toBe("$0.00043");
    const runs = within(usage()).getByRole("table", { name: "Per run" });
    expect(cells(within(runs).getByRole("row", { name: /^Report #1 / })).at(-1)).toBe("$0.0025 + 1 call without a price");
  });

  it("shows a model call's cost when it is the selected node, and a dash when its model has no price", async () => {
    await reportRun(pricedReport());
    const trace = screen.getByRole("region", { name: "Trace" });
    const calls = within(trace).getAllByRole("treeitem", { name: "model-call scripted, succeeded" });
    fireEvent.click(calls[1]!); // n9: a fraction of a hundredth of a cent
    const node = () => within(within(usage()).getByRole("table", { name: "Selected node" })).getByRole("row", { name: /model-call scripted/ });
    expect(cells(node())).toEqual(["6", "3", "0", "0", "9", "$0.000030"]);
    fireEvent.click(within(trace).getAllByRole("treeitem", { name: "model-call scripted, succeeded" })[3]!); // n12
    expect(cells(node())).toEqual(["28", "16", "0", "0", "44", "— 1 call without a price"]);
  });

  it("counts what a live fork has spent: its replayed calls cost nothing", async () => {
    const events = pricedReport();
    const n4 = events.find((e) => e.type === "usage" && e.nodeId === "n4") as Extract<TraceEvent, { type: "usage" }>;
    const at = events.findIndex((e) => e.type === "node-start" && e.node.id === "n4");
    const replayed = { type: "replayed", nodeId: "n4", from: { runId: "r0", nodeId: "n4" }, runId: "r1", seq: 0, time: 1 } as TraceEvent;
    const withReplay = [...events.slice(0, at + 1), replayed, ...events.slice(at + 1)].map((e, i) => ({ ...e, seq: i + 1 }));
    await reportRun(withReplay);
    const row = within(within(usage()).getByRole("table", { name: "Per run" })).getByRole("row", { name: /^Report #1 / });
    expect(cells(row).slice(4)).toEqual([String(94 - n4.usage.totalTokens), "$0.00043 + 1 call without a price"]);
    // The step still shows what its calls used, as the trace does.
    expect(within(within(usage()).getByRole("table", { name: "Per step" })).getByRole("row", { name: /^report/ }).querySelector(".usage-cost")!.textContent).toBe(
      "$0.0021 + 1 call without a price",
    );
  });

  it("uses the run's summary once it has ended", async () => {
    const { emit } = await reportRun(pricedReport());
    const row = () => within(within(usage()).getByRole("table", { name: "Per run" })).getByRole("row", { name: /^Report #1 / });
    const total = { inputTokens: 55, outputTokens: 39, reasoningTokens: 0, cachedInputTokens: 0, totalTokens: 94 };
    emit([ev({ type: "run-ended", run: runSummary("r1", { ...report, status: "succeeded", endedAt: 1795998815309, usage: total, cost: { usd: 1.5, unpricedCalls: 0 } }) })]);
    expect(cells(row())).toEqual(["55", "39", "0", "0", "94", "$1.50"]);
    expect(within(usage()).getByText("94 tokens · $1.50 this run")).toBeTruthy();
  });
});
