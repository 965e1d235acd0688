// The selection slice: what selecting an entry, a node of its Agent tree graph, a run and a node of
// a run's trace puts in the inspectors. The samples' first entry (article.tsx) is: run n1 > agent
// n2 (Article) > composite n3 (researcher, agent n4 inside) and step n6 (write).
import { beforeEach, describe, expect, it } from "vitest";
import { createFakeBridge } from "../../test/fake-bridge.ts";
import { ev, resetSeq, runSummary, traceEvents } from "../../test/events.ts";
import { recordedEvents, samplesProject } from "../../test/fixtures.ts";
import { createStudioStore } from "./studio-store.ts";

beforeEach(() => resetSeq());

async function started() {
  const bridge = createFakeBridge({ project: samplesProject() });
  const store = createStudioStore(bridge);
  await store.getState().start();
  return { bridge, store };
}

describe("a node of the Agent tree graph", () => {
  it("inspects an agent itself", async () => {
    const { store } = await started();
    store.getState().selectGraphNode("n2");
    expect(store.getState()).toMatchObject({ selectedGraphNodeId: "n2", inspected: { runId: null, nodeId: "n2" } });
  });

  it("inspects a composite tool's inner agent", async () => {
    const { store } = await started();
    store.getState().selectGraphNode("n3");
    expect(store.getState()).toMatchObject({ selectedGraphNodeId: "n3", inspected: { runId: null, nodeId: "n4" } });
  });

  it("inspects the agent around a step", async () => {
    const { store } = await started();
    store.getState().selectGraphNode("n6");
    expect(store.getState()).toMatchObject({ selectedGraphNodeId: "n6", inspected: { runId: null, nodeId: "n2" } });
  });

  it("ignores a node the entry's tree does not have", async () => {
    const { store } = await started();
    const before = store.getState();
    store.getState().selectGraphNode("n99");
    expect(store.getState()).toBe(before);
  });
});

describe("an entry", () => {
  it("selects its first agent and its latest run", async () => {
    const { bridge, store } = await started();
    bridge.emit([
      ev({ type: "run-started", run: runSummary("r1", { entryId: "workflow:fix.tsx", startedAt: 1 }) }),
      ev({ type: "run-started", run: runSummary("r2", { entryId: "workflow:fix.tsx", startedAt: 2 }) }),
    ]);
    store.getState().selectEntry("workflow:fix.tsx");
    expect(store.getState()).toMatchObject({
      selectedEntryId: "workflow:fix.tsx",
      selectedGraphNodeId: "n2",
      inspected: { runId: null, nodeId: "n2" },
      selectedRunId: "r2",
      selectedTraceNodeId: null,
    });
  });
});

describe("a node of a run's trace", () => {
  async function withRun() {
    const { bridge, store } = await started();
    bridge.emit([ev({ type: "run-started", run: runSummary("r1", { entryId: "workflow:report.tsx" }) }), ...traceEvents("r1", recordedEvents("report", "r1"))]);
    store.getState().selectRun("r1");
    const nodes = [...store.getState().runs.r1!.trace.nodes.values()];
    return { store, agent: nodes.find((n) => n.kind === "agent")!, step: nodes.find((n) => n.kind === "step")! };
  }

  it("inspects an agent of the run's trace, by the run's id", async () => {
    const { store, agent } = await withRun();
    store.getState().selectTraceNode(agent.id);
    expect(store.getState()).toMatchObject({ selectedTraceNodeId: agent.id, inspected: { runId: "r1", nodeId: agent.id } });
  });

  it("keeps the inspected agent when the node is no agent", async () => {
    const { store, step } = await withRun();
    const inspected = store.getState().inspected;
    store.getState().selectTraceNode(step.id);
    expect(store.getState().selectedTraceNodeId).toBe(step.id);
    expect(store.getState().inspected).toEqual(inspected);
  });

  it("inspects a trace agent only while a run is selected", async () => {
    const { store } = await started();
    const inspected = store.getState().inspected;
    store.getState().inspectTraceAgent("n2");
    expect(store.getState().inspected).toEqual(inspected);
  });
});
