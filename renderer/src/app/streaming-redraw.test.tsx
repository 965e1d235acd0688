// While runs stream, a batch that only adds text to runs changes no DOM but that text's own: the
// Runs list, the Run region's list, the per-run usage rows and the checkboxes stay as they are.
// Every DOM change costs the page a style recalc, a paint and a layerize in the next frame; with
// 50 runs streaming, redrawing every row (and React rewriting each checkbox's attributes) was most
// of the page's main thread (docs/benchmarks.md, "Web host under load").
import { fireEvent, screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { ev, resetSeq, runSummary, traceEvents } from "../../test/events.ts";
import { localTime, pinClock } from "../../test/clock.ts";
import { recordedEvents, samplesProject } from "../../test/fixtures.ts";
import { renderStudio } from "../../test/render-studio.tsx";
import type { StudioEvent } from "../contract/index.ts";

beforeEach(() => resetSeq());

const RUNS = ["r1", "r2", "r3"];
const started = localTime(2027, 2, 15, 9, 0, 0);

const runRow = (start: string) => within(screen.getByRole("region", { name: "Runs" })).getByRole("listitem", { name: `Report, running, started ${start}` });

/** Three runs of Report, each stopped mid-stream in its last model call (n12). */
async function threeStreamingRuns() {
  pinClock(started + 5_000);
  const studio = await renderStudio({ project: samplesProject() });
  fireEvent.click(within(screen.getByRole("region", { name: "Agents" })).getByRole("option", { name: "Report workflow" }));
  traceSeq = reportEvents[midStream]!.seq;
  studio.emit(
    RUNS.flatMap((runId, i) => [
      ev({ type: "run-started", run: runSummary(runId, { entryId: "workflow:report.tsx", name: "Report", startedAt: started + i * 1000 }) }),
      ...traceEvents(runId, recordedEvents("report", runId).slice(0, midStream + 1)),
    ]),
  );
  // The Trace shows the first run; the usage table and the checkboxes are drawn.
  fireEvent.click(within(runRow("09:00:00")).getAllByRole("button")[0]!);
  return studio;
}

const reportEvents = recordedEvents("report");
const midStream = reportEvents.findIndex((e) => e.type === "node-update" && e.nodeId === "n12" && e.textDelta === "a ");
/** The trace seq each run's next event takes (the same in each: they replay one record). */
let traceSeq = 0;

/** A text delta for each run's streaming model call, and nothing else. */
const moreText = (runIds: string[], text: string): StudioEvent[] => {
  const seq = ++traceSeq;
  return runIds.flatMap((runId) => traceEvents(runId, [{ type: "node-update", seq, runId, nodeId: "n12", time: started + 4_000, textDelta: text }]));
};

/** A region's accessible name (its aria-label, or the text of what labels it). */
function regionName(region: Element | null | undefined): string {
  if (!region) return "outside any region";
  const label = region.getAttribute("aria-label") ?? document.getElementById(region.getAttribute("aria-labelledby") ?? "")?.textContent;
  return label ?? "an unnamed region";
}

/** The DOM changes `act` makes, by the region they are in. */
function changesOf(act: () => void): Map<string, number> {
  const observer = new MutationObserver(() => {});
  observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  act();
  const changes = new Map<string, number>();
  for (const record of observer.takeRecords()) {
    const element = record.target instanceof Element ? record.target : record.target.parentElement;
    const region = regionName(element?.closest("section, [role=region]"));
    changes.set(region, (changes.get(region) ?? 0) + 1);
  }
  observer.disconnect();
  return changes;
}

describe("a batch of streamed text", () => {
  it("changes nothing on the page for runs that are not shown", async () => {
    const { emit } = await threeStreamingRuns();
    expect(screen.getByRole("checkbox", { name: "Start paused" })).toBeTruthy();
    expect(screen.getByRole("checkbox", { name: "Show each step's model calls" })).toBeTruthy();
    expect(within(screen.getByRole("region", { name: "Runs" })).getAllByRole("listitem")).toHaveLength(3);

    expect(changesOf(() => emit(moreText(["r2", "r3"], "and ")))).toEqual(new Map());
  });

  it("changes only the streamed text where the shown run's model call is open", async () => {
    const { emit } = await threeStreamingRuns();
    const trace = screen.getByRole("region", { name: "Trace" });
    fireEvent.click(within(trace).getAllByRole("treeitem", { name: "model-call scripted, running" }).at(-1)!);
    const detail = within(trace).getByRole("region", { name: "Node detail" });
    expect(detail.textContent).not.toContain("a then");
    const changes = changesOf(() => emit(moreText(["r1", "r2", "r3"], "then ")));
    expect([...changes.keys()]).toEqual(["Node detail"]);
    expect(detail.textContent).toContain("a then");
  });

  it("still redraws a run's row when its figures move", async () => {
    const { emit } = await threeStreamingRuns();
    const row = () => runRow("09:00:01");
    const before = row().textContent;
    emit(traceEvents("r2", [{ type: "usage", seq: ++traceSeq, runId: "r2", nodeId: "n12", time: started + 4_500, usage: { inputTokens: 900, outputTokens: 100, reasoningTokens: 0, cachedInputTokens: 0, totalTokens: 1000 } }]));
    expect(row().textContent).not.toBe(before);
    expect(row().textContent).toMatch(/\d[\d,]* tokens/);
  });
});
