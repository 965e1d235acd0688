// The run's debugger: every boundary (before a model call, before a tool executes, after a step,
// an approval wait) asks it whether to stop. Running on with no breakpoints costs one check and
// no promise. A stopped run is a promise nobody has resolved yet — no timers, no polling — that
// step(), continue() or an abort settles. Boundaries that arrive while the run is stopped (a
// parallel tool call) wait in line behind the stop, so nothing passes a boundary while stopped.
import { JuneError } from "../errors/index.ts";
import type { Breakpoint, BoundaryKind, StopInfo, StopReason, TraceEventInput } from "../trace/index.ts";
import { keepShape } from "../shapes/index.ts";

/** A place the run reached; `details` builds what a stop there shows (only when it stops). */
export interface Boundary {
  kind: Exclude<BoundaryKind, "approval">;
  agentPath: string[];
  step: string;
  stepNodeId: string;
  /** The agent node the step runs in (first model call of an agent matches agent breakpoints). */
  agentNodeId: string | undefined;
  toolName?: string;
  /** Answered from a record (replay, fork, resume), not live. */
  replayed?: boolean;
  details: () => Pick<StopInfo, "request" | "tool" | "output" | "nodeId">;
}

/** An approval the run waits for; a stop while stepping, released by the decision. */
export interface ApprovalBoundary {
  agentPath: string[];
  step: string;
  stepNodeId: string;
  nodeId: string;
  tool: NonNullable<StopInfo["tool"]>;
}

interface Waiting {
  boundary: Boundary;
  firsts: Firsts;
  resolve: () => void;
  reject: (error: unknown) => void;
}

interface Firsts {
  inStep: boolean;
  inAgent: boolean;
}

interface CurrentStop {
  info: StopInfo;
  /** Undefined for an approval stop: only the decision releases it. */
  release: ((how: "step" | "continue") => void) | undefined;
}

interface DebuggerOptions {
  emit: (event: TraceEventInput) => void;
  signal: AbortSignal;
  startPaused?: boolean;
  /** Where a run that starts paused first stops; default the first boundary (a fork: its fork point). */
  startWhen?: (boundary: Boundary) => boolean;
  breakpoints?: readonly Breakpoint[];
}

export class RunDebugger {
  readonly #emit: (event: TraceEventInput) => void;
  readonly #signal: AbortSignal;
  #stepping: StopReason | undefined;
  readonly #startWhen: ((boundary: Boundary) => boolean) | undefined;
  #breakpoints: readonly Breakpoint[] = [];
  /** Whether a breakpoint names a tool (the only kind a tool call can meet). */
  #toolBreakpoints = false;
  #stop: CurrentStop | undefined;
  /** Rejects the promise the run waits on at the current stop (none at an approval stop). */
  #rejectStop: ((error: unknown) => void) | undefined;
  readonly #waiting: Waiting[] = [];
  readonly #approvals = new Set<ApprovalBoundary>();
  readonly #seenSteps = new Set<string>();
  readonly #seenAgents = new Set<string>();
  #nextStopId = 1;

  constructor(options: DebuggerOptions) {
    this.#emit = options.emit;
    this.#signal = options.signal;
    this.#stepping = options.startPaused ? "start" : undefined;
    this.#startWhen = options.startWhen;
    this.setBreakpoints(options.breakpoints ?? []);
    this.#signal.addEventListener("abort", () => this.#abortAll(), { once: true });
  }

  /** Where the run is stopped, or undefined while it runs. */
  get stopped(): StopInfo | undefined {
    return this.#stop?.info;
  }

  /**
   * Called when the run reaches `boundary`: undefined when it goes on at once, else a promise
   * that resolves when it may go on (and rejects when the run is aborted meanwhile).
   */
  boundary(boundary: Boundary): Promise<void> | undefined {
    const firsts = this.#firsts(boundary);
    if (this.#stop === undefined && this.#waiting.length === 0) {
      const stop = this.#shouldStop(boundary, firsts);
      if (!stop) return undefined;
      return this.#stopAt(boundary, stop);
    }
    if (this.#signal.aborted) return Promise.reject(this.#signal.reason);
    return new Promise<void>((resolve, reject) => this.#waiting.push({ boundary, firsts, resolve, reject }));
  }

  /** The run waits for an approval: while stepping, that wait is the stop; the decision ends it. */
  approval<T>(boundary: ApprovalBoundary, decision: Promise<T>): Promise<T> {
    this.#approvals.add(boundary);
    if (this.#stepping && this.#stop === undefined) this.#stopAtApproval(boundary, this.#stepping);
    const settle = () => {
      this.#approvals.delete(boundary);
      if (this.#stop?.info.boundary === "approval" && this.#stop.info.nodeId === boundary.nodeId) {
        const stopId = this.#stop.info.id;
        this.#stop = undefined;
        if (!this.#signal.aborted) {
          this.#emit({ type: "resumed", stopId, how: "decision" });
          this.#drain();
        }
      }
    };
    decision.then(settle, settle);
    return decision;
  }

  pause(): void {
    if (this.#stop) return;
    this.#stepping = "pause";
    const approval = this.#approvals.values().next().value;
    if (approval) this.#stopAtApproval(approval, "pause");
  }

  step(): void {
    const stop = this.#stop;
    if (!stop) return this.pause();
    if (!stop.release) {
      throw new JuneError(
        "JUNE_AWAITING_APPROVAL",
        `june: the run is waiting for approval of "${stop.info.tool?.toolName}"; approve or deny it to go on.`,
      );
    }
    this.#stepping = "step";
    stop.release("step");
  }

  continue(): void {
    this.#stepping = undefined;
    // An approval stop stays until its decision; from there the run goes on to a breakpoint.
    this.#stop?.release?.("continue");
  }

  setBreakpoints(breakpoints: readonly Breakpoint[]): void {
    this.#breakpoints = [...breakpoints];
    this.#toolBreakpoints = breakpoints.some((bp) => bp.kind === "tool");
  }

  /**
   * True when a tool call would go on at once, so its boundary need not be built: the run is not
   * stopped, nothing waits, it is not stepping and no breakpoint names a tool (a tool call is no
   * step's or agent's first boundary, so step and agent breakpoints never stop one).
   */
  passesToolCall(): boolean {
    return this.#runningFree() && !this.#toolBreakpoints;
  }

  /**
   * True when a model call of the step `stepNodeId` (in the agent `agentNodeId`) goes on at once,
   * so its boundary need not be built: the run is not stopped, nothing waits, it is not stepping
   * and there are no breakpoints. The call still counts as its step's and agent's first, for
   * breakpoints set later.
   */
  passesModelCall(stepNodeId: string, agentNodeId: string | undefined): boolean {
    if (!this.#runningFree() || this.#breakpoints.length > 0) return false;
    this.#seen(stepNodeId, agentNodeId);
    return true;
  }

  // Not stopped, nobody waiting behind a stop, not stepping: only a breakpoint could stop a call.
  #runningFree(): boolean {
    return this.#stop === undefined && this.#waiting.length === 0 && this.#stepping === undefined;
  }

  #firsts(boundary: Boundary): Firsts {
    if (boundary.kind !== "model-call") return { inStep: false, inAgent: false };
    return this.#seen(boundary.stepNodeId, boundary.agentNodeId);
  }

  // A model call of the step (and agent) is seen: whether it is the first of each.
  #seen(stepNodeId: string, agentNodeId: string | undefined): Firsts {
    const inStep = !this.#seenSteps.has(stepNodeId);
    this.#seenSteps.add(stepNodeId);
    const inAgent = agentNodeId !== undefined && !this.#seenAgents.has(agentNodeId);
    if (agentNodeId !== undefined) this.#seenAgents.add(agentNodeId);
    return { inStep, inAgent };
  }

  #shouldStop(boundary: Boundary, firsts: Firsts): { reason: StopReason; breakpoint?: Breakpoint } | undefined {
    const starting = this.#stepping === "start" && this.#startWhen !== undefined && !this.#startWhen(boundary);
    if (this.#stepping && !starting) return { reason: this.#stepping };
    const breakpoint = this.#breakpoints.find((bp) => matches(bp, boundary, firsts));
    return breakpoint ? { reason: "breakpoint", breakpoint } : undefined;
  }

  #stopAt(boundary: Boundary, why: { reason: StopReason; breakpoint?: Breakpoint }): Promise<void> {
    if (this.#signal.aborted) return Promise.reject(this.#signal.reason);
    const info: StopInfo = {
      id: this.#nextStopId++,
      boundary: boundary.kind,
      reason: why.reason,
      ...(why.breakpoint ? { breakpoint: why.breakpoint } : {}),
      agentPath: [...boundary.agentPath],
      step: boundary.step,
      stepNodeId: boundary.stepNodeId,
      ...boundary.details(),
    };
    return new Promise<void>((resolve, reject) => {
      this.#stop = {
        info,
        release: (how) => {
          this.#stop = undefined;
          this.#emit({ type: "resumed", stopId: info.id, how });
          resolve();
          this.#drain();
        },
      };
      this.#rejectStop = reject;
      this.#emit({ type: "paused", stop: info });
    });
  }

  #stopAtApproval(boundary: ApprovalBoundary, reason: StopReason): void {
    const info: StopInfo = {
      id: this.#nextStopId++,
      boundary: "approval",
      reason,
      agentPath: [...boundary.agentPath],
      step: boundary.step,
      stepNodeId: boundary.stepNodeId,
      nodeId: boundary.nodeId,
      tool: boundary.tool,
    };
    this.#stop = { info, release: undefined };
    this.#rejectStop = undefined;
    this.#emit({ type: "paused", stop: info });
  }

  // After a stop ends: boundaries that arrived meanwhile go on in order, until one stops.
  #drain(): void {
    while (this.#stop === undefined && this.#waiting.length > 0) {
      const next = this.#waiting.shift()!;
      const stop = this.#shouldStop(next.boundary, next.firsts);
      if (stop) {
        this.#stopAt(next.boundary, stop).then(next.resolve, next.reject);
        return;
      }
      next.resolve();
    }
    if (this.#stop === undefined && this.#stepping) {
      const approval = this.#approvals.values().next().value;
      if (approval) this.#stopAtApproval(approval, this.#stepping);
    }
  }

  #abortAll(): void {
    const reason = this.#signal.reason;
    const stop = this.#stop;
    this.#stop = undefined;
    if (stop) {
      this.#emit({ type: "resumed", stopId: stop.info.id, how: "abort" });
      this.#rejectStop?.(reason);
    }
    for (const waiting of this.#waiting.splice(0)) waiting.reject(reason);
  }
}
keepShape(new RunDebugger({ emit: () => {}, signal: new AbortController().signal }));

function matches(breakpoint: Breakpoint, boundary: Boundary, firsts: Firsts): boolean {
  switch (breakpoint.kind) {
    case "tool":
      return boundary.kind === "tool-call" && boundary.toolName === breakpoint.tool;
    case "step":
      return firsts.inStep && (boundary.step === breakpoint.step || bareStep(boundary.step) === breakpoint.step);
    case "agent":
      return firsts.inAgent && boundary.agentPath.at(-1) === breakpoint.agent;
  }
}

// `research:findings` → `findings`: a breakpoint on a step id holds inside composite tools too.
function bareStep(step: string): string {
  return step.slice(step.lastIndexOf(":") + 1);
}
