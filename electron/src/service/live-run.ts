// One run the studio started: its handle, its summary (status and usage kept current as events
// arrive) and every trace event it emitted, so a window can reopen it later.
import type { RunHandle, RunResult, TraceEvent, Usage } from "june";
import type { RunSummary } from "../contract/index.ts";

export function emptyUsage(): Usage {
  return { inputTokens: 0, outputTokens: 0, reasoningTokens: 0, cachedInputTokens: 0, totalTokens: 0 };
}

export class LiveRun {
  readonly events: TraceEvent[] = [];
  handle: RunHandle | undefined;
  #summary: RunSummary;

  constructor(summary: Omit<RunSummary, "status" | "usage">) {
    this.#summary = { ...summary, status: "running", usage: emptyUsage() };
  }

  get id(): string {
    return this.#summary.runId;
  }

  get running(): boolean {
    return this.#summary.status === "running";
  }

  summary(): RunSummary {
    return { ...this.#summary, usage: { ...this.#summary.usage } };
  }

  record(event: TraceEvent): void {
    this.events.push(event);
    // Each model call's usage arrives once; their sum is the run's total while it runs.
    if (event.type === "usage") {
      const total = this.#summary.usage;
      for (const key of Object.keys(total) as (keyof Usage)[]) total[key] += event.usage[key] ?? 0;
    }
  }

  end(result: Pick<RunResult, "status" | "usage" | "error">, endedAt: number): void {
    this.#summary = {
      ...this.#summary,
      status: result.status,
      endedAt,
      usage: { ...result.usage },
      ...(result.error ? { error: { code: result.error.code, message: result.error.message } } : {}),
    };
  }
}
