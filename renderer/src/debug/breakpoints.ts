// Breakpoints as the studio shows them: which breakpoint a node of the Agent tree or the trace
// stands for, how one reads ("tool deploy"), and toggling one in the studio's list. Matching
// follows the engine (engine/src/debug/debugger.ts): a bare step id holds inside composite tools.
import type { Breakpoint, TraceNode } from "../contract/index.ts";

/** How a breakpoint reads: "tool deploy", "step research:findings", "agent Triage". */
export function breakpointLabel(breakpoint: Breakpoint): string {
  switch (breakpoint.kind) {
    case "tool":
      return `tool ${breakpoint.tool}`;
    case "step":
      return `step ${breakpoint.step}`;
    case "agent":
      return `agent ${breakpoint.agent}`;
  }
}

export function sameBreakpoint(a: Breakpoint, b: Breakpoint): boolean {
  return breakpointLabel(a) === breakpointLabel(b);
}

/** Whether `set` stops where `at` does: the same breakpoint, or a bare step id that matches a prefixed one. */
export function breakpointHolds(set: Breakpoint, at: Breakpoint): boolean {
  if (set.kind === "step" && at.kind === "step") return set.step === at.step || bareStep(at.step) === set.step;
  return sameBreakpoint(set, at);
}

/** Whether any breakpoint of the list stops at `at`. */
export function isArmed(list: readonly Breakpoint[], at: Breakpoint): boolean {
  return list.some((set) => breakpointHolds(set, at));
}

/** The list with `at` added, or with every breakpoint that stops there removed. */
export function toggleBreakpoint(list: readonly Breakpoint[], at: Breakpoint): Breakpoint[] {
  return isArmed(list, at) ? list.filter((set) => !breakpointHolds(set, at)) : [...list, at];
}

/**
 * The breakpoint a node stands for: an agent → its name, a step → its step id prefixed by the
 * composite tools it runs in (`research:findings`), a tool call or composite tool → the tool.
 *
 * @example
 * breakpointForNode(stepNode, "research:"); // { kind: "step", step: "research:findings" }
 */
export function breakpointForNode(node: Pick<TraceNode, "kind" | "name">, stepPrefix: string): Breakpoint | undefined {
  switch (node.kind) {
    case "agent":
      return { kind: "agent", agent: node.name };
    case "step":
      return { kind: "step", step: `${stepPrefix}${node.name}` };
    case "tool-call":
    case "composite":
      return { kind: "tool", tool: node.name };
    default:
      return undefined;
  }
}

/** The step prefix of a node from its ancestors (root first): one `<tool>:` per composite tool above it. */
export function stepPrefixOf(ancestors: readonly Pick<TraceNode, "kind" | "name">[]): string {
  return ancestors
    .filter((n) => n.kind === "composite")
    .map((n) => `${n.name}:`)
    .join("");
}

/** The ids of a tree's nodes that a breakpoint of the list stops at (for markers on many rows at once). */
export function armedNodeIds(root: TraceNode | undefined, list: readonly Breakpoint[]): ReadonlySet<string> {
  const armed = new Set<string>();
  if (!root || list.length === 0) return armed;
  // An explicit stack: a 10,000-node run must not recurse 10,000 frames deep.
  const stack: Array<{ node: TraceNode; prefix: string }> = [{ node: root, prefix: "" }];
  while (stack.length > 0) {
    const { node, prefix } = stack.pop()!;
    const at = breakpointForNode(node, prefix);
    if (at && isArmed(list, at)) armed.add(node.id);
    const inner = node.kind === "composite" ? `${prefix}${node.name}:` : prefix;
    for (const child of node.children) stack.push({ node: child, prefix: inner });
  }
  return armed;
}

// `research:findings` → `findings`.
function bareStep(step: string): string {
  return step.slice(step.lastIndexOf(":") + 1);
}
