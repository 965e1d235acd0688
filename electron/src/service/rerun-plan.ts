// Running a recorded run again: whether the run qualifies for a replay, a fork at one of its model
// calls or a resume, and the replay spec for it: plain data (the run happens in a worker, which
// makes the engine's ReplayPlan from it), checked here by making the plan once, so a record that
// doesn't qualify is an answer now, not a failed run later. Errors say why a run doesn't qualify.
import { buildTrace, type TraceEvent, type TraceNode } from "june";
import { fork, replay, resume } from "june/sdk/replay";
import type { ReplaySpec } from "june/project";
import type { RequestOf, Result, RunSummary } from "../contract/index.ts";
import { fail, failFromError, ok } from "./results.ts";

/** Makes the spec from the recorded events (may throw the engine's JUNE_REPLAY_* errors). */
export type PlanMaker = (events: readonly TraceEvent[]) => ReplaySpec;

const replaySpec: PlanMaker = (events) => (replay(events), { mode: "replay", events: [...events] });
const resumeSpec: PlanMaker = (events) => (resume(events), { mode: "resume", events: [...events] });

/** A replay takes every answer from the record, so the record must be complete. */
export function replayPlan(recorded: RunSummary): Result<PlanMaker> {
  if (recorded.status !== "running") return ok(replaySpec);
  return fail(
    "STUDIO_RUN_RUNNING",
    `june studio: run ${recorded.runId} is still running, so its record is not complete; wait for it to end, or fork it from one of its model calls.`,
  );
}

/**
 * A fork starts live at one of the run's model calls, with the model the run's worker makes of
 * `request.model` (`checkModel` refuses a reference that can be no model, as Project.checkModel does).
 */
export function forkPlan(events: readonly TraceEvent[], request: RequestOf<"forkRun">, checkModel: (ref: string) => void): Result<PlanMaker> {
  const node = findNode(events, request.nodeId);
  if (node?.kind !== "model-call") {
    return fail(
      "STUDIO_NOT_A_MODEL_CALL",
      `june studio: can't fork run ${request.runId} at node "${request.nodeId}": ` +
        (node ? `it is a ${node.kind} node (${node.name})` : "the run has no such node") +
        "; fork from one of its model calls.",
    );
  }
  if (request.model !== undefined) {
    try {
      checkModel(request.model);
    } catch (error) {
      return failFromError(error, `june studio: can't fork run ${request.runId} with the model "${request.model}"`);
    }
  }
  const at = request.nodeId;
  const prompt = request.prompt ? { prompt: request.prompt } : {};
  return ok((recorded) => {
    fork(recorded, { at, ...prompt });
    return { mode: "fork", events: [...recorded], at, ...(request.model !== undefined ? { model: request.model } : {}), ...prompt };
  });
}

/** Only an interrupted run is resumed: one that ended can be replayed or forked instead. */
export function resumePlan(recorded: RunSummary): Result<PlanMaker> {
  if (recorded.resumedBy) {
    return fail(
      "STUDIO_ALREADY_RESUMED",
      `june studio: run ${recorded.runId} was resumed already, as ${recorded.resumedBy}; open that run (and resume it if it was interrupted too).`,
    );
  }
  if (recorded.status === "interrupted") return ok(resumeSpec);
  return fail(
    "STUDIO_NOT_INTERRUPTED",
    `june studio: run ${recorded.runId} has ${recorded.status === "running" ? "not stopped (it is running)" : recorded.status}; only an interrupted run can be resumed. Replay or fork it instead.`,
  );
}

function findNode(events: readonly TraceEvent[], nodeId: string): TraceNode | undefined {
  const walk = (node: TraceNode | undefined): TraceNode | undefined => {
    if (!node || node.id === nodeId) return node;
    for (const child of node.children) {
      const found = walk(child);
      if (found) return found;
    }
    return undefined;
  };
  return walk(buildTrace([...events]));
}
