// Builders for studio events in tests: numbered like the service numbers them.
import type { PendingApproval, RunSummary, StudioEvent, TraceEvent } from "../src/contract/index.ts";

let seq = 0;
export function resetSeq(to = 0): void {
  seq = to;
}

type Without<E> = E extends StudioEvent ? Omit<E, "seq"> : never;
export function ev(event: Without<StudioEvent>): StudioEvent {
  return { ...event, seq: ++seq } as StudioEvent;
}

export function traceEvents(runId: string, events: TraceEvent[]): StudioEvent[] {
  return events.map((event) => ev({ type: "trace", runId, event: { ...event, runId } }));
}

export function runSummary(runId: string, patch: Partial<RunSummary> = {}): RunSummary {
  return {
    runId,
    entryId: "workflow:release.tsx",
    name: "Release",
    status: "running",
    input: {},
    startedAt: 1795998817613,
    usage: { inputTokens: 0, outputTokens: 0, reasoningTokens: 0, cachedInputTokens: 0, totalTokens: 0 },
    cost: { usd: 0, unpricedCalls: 0 },
    ...patch,
  };
}

export function pending(runId: string, approvalId: string, patch: Partial<PendingApproval> = {}): PendingApproval {
  return {
    runId,
    approvalId,
    nodeId: "n5",
    toolName: "deploy",
    toolCallId: "call_0_0",
    input: { env: "staging" },
    agentPath: ["Release"],
    step: "release",
    entryName: "Release",
    requestedAt: 1795998817705,
    ...patch,
  };
}
