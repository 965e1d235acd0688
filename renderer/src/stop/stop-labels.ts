// How a stop reads: where the run is (the boundary) and why it stopped there.
import type { BoundaryKind, StopInfo, StopReason } from "../contract/index.ts";
import { breakpointLabel } from "../debug/index.ts";

const BOUNDARY: Record<BoundaryKind, string> = {
  "model-call": "Before a model call",
  approval: "Waiting for approval",
  "tool-call": "Before a tool runs",
  "step-end": "After the step ended",
};

const REASON: Record<StopReason, string> = {
  start: "started paused",
  pause: "paused",
  step: "stepped",
  breakpoint: "breakpoint",
};

export function boundaryLabel(boundary: BoundaryKind): string {
  return BOUNDARY[boundary] ?? boundary;
}

/** "breakpoint on tool deploy", "stepped", "started paused". */
export function reasonLabel(stop: Pick<StopInfo, "reason" | "breakpoint">): string {
  if (stop.reason === "breakpoint" && stop.breakpoint) return `breakpoint on ${breakpointLabel(stop.breakpoint)}`;
  return REASON[stop.reason] ?? stop.reason;
}

/** The trace node a stop is at: the approval or step it names, else its step. */
export function stopNodeId(stop: Pick<StopInfo, "nodeId" | "stepNodeId">): string {
  return stop.nodeId ?? stop.stepNodeId;
}
