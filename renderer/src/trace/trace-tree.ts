// Trace events → the run's tree, the way engine/src/trace/builder.ts builds it, but immutably:
// a batch of events yields a new tree in which only the changed nodes and their ancestors are new
// objects, so React re-renders exactly those rows. Events carry a per-run `seq`; duplicates
// (a re-subscription) are dropped and events after a gap are held until the gap fills.
// Beside the tree it keeps what the engine's tree leaves out: where the run is stopped ("paused"
// until its "resumed") and which nodes were answered from a record ("replayed").
import type { Cost, StopInfo, TraceEvent, TraceNode, Usage } from "../contract/index.ts";

export interface TraceTree {
  readonly root: TraceNode | undefined;
  /** The current version of every node, by id. */
  readonly nodes: ReadonlyMap<string, TraceNode>;
  /** The highest per-run seq applied; every event up to it has been applied. */
  readonly lastSeq: number;
  /** Events that arrived after a gap in seq, oldest first, waiting for the gap to fill. */
  readonly held: readonly TraceEvent[];
  /** Where the run is stopped: the last "paused" not yet "resumed". */
  readonly stop: StopInfo | undefined;
  /** Nodes answered from a recorded run (not paid again), with the node they came from. */
  readonly replayed: ReadonlyMap<string, { runId: string; nodeId: string }>;
}

export const emptyTrace: TraceTree = { root: undefined, nodes: new Map(), lastSeq: 0, held: [], stop: undefined, replayed: new Map() };

export function emptyUsage(): Usage {
  return { inputTokens: 0, outputTokens: 0, reasoningTokens: 0, cachedInputTokens: 0, totalTokens: 0 };
}

/**
 * Applies a batch of one run's trace events in seq order; returns `tree` itself when nothing changed.
 *
 * @example
 * let tree = emptyTrace;
 * tree = applyTraceEvents(tree, batch); // tree.root is the run node
 */
export function applyTraceEvents(tree: TraceTree, events: readonly TraceEvent[]): TraceTree {
  if (events.length === 0) return tree;
  const draft = new TraceDraft(tree);
  const pending = [...tree.held, ...events].sort((a, b) => a.seq - b.seq);
  const held: TraceEvent[] = [];
  let lastSeq = tree.lastSeq;
  for (const event of pending) {
    if (event.seq <= lastSeq) continue;
    if (event.seq !== lastSeq + 1) {
      if (held.at(-1)?.seq !== event.seq) held.push(event);
      continue;
    }
    draft.apply(event);
    lastSeq = event.seq;
  }
  if (lastSeq === tree.lastSeq && held.length === tree.held.length) return tree;
  return draft.finish(lastSeq, held);
}

/** Applies held events across their gaps (the missing ones are not coming back). */
export function flushHeld(tree: TraceTree): TraceTree {
  if (tree.held.length === 0) return tree;
  const draft = new TraceDraft(tree);
  for (const event of tree.held) draft.apply(event);
  return draft.finish(tree.held.at(-1)!.seq, []);
}

/** Builds a tree from a run's full event list (e.g. `getRunEvents`). */
export function buildTraceTree(events: readonly TraceEvent[]): TraceTree {
  return flushHeld(applyTraceEvents(emptyTrace, events));
}

/** True when events are missing (held after a gap), so the full list should be fetched. */
export function hasGap(tree: TraceTree): boolean {
  return tree.held.length > 0;
}

// Copy-on-write over one batch: a node is copied the first time the batch touches it, along with
// its ancestors (so each gets a new identity), and mutated freely after that.
class TraceDraft {
  readonly #nodes: Map<string, TraceNode>;
  readonly #fresh = new Set<TraceNode>();
  #root: TraceNode | undefined;
  #stop: StopInfo | undefined;
  readonly #replayedBefore: TraceTree["replayed"];
  #replayed: Map<string, { runId: string; nodeId: string }> | undefined;

  constructor(tree: TraceTree) {
    this.#nodes = new Map(tree.nodes);
    this.#root = tree.root;
    this.#stop = tree.stop;
    this.#replayedBefore = tree.replayed;
  }

  finish(lastSeq: number, held: TraceEvent[]): TraceTree {
    return { root: this.#root, nodes: this.#nodes, lastSeq, held, stop: this.#stop, replayed: this.#replayed ?? this.#replayedBefore };
  }

  apply(event: TraceEvent): void {
    switch (event.type) {
      case "node-start": {
        const node: TraceNode = { ...event.node, status: "running", startedAt: event.time, endedAt: null, usage: emptyUsage(), children: [] };
        this.#nodes.set(node.id, node);
        this.#fresh.add(node);
        const parent = node.parentId === null ? undefined : this.#writable(node.parentId);
        if (parent) parent.children.push(node);
        else if (!this.#root) this.#root = node;
        return;
      }
      case "node-update": {
        const node = this.#writable(event.nodeId);
        if (!node) return;
        if (event.textDelta !== undefined) appendOutputText(node, "text", event.textDelta);
        if (event.reasoningDelta !== undefined) appendOutputText(node, "reasoning", event.reasoningDelta);
        if (event.status !== undefined) node.status = event.status;
        if (event.input) node.input = { ...(node.input as object | undefined), ...event.input };
        if (event.capabilities) node.capabilities = event.capabilities;
        if (event.tools) node.tools = event.tools;
        return;
      }
      case "node-end": {
        const node = this.#writable(event.nodeId);
        if (!node) return;
        node.status = event.status;
        node.endedAt = event.time;
        if ("output" in event) node.output = event.output;
        if (event.error) node.error = event.error;
        return;
      }
      case "usage": {
        for (let node = this.#writable(event.nodeId); node; node = node.parentId === null ? undefined : this.#writable(node.parentId)) {
          node.usage = addUsage(node.usage, event.usage);
          node.cost = addCost(node.cost, event.costUsd);
        }
        return;
      }
      case "tool-denied": {
        const node = this.#writable(event.nodeId);
        if (node) node.denied = [...(node.denied ?? []), event.denial];
        return;
      }
      case "paused":
        this.#stop = event.stop;
        return;
      case "resumed":
        if (this.#stop?.id === event.stopId) this.#stop = undefined;
        return;
      case "replayed":
        this.#replayed ??= new Map(this.#replayedBefore);
        this.#replayed.set(event.nodeId, event.from);
        return;
      case "approval-requested":
      case "approval-resolved":
        // Approvals have nodes of their own; the inbox reads these from the studio's events.
        return;
    }
  }

  /** The node, copied once per batch, with its ancestors pointing at the copy. */
  #writable(id: string): TraceNode | undefined {
    const node = this.#nodes.get(id);
    if (!node || this.#fresh.has(node)) return node;
    const copy: TraceNode = { ...node, children: node.children.slice() };
    this.#nodes.set(id, copy);
    this.#fresh.add(copy);
    const parent = node.parentId === null ? undefined : this.#writable(node.parentId);
    if (parent) replaceChild(parent.children, node, copy);
    if (this.#root === node) this.#root = copy;
    return copy;
  }
}

// The child that changes is nearly always among the last ones, so search from the end.
function replaceChild(children: TraceNode[], from: TraceNode, to: TraceNode): void {
  for (let i = children.length - 1; i >= 0; i--) {
    if (children[i] === from) {
      children[i] = to;
      return;
    }
  }
}

export function addUsage(a: Usage, b: Usage): Usage {
  return {
    inputTokens: a.inputTokens + b.inputTokens,
    outputTokens: a.outputTokens + b.outputTokens,
    reasoningTokens: a.reasoningTokens + b.reasoningTokens,
    cachedInputTokens: a.cachedInputTokens + b.cachedInputTokens,
    totalTokens: a.totalTokens + b.totalTokens,
  };
}

/**
 * Adds one model call's cost to a running total, as the engine's `addCost` does: a call without a
 * price (`usd` undefined) is counted in `unpricedCalls`, never guessed.
 */
export function addCost(total: Cost | undefined, usd: number | undefined): Cost {
  const from = total ?? { usd: 0, unpricedCalls: 0 };
  return usd === undefined ? { usd: from.usd, unpricedCalls: from.unpricedCalls + 1 } : { usd: from.usd + usd, unpricedCalls: from.unpricedCalls };
}

// Streamed text accumulates on the running node's output, so the live view shows it as it arrives.
function appendOutputText(node: TraceNode, field: "text" | "reasoning", delta: string): void {
  const output = (node.output && typeof node.output === "object" ? node.output : {}) as Record<string, unknown>;
  const before = typeof output[field] === "string" ? output[field] : "";
  node.output = { ...output, [field]: `${before}${delta}` };
}
