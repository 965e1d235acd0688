// One run the studio started: its handle, its summary (status, usage, cost and where it is
// stopped kept current as events arrive) and the trace events its record on disk lacks — all of
// them when it is not recorded, those from the one the record broke on when it broke — so that
// memory and the record together hold every event once (run-registry.ts reads them back).
import { RunSpending, emptyUsage, stopAfter, type Cost, type RunHandle, type RunResult, type TraceEvent } from "june";
import type { RunSummary } from "../contract/index.ts";

export { emptyUsage };

export function emptyCost(): Cost {
  return { usd: 0, unpricedCalls: 0 };
}

export class LiveRun {
  /** The events the record lacks (see the header); empty while the record takes every event. */
  readonly events: TraceEvent[] = [];
  handle: RunHandle | undefined;
  /** Where the run is recorded (undefined: not recorded). */
  runsFolder: string | undefined;
  /** The project folder it runs in: it is listed, and takes breakpoints, with that project's. */
  folder: string | undefined;
  #summary: RunSummary;
  // What it spent, by the trace's own rule (calls answered from a record cost nothing this time).
  readonly #spending = new RunSpending();

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
    const { usage, cost } = this.#spending.spent;
    return { ...this.#summary, usage: { ...usage }, cost: { ...cost } };
  }

  /** Takes an event into the summary; `keep`: memory keeps it too (the record lacks it). */
  record(event: TraceEvent, keep: boolean): void {
    if (keep) this.events.push(event);
    this.#spending.add(event);
    if (event.type === "paused" || event.type === "resumed") {
      // Where it is stopped, by the trace's own rule.
      const stopped = stopAfter(this.#summary.stopped, event);
      if (stopped) this.#summary.stopped = stopped;
      else delete this.#summary.stopped;
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
