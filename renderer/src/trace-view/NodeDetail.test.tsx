// The node detail's cost (rolled up like usage, the studio's one dollar format, unpriced calls counted) and
// the marker on nodes answered from a record (replayed: not billed again).
import { fireEvent, screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { ev, resetSeq, runSummary, traceEvents } from "../../test/events.ts";
import { recordedEvents, samplesProject } from "../../test/fixtures.ts";
import { renderStudio } from "../../test/render-studio.tsx";
import type { TraceEvent } from "../contract/index.ts";

beforeEach(() => resetSeq());

const trace = () => screen.getByRole("region", { name: "Trace" });
const detail = () => within(trace()).getByRole("region", { name: "Node detail" });

/** The report run with every call priced at $0.000125 a token but the last, and its first call replayed. */
async function pricedReport() {
  const studio = await renderStudio({ project: samplesProject() });
  fireEvent.click(within(screen.getByRole("region", { name: "Agents" })).getByRole("option", { name: "Report workflow" }));
  const events = recordedEvents("report", "r1");
  const last = events.filter((e) => e.type === "usage").at(-1);
  const priced = events.map((e) => (e.type === "usage" && e !== last ? { ...e, costUsd: 0.000125 * e.usage.totalTokens } : e));
  const replayed = { type: "replayed", nodeId: "n4", from: { runId: "r0", nodeId: "n4" }, runId: "r1", seq: events.length + 1, time: 1 } as TraceEvent;
  studio.emit([ev({ type: "run-started", run: runSummary("r1", { entryId: "workflow:report.tsx", name: "Report" }) }), ...traceEvents("r1", [...priced, replayed])]);
  return studio;
}

const costOf = () => {
  const terms = within(detail()).getAllByRole("term");
  const index = terms.findIndex((t) => t.textContent === "Cost");
  return index < 0 ? undefined : within(detail()).getAllByRole("definition")[index]!.textContent;
};

describe("cost per node", () => {
  it("shows a priced call's dollars, two significant digits below a cent", async () => {
    await pricedReport();
    fireEvent.click(within(trace()).getByRole("treeitem", { name: "model-call scripted, succeeded, replayed" }));
    expect(costOf()).toBe("$0.0018 — replayed, not billed");
  });

  it("rolls up to the run, counting the calls without a price", async () => {
    await pricedReport();
    fireEvent.click(within(trace()).getByRole("treeitem", { name: "run Report, succeeded" }));
    // 50 priced tokens (the run's 94 less the last call's 44) at $0.000125.
    expect(costOf()).toBe("$0.0063 (+ 1 call without a price)");
  });

  it("has no cost on a node without model calls under it", async () => {
    await pricedReport();
    fireEvent.click(within(trace()).getByRole("treeitem", { name: "tool-call search, succeeded" }));
    expect(costOf()).toBeUndefined();
  });
});

describe("replayed nodes", () => {
  it("say so in the trace and in the detail", async () => {
    await pricedReport();
    const row = within(trace()).getByRole("treeitem", { name: "model-call scripted, succeeded, replayed" });
    expect(row.querySelector("[data-text=\"replayed\"]")).not.toBeNull(); // shown (drawn by CSS), and in the row's name
    fireEvent.click(row);
    expect(within(detail()).getByText("replayed").getAttribute("title")).toContain("Answered from run r0");
  });
});
