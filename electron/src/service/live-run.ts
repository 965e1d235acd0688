// One run the studio started: its handle, its summary (status, usage, cost and where it is
// stopped kept current as events arrive) and every trace event it emitted, so a window can
// reopen it later.
import type { Cost, RunHandle, RunResult, TraceEvent, Usage } from "june";
import type { RunSummary } from "../contract/index.ts";

export function emptyUsage(): Usage {
  return { inputTokens: 0, outputTokens: 0, reasoningTokens: 0, cachedInputTokens: 0, totalTokens: 0 };
}

export function emptyCost(): Cost {
  return { usd: 0, unpricedCalls: 0 };
}

export class LiveRun {
  readonly events: TraceEvent[] = [];
  handle: RunHandle | undefined;
  /** Where the run is recorded (undefined: not recorded). */
  runsFolder: string | undefined;
  #summary: RunSummary;

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
    return { ...this.#summary, usage: { ...this.#summary.usage }, cost: { ...this.#summary.cost } };
  }

  record(event: TraceEvent): void {
    this.events.push(event);
    if (event.type === "usage") {
      // Each model call's usage arrives once; their sum is the run's total while it runs.
      const total = this.#summary.usage;
      for (const key of Object.keys(total) as (keyof Usage)[]) total[key] += event.usage[key] ?? 0;
      if (event.costUsd === undefined) this.#summary.cost.unpricedCalls += 1;
      else this.#summary.cost.usd += event.costUsd;
    } else if (event.type === "paused") {
      this.#summary.stopped = event.stop;
    } else if (event.type === "resumed" && this.#summary.stopped?.id === event.stopId) {
      delete this.#summary.stopped;
    }
  }

  end(result: Pick<RunResult, "status" | "usage" | "error">, endedAt: number): void {
    const { stopped: _, ...rest } = this.#summary;
    this.#summary = {
      ...rest,
      status: result.status,
      endedAt,
      usage: { ...result.usage },
      ...(result.error ? { error: { code: result.error.code, message: result.error.message } } : {}),
    };
  }

  /** The studio closed under it: its record stays resumable; usage and cost are what its events said. */
  interrupt(endedAt: number): void {
    const { stopped: _, error: __, ...rest } = this.#summary;
    this.#summary = { ...rest, status: "interrupted", endedAt };
  }
}
