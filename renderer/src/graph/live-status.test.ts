import { describe, expect, it } from "vitest";
import { recordedEvents, samplesProject } from "../../test/fixtures.ts";
import type { TraceEvent, TraceNode } from "../contract/index.ts";
import { buildRunTrace } from "../trace/index.ts";
import { agentGraph } from "./agent-graph.ts";
import { visibleGraph } from "./collapse.ts";
import { liveStates } from "./live-status.ts";

const reportGraph = () => agentGraph(samplesProject().entries.find((e) => e.id === "workflow:report.tsx")!.tree);
const byLabel = (graph: ReturnType<typeof agentGraph>, label: string) => graph.nodes.find((n) => n.label === label)!.id;
const traceOf = (events: TraceEvent[]): TraceNode => buildRunTrace(events).root!;

describe("liveStates", () => {
  it("marks every drawn node a finished run reached, through its composite tool", () => {
    const graph = reportGraph();
    const { states, activeId } = liveStates(graph, traceOf(recordedEvents("report")));
    expect(Object.fromEntries(graph.nodes.map((n) => [n.label, states.get(n.id)]))).toEqual({
      "agent Report": "succeeded",
      "composite research": "succeeded",
      "agent Agent": "succeeded",
      "step findings": "succeeded",
      "step report": "succeeded",
    });
    expect(activeId).toBeUndefined();
  });

  it("shows the nodes a live run is in as running, follows the deepest, and leaves the unreached alone", () => {
    const graph = reportGraph();
    const events = recordedEvents("report");
    // Up to the inner step's start: the composite's agent is working, the outer step not yet done.
    const upTo = events.findIndex((e) => e.type === "node-start" && e.node.kind === "step" && e.node.name === "findings");
    const { states, activeId } = liveStates(graph, traceOf(events.slice(0, upTo + 1)));
    expect(states.get(byLabel(graph, "step findings"))).toBe("running");
    expect(states.get(byLabel(graph, "composite research"))).toBe("running");
    expect(states.get(byLabel(graph, "agent Report"))).toBe("running");
    expect(activeId).toBe(byLabel(graph, "step findings"));
  });

  it("reads a stop over anything else, and makes it the followed node", () => {
    const graph = reportGraph();
    const stopped = byLabel(graph, "step report");
    const { states, activeId } = liveStates(graph, traceOf(recordedEvents("report").slice(0, 3)), stopped);
    expect(states.get(stopped)).toBe("stopped");
    expect(activeId).toBe(stopped);
  });

  it("shows a pending approval's step and agent as waiting for approval", () => {
    const project = samplesProject();
    const graph = agentGraph(project.entries.find((e) => e.id === "workflow:release.tsx")!.tree);
    const events = recordedEvents("release-denied");
    const asked = events.findIndex((e) => e.type === "approval-requested");
    const { states } = liveStates(graph, traceOf(events.slice(0, asked + 1)));
    const waiting = graph.nodes.filter((n) => states.get(n.id) === "waiting").map((n) => n.label);
    expect(waiting).toContain("agent Release");
    expect(waiting.some((label) => label.startsWith("step "))).toBe(true);
  });
});

describe("visibleGraph", () => {
  it("hides what is under a folded node, counts it, and drops the edges that touch it", () => {
    const graph = reportGraph();
    const composite = byLabel(graph, "composite research");
    const visible = visibleGraph(graph, new Set([composite]));
    expect(visible.nodes.map((n) => n.label)).toEqual(["agent Report", "composite research", "step report"]);
    expect(visible.hidden.get(composite)).toBe(2);
    expect(visible.edges.every((e) => visible.nodes.some((n) => n.id === e.target))).toBe(true);
    expect(visible.parents.has(composite)).toBe(true);
  });

  it("counts a folded node inside a folded node once, under the outer one", () => {
    const graph = reportGraph();
    const visible = visibleGraph(graph, new Set([byLabel(graph, "agent Report"), byLabel(graph, "composite research")]));
    expect(visible.nodes.map((n) => n.label)).toEqual(["agent Report"]);
    expect(visible.hidden.get(byLabel(graph, "agent Report"))).toBe(4);
  });
});
