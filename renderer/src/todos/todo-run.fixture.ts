// Test data: a run whose agent keeps a todo list (two TodoWrite calls, the second replacing the
// first) and delegates to a reviewer that keeps one of its own, as the engine writes its events.
import type { TraceEvent } from "../contract/index.ts";

/** An event before the run stamps it (each kind of event without its run id, seq and time). */
type Unstamped = TraceEvent extends infer E ? (E extends TraceEvent ? Omit<E, "runId" | "seq" | "time"> : never) : never;

/** Builds one run's trace events in order, numbered and timed from a pinned clock. */
export class RunEvents {
  readonly events: TraceEvent[] = [];
  #seq = 0;
  readonly #runId: string;

  constructor(runId = "r1") {
    this.#runId = runId;
  }

  start(id: string, parentId: string | null, kind: "run" | "agent" | "step" | "model-call" | "tool-call" | "composite", name: string, input?: unknown): this {
    this.#push({ type: "node-start", node: { id, parentId, kind, name, ...(input === undefined ? {} : { input }) } as Extract<TraceEvent, { type: "node-start" }>["node"] });
    return this;
  }

  end(id: string, status: "succeeded" | "failed" = "succeeded"): this {
    this.#push({ type: "node-end", nodeId: id, status });
    return this;
  }

  /** A tool call that starts and ends. */
  call(id: string, parentId: string, name: string, input: unknown, status: "succeeded" | "failed" = "succeeded"): this {
    return this.start(id, parentId, "tool-call", name, input).end(id, status);
  }

  #push(event: Unstamped): void {
    this.#seq += 1;
    this.events.push({ ...event, runId: this.#runId, seq: this.#seq, time: 1_795_998_815_000 + this.#seq } as TraceEvent);
  }
}

export const FIRST_LIST = {
  todos: [
    { content: "Read the diff", status: "in_progress", activeForm: "Reading the diff" },
    { content: "Run the tests", status: "pending", activeForm: "Running the tests" },
    { content: "Write the summary", status: "pending", activeForm: "Writing the summary" },
  ],
};

export const SECOND_LIST = {
  todos: [
    { content: "Read the diff", status: "completed", activeForm: "Reading the diff" },
    { content: "Run the tests", status: "in_progress", activeForm: "Running the tests" },
    { content: "Write the summary", status: "pending", activeForm: "Writing the summary" },
  ],
};

/** An older Claude Code list: ids and priorities, no activeForm. */
export const REVIEWER_LIST = {
  todos: [
    { id: "1", content: "Check the error handling", status: "completed", priority: "high" },
    { id: "2", content: "Check the names", status: "pending", priority: "low" },
  ],
};

/**
 * Planner (n2) writes FIRST_LIST (n5), then SECOND_LIST (n7), then hands a review to "reviewer"
 * (n8 → n9 → n10), which writes REVIEWER_LIST (n12).
 */
export function plannerRun(runId = "r1"): TraceEvent[] {
  return new RunEvents(runId)
    .start("n1", null, "run", "Planner", "Review the change")
    .start("n2", "n1", "agent", "Planner")
    .start("n3", "n2", "step", "main", { prompt: "Review the change" })
    .start("n4", "n3", "model-call", "scripted")
    .end("n4")
    .call("n5", "n3", "TodoWrite", FIRST_LIST)
    .start("n6", "n3", "model-call", "scripted")
    .end("n6")
    .call("n7", "n3", "TodoWrite", SECOND_LIST)
    .start("n8", "n3", "tool-call", "Agent", { description: "Review", prompt: "Review the diff", subagent_type: "reviewer" })
    .start("n9", "n8", "composite", "Agent:reviewer")
    .start("n10", "n9", "agent", "reviewer")
    .start("n11", "n10", "step", "main", { prompt: "Review the diff" })
    .call("n12", "n11", "TodoWrite", REVIEWER_LIST)
    .end("n11")
    .end("n10")
    .end("n9")
    .end("n8").events;
}
