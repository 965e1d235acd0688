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

/**
 * What a run spent, from its events: each model call's usage and cost once, except calls
 * answered from a record (replay, fork, resume), which cost nothing this time.
 */
export class Spending {
  readonly usage: Usage = emptyUsage();
  readonly cost: Cost = emptyCost();
  readonly #replayed = new Set<string>();

  add(event: TraceEvent): void {
    if (event.type === "replayed") this.#replayed.add(event.nodeId);
    if (event.type !== "usage" || this.#replayed.has(event.nodeId)) return;
    for (const key of Object.keys(this.usage) as (keyof Usage)[]) this.usage[key] += event.usage[key] ?? 0;
    if (event.costUsd === undefined) this.cost.unpricedCalls += 1;
    else this.cost.usd += event.costUsd;
  }

  static of(events: readonly TraceEvent[]): Spending {
    const spending = new Spending();
    for (const event of events) spending.add(event);
    return spending;
  }
}

export class LiveRun {
  readonly events: TraceEvent[] = [];
  handle: RunHandle | undefined;
  /** Where the run is recorded (undefined: not recorded). */
  runsFolder: string | undefined;
  #summary: RunSummary;
  readonly #spending = new Spending();

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
    return { ...this.#summary, usage: { ...this.#spending.usage }, cost: { ...this.#spending.cost } };
  }

  record(event: TraceEvent): void {
    this.events.push(event);
    this.#spending.add(event);
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
