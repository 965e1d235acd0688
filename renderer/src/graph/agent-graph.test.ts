import { describe, expect, it } from "vitest";
import { samplesProject } from "../../test/fixtures.ts";
import { agentGraph } from "./agent-graph.ts";
import { layoutGraph } from "./layout.ts";

const tree = (id: string) => samplesProject().entries.find((e) => e.id === id)!.tree;

describe("agentGraph", () => {
  it("draws agents and steps without the run node, named by kind", () => {
    const { nodes, edges } = agentGraph(tree("workflow:triage.tsx"));
    expect(nodes.map((n) => n.label)).toEqual(["agent Triage", "step triage"]);
    expect(nodes[0]!.detail).toBe("3 tools");
    expect(edges).toEqual([expect.objectContaining({ source: "n2", target: "n3", kind: "contains" })]);
  });

  it("draws an <Inherit> grant as a labelled edge from the parent agent, in place of the plain edge", () => {
    const { edges } = agentGraph(tree("workflow:summarize.tsx"));
    const between = edges.filter((e) => e.source === "n2" && e.target === "n3");
    expect(between).toEqual([expect.objectContaining({ kind: "inherits", label: "inherits readFile", ariaLabel: "Agent inherits readFile from Summarize" })]);
  });

  it("draws a composite tool with its own agent subtree", () => {
    const { nodes, edges } = agentGraph(tree("workflow:report.tsx"));
    expect(nodes.map((n) => n.label)).toEqual(["agent Report", "composite research", "agent Agent", "step findings", "step report"]);
    expect(edges.map((e) => `${e.source}->${e.target}`)).toEqual(["n2->n3", "n3->n4", "n4->n5", "n2->n6"]);
  });

  it("draws nested agents under their parent", () => {
    const { nodes } = agentGraph(tree("workflow:nested.tsx"));
    expect(nodes.map((n) => n.label)).toEqual(["agent Nested", "step outer", "agent Agent", "step inner"]);
  });
});

describe("layoutGraph", () => {
  it("lays the tree out top to bottom", () => {
    const graph = agentGraph(tree("workflow:report.tsx"));
    const { positions } = layoutGraph(graph);
    for (const edge of graph.edges) expect(positions.get(edge.target)!.y).toBeGreaterThan(positions.get(edge.source)!.y);
  });
});
