// Replaying a recorded run: which of its model calls, tool results and approval decisions a new
// run takes from the record, and what it does live.
import type { LanguageModel } from "ai";
import type { TraceEvent } from "../trace/index.ts";

/**
 * - `replay`: every model call, tool result and approval decision comes from the record; a call
 *   the record lacks (the workflow changed) fails with JUNE_REPLAY_MISMATCH. Zero model calls.
 * - `fork`: everything recorded before the model call `at` comes from the record; that call and
 *   everything after run live (with `model` and `prompt` when given).
 * - `resume`: everything the record finished comes from the record; the rest runs live. A tool
 *   that was approved and started but has no recorded result is asked again (outcome unknown).
 */
export type ReplayMode = "replay" | "fork" | "resume";

export interface ReplayPlanInput {
  mode: ReplayMode;
  /** The recorded run's events, in order (a `.june/runs/<id>.jsonl` file read with readTraceFile). */
  events: readonly TraceEvent[];
  /** fork: the model-call node id to fork from. */
  at?: string;
  /** fork: the model of every live call from the fork point on. */
  model?: LanguageModel;
  /** fork: replaces the whole prompt of the fork call (LanguageModelV4 messages). */
  prompt?: unknown[];
}
