// The one fold of a run's trace events: the tree of nodes (usage and cost rolled up to every
// ancestor, streamed text on the node's output), where the run is stopped (the last "paused" not
// yet "resumed"), which nodes were answered from a record ("replayed"), and what the run spent
// (each model call once, less the calls a record answered: they cost nothing this time).
//
// Two ways to hold it, one set of rules:
// - `TraceBuilder` (the engine, the isolate's host side): mutable, in place, events applied as
//   they come; nothing is copied.
// - `applyTraceEvents` (a window's store): immutable. A batch of events yields a new `RunTrace`
//   in which only the nodes it touched and their ancestors are new objects, so React re-renders
//   exactly those rows. Events carry a per-run `seq`: what was applied already is dropped.
// Browser-safe: no Node imports (reached through trace/browser.ts).
import type { TraceEvent } from "./events.ts";
import type { StopInfo } from "./stops.ts";
import { emptyUsage, type Cost, type TraceNode, type Usage } from "./types.ts";
import { keepShape } from "../shapes/index.ts";

/** Where a replayed node's answer came from. */
export interface ReplayedFrom {
  runId: string;
  nodeId: string;
}

/** What a run spent: its model calls' usage and cost, each once, less the calls answered from a record. */
export interface Spent {
  readonly usage: Usage;
  readonly cost: Cost;
}

/** A run's trace as a window holds it. */
export interface RunTrace {
  readonly root: TraceNode | undefined;
  /** The current version of every node, by id. */
  readonly nodes: ReadonlyMap<string, TraceNode>;
  /** The highest per-run seq applied; an event at or below it is not applied again. */
  readonly lastSeq: number;
  /** Where the run is stopped: the last "paused" not yet "resumed". */
  readonly stop: StopInfo | undefined;
  /** Nodes answered from a recorded run (not paid again), with the node they came from. */
  readonly replayed: ReadonlyMap<string, ReplayedFrom>;
  readonly spent: Spent;
}

const NOTHING_SPENT: Spent = { usage: emptyUsage(), cost: { usd: 0, unpricedCalls: 0 } };

export const emptyRunTrace: RunTrace = { root: undefined, nodes: new Map(), lastSeq: 0, stop: undefined, replayed: new Map(), spent: NOTHING_SPENT };

/** `a + b`, as a new Usage. */
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
 * A running total with one model call's cost added, as a new Cost: a call without a price (`usd`
 * undefined) is counted in `unpricedCalls`, never guessed.
 */
export function addCost(total: Cost | undefined, usd: number | undefined): Cost {
  const from = total ?? { usd: 0, unpricedCalls: 0 };
  return usd === undefined ? { usd: from.usd, unpricedCalls: from.unpricedCalls + 1 } : { usd: from.usd + usd, unpricedCalls: from.unpricedCalls };
}

/** The same five token counts (a fold makes a new Usage whenever a node changes, its counts or not). */
export function sameUsage(a: Usage, b: Usage): boolean {
  return (
    a.inputTokens === b.inputTokens &&
    a.outputTokens === b.outputTokens &&
    a.reasoningTokens === b.reasoningTokens &&
    a.cachedInputTokens === b.cachedInputTokens &&
    a.totalTokens === b.totalTokens
  );
}

/** The same dollars and unpriced calls; unknown only equals unknown. */
export function sameCost(a: Cost | undefined, b: Cost | undefined): boolean {
  return a === b || (a !== undefined && b !== undefined && a.usd === b.usd && a.unpricedCalls === b.unpricedCalls);
}

/**
 * What a run spent after `event`: a usage event of a node not answered from a record adds its
 * usage and cost; anything else leaves `spent` as it was (the same object).
 */
export function spentAfter(spent: Spent, event: TraceEvent, replayed: ReadonlyMap<string, unknown> | ReadonlySet<string>): Spent {
  if (event.type !== "usage" || replayed.has(event.nodeId)) return spent;
  return { usage: addUsage(spent.usage, event.usage), cost: addCost(spent.cost, event.costUsd) };
}

/**
 * What a run has spent so far, from its events as they come, for a holder that keeps no tree (the
 * studio's live run summary).
 *
 * @example
 * const spending = new RunSpending();
 * run(element, { onEvent: (event) => spending.add(event) });
 * spending.spent.usage.totalTokens;
 */
export class RunSpending {
  readonly #replayed = new Set<string>();
  #spent: Spent = NOTHING_SPENT;

  get spent(): Spent {
    return this.#spent;
  }

  add(event: TraceEvent): void {
    if (event.type === "replayed") this.#replayed.add(event.nodeId);
    this.#spent = spentAfter(this.#spent, event, this.#replayed);
  }
}

/** Where a run is stopped after `event`: the last "paused" not yet "resumed" (a summary keeps it by this rule too). */
export function stopAfter(stop: StopInfo | undefined, event: TraceEvent): StopInfo | undefined {
  if (event.type === "paused") return event.stop;
  if (event.type === "resumed" && stop?.id === event.stopId) return undefined;
  return stop;
}

/** What a run's events say it spent (a recorded run read back, say). */
export function spentOf(events: Iterable<TraceEvent>): Spent {
  const spending = new RunSpending();
  for (const event of events) spending.add(event);
  return spending.spent;
}

/**
 * The fold itself. `copyOnWrite`: a node is copied the first time this fold touches it (with its
 * ancestors, so each gets a new identity) and mutated freely after that; otherwise nodes are
 * changed in place.
 */
class TraceFold {
  readonly nodes: Map<string, TraceNode>;
  root: TraceNode | undefined;
  stop: StopInfo | undefined;
  replayed: Map<string, ReplayedFrom>;
  spent: Spent;
  readonly #copyOnWrite: boolean;
  readonly #fresh = new Set<TraceNode>();
  #replayedShared: boolean;

  constructor(from: Omit<RunTrace, "lastSeq">, copyOnWrite: boolean) {
    this.#copyOnWrite = copyOnWrite;
    this.nodes = copyOnWrite ? new Map(from.nodes) : (from.nodes as Map<string, TraceNode>);
    this.root = from.root;
    this.stop = from.stop;
    this.replayed = from.replayed as Map<string, ReplayedFrom>;
    this.#replayedShared = copyOnWrite;
    this.spent = from.spent;
  }

  apply(event: TraceEvent): void {
    this.spent = spentAfter(this.spent, event, this.replayed);
    switch (event.type) {
      case "node-start": {
        const node: TraceNode = { ...event.node, status: "running", startedAt: event.time, endedAt: null, usage: emptyUsage(), children: [] };
        this.nodes.set(node.id, node);
        if (this.#copyOnWrite) this.#fresh.add(node);
        const parent = node.parentId === null ? undefined : this.#writable(node.parentId);
        if (parent) parent.children.push(node);
        else if (!this.root) this.root = node;
        return;
      }
      case "node-update": {
        const node = this.#writable(event.nodeId);
        if (!node) return;
        if (event.textDelta !== undefined) appendOutputText(node, "text", event.textDelta);
        if (event.reasoningDelta !== undefined) appendOutputText(node, "reasoning", event.reasoningDelta);
        if (event.status !== undefined) node.status = event.status;
        if (event.input) node.input = { ...recordOf(node.input), ...event.input };
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
      case "resumed":
        this.stop = stopAfter(this.stop, event);
        return;
      case "replayed":
        if (this.#replayedShared) {
          this.replayed = new Map(this.replayed);
          this.#replayedShared = false;
        }
        this.replayed.set(event.nodeId, event.from);
        return;
      case "approval-requested":
      case "approval-resolved":
        // Approvals have nodes of their own (started and ended like any node); these events exist
        // for inboxes that don't hold the tree.
        return;
    }
  }

  /** The node to change: itself in place, or (copy-on-write) its copy, with its ancestors pointing at it. */
  #writable(id: string): TraceNode | undefined {
    const node = this.nodes.get(id);
    if (!node || !this.#copyOnWrite || this.#fresh.has(node)) return node;
    const copy: TraceNode = { ...node, children: node.children.slice() };
    this.nodes.set(id, copy);
    this.#fresh.add(copy);
    const parent = node.parentId === null ? undefined : this.#writable(node.parentId);
    if (parent) replaceChild(parent.children, node, copy);
    if (this.root === node) this.root = copy;
    return copy;
  }
}

/**
 * Builds a run's tree as its events come, in place (the engine's own tree, a host's copy of an
 * isolated run's). Events are applied in the order given; their seq is not checked.
 *
 * @example
 * const builder = new TraceBuilder();
 * for (const event of events) builder.apply(event);
 * builder.root; // the run node
 */
export class TraceBuilder {
  readonly #fold = new TraceFold({ ...emptyRunTrace, nodes: new Map(), replayed: new Map() }, false);

  get root(): TraceNode | undefined {
    return this.#fold.root;
  }

  node(id: string): TraceNode | undefined {
    return this.#fold.nodes.get(id);
  }

  /** Where the run is stopped, if it is. */
  get stop(): StopInfo | undefined {
    return this.#fold.stop;
  }

  /** What the run spent so far (a new object whenever it changes). */
  get spent(): Spent {
    return this.#fold.spent;
  }

  apply(event: TraceEvent): void {
    this.#fold.apply(event);
  }
}
keepShape(new TraceBuilder());

/** Rebuilds a run's tree from its events. */
export function buildTrace(events: Iterable<TraceEvent>): TraceNode | undefined {
  const builder = new TraceBuilder();
  for (const event of events) builder.apply(event);
  return builder.root;
}

/**
 * Applies a batch of one run's trace events in seq order, immutably; returns `trace` itself when
 * nothing changed. Events at or below `lastSeq` were applied already (a record read back over
 * what streamed in, a snapshot's trace) and are skipped. A seq that skips is no gap to wait on:
 * the studio's event stream is the one sequence that is recovered (its seq, by the host's bridge),
 * and a run's seqs skip legitimately where a snapshot's trace left deltas out.
 *
 * @example
 * let trace = emptyRunTrace;
 * trace = applyTraceEvents(trace, batch); // trace.root is the run node
 */
export function applyTraceEvents(trace: RunTrace, events: readonly TraceEvent[]): RunTrace {
  if (events.length === 0) return trace;
  const fold = new TraceFold(trace, true);
  let lastSeq = trace.lastSeq;
  for (const event of inSeqOrder(events)) {
    if (event.seq <= lastSeq) continue;
    fold.apply(event);
    lastSeq = event.seq;
  }
  if (lastSeq === trace.lastSeq) return trace;
  return { root: fold.root, nodes: fold.nodes, lastSeq, stop: fold.stop, replayed: fold.replayed, spent: fold.spent };
}

/** A run's trace from its full event list (e.g. a record read back). */
export function buildRunTrace(events: readonly TraceEvent[]): RunTrace {
  return applyTraceEvents(emptyRunTrace, events);
}

// A batch comes in order (one run emits in order; a record is read in order): sort only when not.
function inSeqOrder(events: readonly TraceEvent[]): readonly TraceEvent[] {
  for (let i = 1; i < events.length; i++) if (events[i]!.seq < events[i - 1]!.seq) return [...events].sort((a, b) => a.seq - b.seq);
  return events;
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

// Streamed text accumulates on the running node's output (a model call's), so a live view shows
// it as it arrives.
function appendOutputText(node: TraceNode, field: "text" | "reasoning", delta: string): void {
  const output = recordOf(node.output);
  const before = typeof output[field] === "string" ? output[field] : "";
  node.output = { ...output, [field]: `${before}${delta}` };
}

// A payload read from a record is whatever JSON it holds: fields merge into an object only.
function recordOf(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === "object" ? (value as Record<string, unknown>) : {};
}
