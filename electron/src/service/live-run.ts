// One run the studio started: its handle, its summary (status, usage, cost and where it is
// stopped kept current as events arrive) and every trace event it emitted, so a window can
// reopen it later.
import { emptyUsage, spentAfter, type Cost, type RunHandle, type RunResult, type Spent, type TraceEvent } from "june";
import type { RunSummary } from "../contract/index.ts";

export { emptyUsage };

export function emptyCost(): Cost {
  return { usd: 0, unpricedCalls: 0 };
}

export class LiveRun {
  readonly events: TraceEvent[] = [];
  handle: RunHandle | undefined;
  /** Where the run is recorded (undefined: not recorded). */
  runsFolder: string | undefined;
  #summary: RunSummary;
  // What it spent, by the trace's own rule (calls answered from a record cost nothing this time).
  #spent: Spent = { usage: emptyUsage(), cost: emptyCost() };
  readonly #replayed = new Set<string>();

  constructor(summary: Omit<RunSummary, "status" | "usage" | "cost">) {
    this.#summary = { ...summary, status: "running", usage: emptyUsage(), cost: emptyCost() };
  }

  get id(): string {
    return this.#summary.runId;
  }

  get running(): boolean {
    return this.#summary.status === "running";
  }

  summary(): RunSummary {
    return { ...this.#summary, usage: { ...this.#spent.usage }, cost: { ...this.#spent.cost } };
  }

  record(event: TraceEvent): void {
    this.events.push(event);
    if (event.type === "replayed") this.#replayed.add(event.nodeId);
    this.#spent = spentAfter(this.#spent, event, this.#replayed);
    if (event.type === "paused") {
      this.#summary.stopped = event.stop;
    } else if (event.type === "resumed" && this.#summary.stopped?.id === event.stopId) {
      delete this.#summary.stopped;
    }
  }

  end(result: Pick<RunResult, "status" | "error">, endedAt: number): void {
    const { stopped: _, ...rest } = this.#summary;
    this.#summary = {
      ...rest,
      status: result.status,
      endedAt,
      ...(result.error ? { error: { code: result.error.code, message: result.error.message } } : {}),
    };
  }

  /** The studio closed under it: its record stays resumable; usage and cost are what its events said. */
  interrupt(endedAt: number): void {
    const { stopped: _, error: __, ...rest } = this.#summary;
    this.#summary = { ...rest, status: "interrupted", endedAt };
  }
}
