// Replays trace events into the trace tree. The run builds its own tree with this, and the store
// and the studio rebuild the same tree from the same events.
import type { TraceEvent } from "./events.ts";
import { emptyUsage, type Cost, type TraceNode, type Usage } from "./types.ts";

export class TraceBuilder {
  readonly #nodes = new Map<string, TraceNode>();
  #root: TraceNode | undefined;

  get root(): TraceNode | undefined {
    return this.#root;
  }

  node(id: string): TraceNode | undefined {
    return this.#nodes.get(id);
  }

  apply(event: TraceEvent): void {
    switch (event.type) {
      case "node-start": {
        const node: TraceNode = {
          ...event.node,
          status: "running",
          startedAt: event.time,
          endedAt: null,
          usage: emptyUsage(),
          children: [],
        };
        this.#nodes.set(node.id, node);
        const parent = node.parentId === null ? undefined : this.#nodes.get(node.parentId);
        if (parent) parent.children.push(node);
        else if (!this.#root) this.#root = node;
        return;
      }
      case "node-update": {
        const node = this.#nodes.get(event.nodeId);
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
        const node = this.#nodes.get(event.nodeId);
        if (!node) return;
        node.status = event.status;
        node.endedAt = event.time;
        if ("output" in event) node.output = event.output;
        if (event.error) node.error = event.error;
        return;
      }
      case "usage": {
        for (let node = this.#nodes.get(event.nodeId); node; node = node.parentId === null ? undefined : this.#nodes.get(node.parentId)) {
          addUsage(node.usage, event.usage);
          addCost((node.cost ??= { usd: 0, unpricedCalls: 0 }), event.costUsd);
        }
        return;
      }
      case "tool-denied": {
        const node = this.#nodes.get(event.nodeId);
        if (node) (node.denied ??= []).push(event.denial);
        return;
      }
      case "paused":
      case "resumed":
      case "replayed":
        // Where a run stopped and what came from a record: the tree is the same either way.
        return;
      case "approval-requested":
      case "approval-resolved":
        // Approvals have nodes of their own (started and ended like any node); these events
        // exist for inboxes that don't hold the tree.
        return;
    }
  }
}

/** Rebuilds a run's tree from its events. */
export function buildTrace(events: Iterable<TraceEvent>): TraceNode | undefined {
  const builder = new TraceBuilder();
  for (const event of events) builder.apply(event);
  return builder.root;
}

export function addUsage(into: Usage, add: Usage): void {
  into.inputTokens += add.inputTokens;
  into.outputTokens += add.outputTokens;
  into.reasoningTokens += add.reasoningTokens;
  into.cachedInputTokens += add.cachedInputTokens;
  into.totalTokens += add.totalTokens;
}

/** Adds one model call's cost (undefined: the model has no price) to a running total. */
export function addCost(into: Cost, usd: number | undefined): void {
  if (usd === undefined) into.unpricedCalls += 1;
  else into.usd += usd;
}

// Streamed text accumulates on a running node's output, so a live view shows it as it arrives.
function appendOutputText(node: TraceNode, field: "text" | "reasoning", delta: string): void {
  const output = (node.output ?? {}) as Record<string, unknown>;
  output[field] = `${typeof output[field] === "string" ? output[field] : ""}${delta}`;
  node.output = output;
}
