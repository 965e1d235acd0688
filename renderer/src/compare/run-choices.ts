// The runs a comparison can pick from: newest first, each named so two runs of one workflow tell
// apart (when it started, how it ended, where it came from), and the pair offered first.
import type { RunSummary } from "../contract/index.ts";
import type { RunState } from "../run-state/index.ts";
import { STATUS_LABEL, originLabel } from "../ui/format.ts";

const when = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit", second: "2-digit" });

export function newestFirst(runs: readonly RunSummary[]): RunSummary[] {
  return [...runs].sort((a, b) => b.startedAt - a.startedAt);
}

/**
 * `state`: the run's state when the caller knows it (run-state/: "waiting for approval", "paused").
 *
 * @example
 * runLabel(summary); // "Report · 30 Nov, 14:06:55 · succeeded"
 * runLabel(summary, "waiting"); // "Release · 30 Nov, 14:06:55 · waiting for approval"
 */
export function runLabel(run: RunSummary, state: RunState | undefined = run.status): string {
  const status = STATUS_LABEL[state ?? run.status] ?? run.status;
  const origin = run.origin ? ` · ${originLabel(run.origin)}` : "";
  return `${run.name} · ${when.format(run.startedAt)} · ${status}${origin}`;
}

/**
 * The pair a comparison starts with: the selected run on the right (else the newest), and on the
 * left the run it was forked, replayed or resumed from when that is listed, else the run of the
 * same workflow before it (else the next newest run).
 */
export function initialPair(runs: readonly RunSummary[], selectedRunId: string | null): { left: string; right: string } {
  const sorted = newestFirst(runs);
  const right = sorted.find((r) => r.runId === selectedRunId) ?? sorted[0];
  if (!right) return { left: "", right: "" };
  const others = sorted.filter((r) => r.runId !== right.runId);
  const origin = right.origin ? others.find((r) => r.runId === right.origin!.runId) : undefined;
  const left =
    origin ?? others.find((r) => r.entryId === right.entryId && r.startedAt <= right.startedAt) ?? others.find((r) => r.entryId === right.entryId) ?? others[0] ?? right;
  return { left: left.runId, right: right.runId };
}
