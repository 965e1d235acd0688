// Test support: one run's timeline — its trace events, each leaf tool execution as it begins,
// and each action taken on the handle — in the one order they happened, and the approval
// invariants checked over it once the run has settled.
import type { ApprovalRequest, RunHandle, TraceEvent, TraceNode } from "june";
import type { ScriptedModel } from "june/sdk/scripted";
import { needsApproval, type ExecutionRecorder, type WorkflowSpec } from "./random-workflow.test-support.tsx";

type Entry =
  | { kind: "event"; event: TraceEvent }
  | { kind: "executed"; toolName: string; toolCallId: string; input: unknown }
  | { kind: "action"; action: string };

type RunResult = Awaited<RunHandle["result"]>;

export class Timeline implements ExecutionRecorder {
  readonly entries: Entry[] = [];
  /** Errors a handle method threw that it shouldn't have. */
  readonly unexpected: string[] = [];

  event(event: TraceEvent): void {
    this.entries.push({ kind: "event", event });
  }

  executed(toolName: string, toolCallId: string, input: unknown): void {
    this.entries.push({ kind: "executed", toolName, toolCallId, input });
  }

  action(action: string): void {
    this.entries.push({ kind: "action", action });
  }

  /** One line per entry, for reading a failing run (node updates and usage left out). */
  describe(): string {
    return this.entries
      .map((e) => {
        if (e.kind === "action") return `  > ${e.action}`;
        if (e.kind === "executed") return `  ! executed ${e.toolName} ${e.toolCallId}`;
        const ev = e.event as TraceEvent & Record<string, any>;
        switch (ev.type) {
          case "node-start":
            return `${ev.seq} start ${ev.node.id} ${ev.node.kind} ${ev.node.name}${ev.node.callId ? ` ${ev.node.callId}` : ""} under ${ev.node.parentId}`;
          case "node-end":
            return `${ev.seq} end ${ev.nodeId} ${ev.status}${ev.error ? ` ${ev.error.code}` : ""}`;
          case "approval-requested":
            return `${ev.seq} approval-requested ${ev.approval.toolName} ${ev.approval.toolCallId} ${ev.approval.approvalId}`;
          case "approval-resolved":
            return `${ev.seq} approval-resolved ${ev.approvalId} ${ev.approved}`;
          case "paused":
            return `${ev.seq} paused #${ev.stop.id} ${ev.stop.boundary} ${ev.stop.reason} ${ev.stop.step} ${ev.stop.tool?.toolName ?? ""}`;
          case "resumed":
            return `${ev.seq} resumed #${ev.stopId} ${ev.how}`;
          default:
            return undefined;
        }
      })
      .filter((line) => line !== undefined)
      .join("\n");
  }

  get aborted(): boolean {
    return this.entries.some((e) => e.kind === "action" && e.action === "abort");
  }

  /** Every way this run broke an invariant (empty when it kept them all). */
  violations(spec: WorkflowSpec, result: RunResult | undefined, handle: RunHandle, model: ScriptedModel): string[] {
    const out = [...this.unexpected];
    if (!result) return [...out, "the run did not settle"];
    const requested = new Map<string, ApprovalRequest>();
    const granted = new Set<string>();
    const denied = new Set<string>();
    const executions = new Map<string, number>();
    const toolNodes = new Map<string, number>();
    let stoppedAt: number | undefined;
    let heldCall: string | undefined;
    let abortedBefore = false;

    const started = (what: string, toolName: string, callId: string, input: unknown) => {
      const tool = spec.tools.get(toolName);
      if (!tool) return out.push(`${what} of an undeclared tool "${toolName}"`);
      if (needsApproval(tool, input) && !granted.has(callId)) out.push(`${what} of "${toolName}" (${callId}) before its approval was granted`);
      if (denied.has(callId)) out.push(`${what} of "${toolName}" (${callId}) after it was denied`);
      // A call released from one stop may start while the run holds at the next parallel call's
      // stop (they pass one stop at a time); never while the run is stopped before this very call.
      if (stoppedAt !== undefined && heldCall === callId) out.push(`${what} of "${toolName}" (${callId}) while the run was stopped before it (stop ${stoppedAt})`);
      // A call starts with its tool-call node; its execute follows in the same synchronous step.
      if (abortedBefore && what === "tool-call node") out.push(`${what} of "${toolName}" (${callId}) after abort()`);
    };

    for (const entry of this.entries) {
      if (entry.kind === "action") {
        if (entry.action === "abort") abortedBefore = true;
        continue;
      }
      if (entry.kind === "executed") {
        const count = (executions.get(entry.toolCallId) ?? 0) + 1;
        executions.set(entry.toolCallId, count);
        if (count === 2) out.push(`"${entry.toolName}" executed twice for ${entry.toolCallId}`);
        started("execution", entry.toolName, entry.toolCallId, entry.input);
        continue;
      }
      const event = entry.event;
      switch (event.type) {
        case "approval-requested":
          requested.set(event.approval.approvalId, event.approval);
          break;
        case "approval-resolved": {
          const approval = requested.get(event.approvalId);
          if (!approval) {
            out.push(`approval ${event.approvalId} resolved without being requested`);
            break;
          }
          (event.approved ? granted : denied).add(approval.toolCallId);
          break;
        }
        case "node-start":
          if (event.node.kind === "tool-call" && event.node.callId !== undefined) {
            const count = (toolNodes.get(event.node.callId) ?? 0) + 1;
            toolNodes.set(event.node.callId, count);
            if (count === 2) out.push(`"${event.node.name}" has two tool-call nodes for ${event.node.callId}`);
            started("tool-call node", event.node.name, event.node.callId, event.node.input);
          }
          break;
        case "paused":
          stoppedAt = event.stop.id;
          heldCall = event.stop.boundary === "tool-call" ? event.stop.tool?.toolCallId : undefined;
          break;
        case "resumed":
          if (event.stopId === stoppedAt) stoppedAt = heldCall = undefined;
          break;
      }
    }

    const aborted = this.aborted;
    if (result.status === "failed") out.push(`the run failed: ${result.error?.code} ${result.error?.message}`);
    if (result.status === "aborted" && !aborted) out.push("the run ended aborted though nobody aborted it");
    if (handle.pendingApprovals().length > 0) out.push(`approvals still pending after the run: ${handle.pendingApprovals().map((a) => a.toolName).join(", ")}`);
    const open = openNodes(result.trace);
    if (open.length > 0) out.push(`nodes left open: ${open.join(", ")}`);
    if (!aborted) {
      const resolved = new Set([...granted, ...denied]);
      for (const approval of requested.values()) {
        if (!resolved.has(approval.toolCallId)) out.push(`approval of "${approval.toolName}" (${approval.toolCallId}) was never resolved`);
      }
      // The model hears of each denial: its next prompt holds the execution-denied result.
      for (const callId of denied) {
        const heard = model.calls.some((call) => call.prompt.some((m) => m.role === "tool" && m.content.some((p) => p.type === "tool-result" && p.toolCallId === callId && p.output.type === "execution-denied")));
        if (!heard) out.push(`the model never got the denial of ${callId}`);
      }
    }
    return out;
  }
}

function openNodes(node: TraceNode | undefined): string[] {
  if (!node) return [];
  const here = node.status === "running" || node.status === "waiting" || node.status === "pending" ? [`${node.kind} ${node.name} (${node.status})`] : [];
  return [...here, ...node.children.flatMap(openNodes)];
}
