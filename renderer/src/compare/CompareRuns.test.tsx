// Compare runs: opened from the Token usage region, two selects and Compare, then the runs side by
// side with each difference marked in words; past runs' events are fetched with getRunEvents.
import { act, fireEvent, screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { ev, resetSeq, runSummary, traceEvents } from "../../test/events.ts";
import { recordedEvents, samplesProject } from "../../test/fixtures.ts";
import { localTime } from "../../test/clock.ts";
import { renderStudio } from "../../test/render-studio.tsx";
import type { RunSummary, TraceEvent } from "../contract/index.ts";

beforeEach(() => resetSeq());

const usage = { inputTokens: 55, outputTokens: 39, reasoningTokens: 0, cachedInputTokens: 0, totalTokens: 94 };
const past = (runId: string, startedAt: number): RunSummary =>
  runSummary(runId, { entryId: "workflow:report.tsx", name: "Report", status: "succeeded", startedAt, endedAt: startedAt + 300, usage });

/** The report run with the composite's step asked to be brief. */
function briefer(runId: string): TraceEvent[] {
  return recordedEvents("report", runId).map((e) => {
    if (e.type === "node-start" && e.node.kind === "step" && e.node.id === "n8") return { ...e, node: { ...e.node, input: { prompt: "Research briefly: How does React Suspense work?" } } };
    return e;
  });
}

async function openCompare(events: Record<string, TraceEvent[] | undefined>) {
  const studio = await renderStudio({
    project: samplesProject(),
    answers: {
      listRuns: () => ({ ok: true, value: [past("run_b", localTime(2026, 10, 30, 9, 15)), past("run_a", localTime(2026, 10, 30, 9, 13, 20))] }),
      getRunEvents: ({ runId }) => {
        const list = events[runId];
        return list ? { ok: true, value: list } : { ok: false, error: { code: "STUDIO_UNKNOWN_RUN", message: `studio: no run ${runId} is recorded` } };
      },
    },
  });
  const button = within(screen.getByRole("region", { name: "Token usage" })).getByRole("button", { name: "Compare runs" });
  fireEvent.click(button);
  return { ...studio, button };
}

const region = () => screen.getByRole("region", { name: "Compare runs" });
const compare = () => act(async () => fireEvent.click(within(region()).getByRole("button", { name: "Compare" })));

describe("Compare runs", () => {
  it("opens as a dialog with a select per side, the newest run on the right and the one before it on the left", async () => {
    await openCompare({});
    expect(screen.getByRole("dialog", { name: "Compare runs" })).toBeTruthy();
    const left = within(region()).getByRole("combobox", { name: "Left run" }) as HTMLSelectElement;
    const right = within(region()).getByRole("combobox", { name: "Right run" }) as HTMLSelectElement;
    expect([left.value, right.value]).toEqual(["run_a", "run_b"]);
    expect(within(left).getAllByRole("option").map((o) => o.textContent)).toEqual(["Report · 30 Nov, 09:15:00 · succeeded", "Report · 30 Nov, 09:13:20 · succeeded"]);
    expect(document.activeElement).toBe(left);
  });

  it("fetches both runs' events and shows them side by side, each difference marked in words", async () => {
    const { bridge } = await openCompare({ run_a: recordedEvents("report", "run_a"), run_b: briefer("run_b") });
    await compare();
    expect(bridge.callsOf("getRunEvents").map((r) => r.runId).sort()).toEqual(["run_a", "run_b"]);
    expect(within(region()).getByText("2 steps: 1 changed, 0 only in left, 0 only in right, 1 the same.")).toBeTruthy();

    const findings = within(region()).getByRole("article", { name: /research:findings changed/ });
    const stepTable = within(findings).getByRole("table", { name: "Step changed" });
    const prompt = within(stepTable).getByRole("row", { name: /prompt changed/ });
    expect(prompt.classList.contains("diff-changed")).toBe(true);
    const [left, right] = within(prompt).getAllByRole("cell");
    expect(left!.querySelector("del")!.textContent).toBe("Research: How does React Suspense work?");
    expect(right!.querySelector("ins")!.textContent).toBe("Research briefly: How does React Suspense work?");
    // What is the same stays out of the way until asked for.
    const same = within(region()).getByRole("article", { name: /report same/ });
    expect(within(same).queryByRole("table")).toBeNull();
    fireEvent.click(within(region()).getByRole("checkbox", { name: "Show what is the same" }));
    expect(within(same).getAllByRole("table").map((t) => t.querySelector("caption")!.textContent)).toEqual([
      "Step same",
      "Model call 1 same",
      "Model call 2 same",
      "Tool call 1 same",
    ]);
  });

  it("marks a step only one run has", async () => {
    await openCompare({ run_a: recordedEvents("report", "run_a"), run_b: recordedEvents("release-denied", "run_b") });
    await compare();
    expect(within(region()).getByRole("article", { name: /release only in right/ })).toBeTruthy();
    const only = within(region()).getByRole("article", { name: /research:findings only in left/ });
    const row = within(within(only).getByRole("table", { name: "Step only in left" })).getByRole("row", { name: /prompt only in left/ });
    expect(within(row).getAllByRole("cell").map((c) => c.textContent)).toEqual(["Research: How does React Suspense work?", "(none)"]);
  });

  it("compares the pair it opens with at once, and again when a side changes", async () => {
    const { bridge } = await openCompare({ run_a: recordedEvents("report", "run_a"), run_b: briefer("run_b") });
    await act(async () => undefined);
    expect(within(region()).getByText("2 steps: 1 changed, 0 only in left, 0 only in right, 1 the same.")).toBeTruthy();
    expect(bridge.callsOf("getRunEvents").map((r) => r.runId).sort()).toEqual(["run_a", "run_b"]);
    // Swapped: the same run on both sides is no comparison; the second pick is.
    await act(async () => fireEvent.change(within(region()).getByRole("combobox", { name: "Left run" }), { target: { value: "run_b" } }));
    await act(async () => fireEvent.change(within(region()).getByRole("combobox", { name: "Right run" }), { target: { value: "run_a" } }));
    const prompt = within(within(region()).getByRole("table", { name: "Step changed" })).getByRole("row", { name: /prompt changed/ });
    expect(within(prompt).getAllByRole("cell")[0]!.querySelector("del")!.textContent).toBe("Research briefly: How does React Suspense work?");
  });

  it("puts a fork's original run on the left", async () => {
    const fork = runSummary("run_f", { entryId: "workflow:report.tsx", name: "Report", status: "succeeded", startedAt: localTime(2026, 10, 30, 9, 16, 40), origin: { kind: "fork", runId: "run_a", nodeId: "n12" } });
    await renderStudio({ project: samplesProject(), answers: { listRuns: () => ({ ok: true, value: [fork, past("run_b", localTime(2026, 10, 30, 9, 15)), past("run_a", localTime(2026, 10, 30, 9, 13, 20))] }) } });
    fireEvent.click(within(screen.getByRole("region", { name: "Token usage" })).getByRole("button", { name: "Compare runs" }));
    const left = within(region()).getByRole("combobox", { name: "Left run" }) as HTMLSelectElement;
    const right = within(region()).getByRole("combobox", { name: "Right run" }) as HTMLSelectElement;
    expect([left.value, right.value]).toEqual(["run_a", "run_f"]);
  });

  it("says why a run can't be compared when its events can't be fetched", async () => {
    await openCompare({ run_a: recordedEvents("report", "run_a") });
    await compare();
    expect(within(region()).getByRole("alert").textContent).toContain("STUDIO_UNKNOWN_RUN");
  });

  it("follows a live run as its events arrive", async () => {
    const { emit } = await openCompare({ run_a: recordedEvents("report", "run_a") });
    const events = recordedEvents("report", "live");
    const firstStepEnd = events.findIndex((e) => e.type === "node-end" && e.nodeId === "n8");
    emit([ev({ type: "run-started", run: runSummary("live", { entryId: "workflow:report.tsx", name: "Report", startedAt: localTime(2026, 10, 30, 9, 16, 40) }) }), ...traceEvents("live", events.slice(0, firstStepEnd))]);
    fireEvent.change(within(region()).getByRole("combobox", { name: "Right run" }), { target: { value: "live" } });
    await compare();
    // The live run has not finished its composite step yet, and not started the report's last call.
    expect(within(region()).getByRole("article", { name: /research:findings changed/ })).toBeTruthy();
    emit(traceEvents("live", events.slice(firstStepEnd)));
    expect(within(region()).getByText("2 steps: 0 changed, 0 only in left, 0 only in right, 2 the same.")).toBeTruthy();
  });

  it("offers runs that start after it opened", async () => {
    const { emit } = await renderStudio({ project: samplesProject() });
    fireEvent.click(within(screen.getByRole("region", { name: "Token usage" })).getByRole("button", { name: "Compare runs" }));
    expect(within(region()).getByText("No runs to compare")).toBeTruthy();
    emit([ev({ type: "run-started", run: runSummary("r1", { startedAt: 1 }) }), ev({ type: "run-started", run: runSummary("r2", { startedAt: 2 }) })]);
    expect((within(region()).getByRole("combobox", { name: "Left run" }) as HTMLSelectElement).value).toBe("r1");
    expect((within(region()).getByRole("combobox", { name: "Right run" }) as HTMLSelectElement).value).toBe("r2");
    expect((within(region()).getByRole("button", { name: "Compare" }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("closes with Escape and gives the focus back to its button", async () => {
    const { button } = await openCompare({});
    fireEvent.keyDown(screen.getByRole("dialog", { name: "Compare runs" }), { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(button);
  });
});
