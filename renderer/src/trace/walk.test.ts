import { describe, expect, it } from "vitest";
import { recordedEvents } from "../../test/fixtures.ts";
import { buildRunTrace } from "./index.ts";
import { nodesOfKind, pathTo, visibleRows } from "./walk.ts";

const tree = buildRunTrace(recordedEvents("report"));

describe("visibleRows", () => {
  it("lists every node depth first with level, position and set size", () => {
    const rows = visibleRows(tree.root, new Set());
    expect(rows.map((r) => r.node.id)).toEqual(["n1", "n2", "n3", "n4", "n5", "n6", "n7", "n8", "n9", "n10", "n11", "n12"]);
    const step = rows.find((r) => r.node.id === "n3")!;
    expect(step).toMatchObject({ level: 3, position: 1, siblings: 1, expanded: true });
    const lastCall = rows.find((r) => r.node.id === "n12")!;
    expect(lastCall).toMatchObject({ level: 4, position: 3, siblings: 3 });
  });

  it("skips the children of collapsed nodes", () => {
    const rows = visibleRows(tree.root, new Set(["n5"]));
    expect(rows.map((r) => r.node.id)).toEqual(["n1", "n2", "n3", "n4", "n5", "n12"]);
    expect(rows.find((r) => r.node.id === "n5")!.expanded).toBe(false);
  });
});

describe("nodesOfKind and pathTo", () => {
  it("finds every agent with the agent names above it", () => {
    expect(nodesOfKind(tree.root, "agent").map((a) => a.agentPath)).toEqual([["Report"], ["Report", "Agent"]]);
  });

  it("walks from the root to a node", () => {
    expect(pathTo(tree.nodes, "n10").map((n) => n.id)).toEqual(["n1", "n2", "n3", "n5", "n6", "n7", "n8", "n10"]);
  });
});
