// run(): turns a workflow into a real run on the AI SDK tool loop and hands back a RunHandle —
// the event stream, the result (which always resolves), approvals and abort.
import type { LanguageModel } from "ai";
import { ToolSourceCache, checkPolicy, type ToolPolicy } from "../capabilities/index.ts";
import { JuneError } from "../errors/index.ts";
import { componentName, isElement, kindOf, type JuneNode } from "../jsx/index.ts";
import { TraceBuilder, emptyUsage, type ApprovalRequest, type ElicitValue, type ModelExchange, type NodeError, type TraceEvent, type TraceNode, type Usage } from "../trace/index.ts";
import { expandWorkflow } from "../workflow/index.ts";
import { ApprovalRegistry } from "./approvals.ts";
import { compositeRunner } from "./composite-runner.ts";
import { EventLog } from "./event-log.ts";
import { RecordedError, executeItems, guard } from "./execute.ts";
import { isAbort, toNodeError } from "./node-errors.ts";
import { defaultOutput } from "./output.ts";
import { newRunId } from "./run-id.ts";
import { emit, newPlace, startNode, type BlockLoad, type RunContext } from "./run-context.ts";
import { measureValue, valueLimitError, valueLimits, type ValueLimits } from "./value-limits.ts";
import { RunDebugger, type Boundary, type Breakpoint, type StopInfo } from "../debug/index.ts";
import { defaultPrices, type PriceTable } from "../pricing/index.ts";
import type { ReplayPlan } from "../replay/index.ts";
import type { SandboxSettings } from "../sandbox/index.ts";
// Registers the run's answer to what an MCP server asks during a tool call (capabilities/call-host.ts).
import "./server-asks.ts";

export interface RunOptions {
  /** Recorded as the run node's input (the CLI and studio pass the root component's props). */
  input?: unknown;
  /** The model of any agent that sets none. */
  model?: LanguageModel;
  /** Replaces every agent's model (e.g. a scripted model to run a workflow offline). */
  modelOverride?: LanguageModel;
  /** Aborts the run, like handle.abort(). */
  signal?: AbortSignal;
  /** Called synchronously with every event, in order (e.g. to append to a JSONL store). */
  onEvent?: (event: TraceEvent) => void;
  /**
   * Called with each model call's raw provider request and response bodies, by reference, as the
   * call answers (a stream's request as it starts). Not part of the trace: a request body holds the
   * whole prompt. Without it nothing is taken. `ExchangeRecorder` writes them down, capped.
   */
  onModelExchange?: (exchange: ModelExchange) => void;
  /** streamText with text deltas (default), or generateText. */
  stream?: boolean;
  runId?: string;
  /** Project-wide tool policies (e.g. from june.config.ts); a tool is given only when all admit it. */
  policies?: ToolPolicy[];
  /**
   * The sandbox a `<Bash />` declared without a `sandbox` prop runs its commands in (a project's
   * june.config.ts `sandbox`); default on, no network, only its folder writable.
   */
  sandbox?: SandboxSettings;
  /** Where warnings go (a tool the policy denied); default console.warn. */
  warn?: (message: string) => void;
  /** Stop at the first boundary (before the first model call), as if paused at once. */
  startPaused?: boolean;
  /** Where the run stops on its own; change them while it runs with handle.setBreakpoints. */
  breakpoints?: Breakpoint[];
  /** Answers from a recorded run: `replay(events)`, `fork(events, …)` or `resume(events)` from june/sdk/replay. */
  replay?: ReplayPlan;
  /** Prices per model (dollars per million tokens); default June's table for OpenAI and Anthropic models. */
  prices?: PriceTable;
  /**
   * How deep and large a value from outside the run may be: its input, a tool's result, the JSON
   * a model sends as a tool call's input, a step's typed output. Default 256 levels and 16 MiB
   * (`DEFAULT_VALUE_LIMITS`). Past them the input fails the run (JUNE_VALUE_TOO_DEEP or
   * JUNE_VALUE_TOO_LARGE) before any model call; a tool's result or a model's tool input is a
   * tool error the model sees.
   */
  limits?: Partial<ValueLimits>;
}

/** What approving may carry: an elicitation's answers. */
export interface ApprovalAnswer {
  content?: Record<string, ElicitValue>;
}

export interface RunResult {
  runId: string;
  status: "succeeded" | "failed" | "aborted";
  steps: Record<string, unknown>;
  output: unknown;
  trace: TraceNode;
  usage: Usage;
  /** Progressive blocks the model loaded (not tool calls). */
  blocksLoaded: BlockLoad[];
  error?: { code: string; message: string };
}

export interface RunHandle {
  readonly id: string;
  /** Every event from the first, then live ones until the run ends; each iteration replays. */
  readonly events: AsyncIterable<TraceEvent>;
  /** Always resolves, also when the run fails or is aborted. */
  readonly result: Promise<RunResult>;
  /** Approves a pending request; an MCP server's elicitation takes its form's answers as `content`. */
  approve(approvalId: string, answer?: ApprovalAnswer): void;
  /** Denies it (an elicitation: declines it; with `cancel`, dismisses it without an answer). */
  deny(approvalId: string, reason?: string, options?: { cancel?: boolean }): void;
  abort(reason?: string): void;
  pendingApprovals(): ApprovalRequest[];
  /** Stops the run at its next boundary (before a model call, at an approval, before a tool, after a step). */
  pause(): void;
  /** From a stop, runs to the next boundary and stops there; while running, the same as pause(). */
  step(): void;
  /** From a stop, runs on to the next breakpoint (or the end). */
  continue(): void;
  setBreakpoints(breakpoints: readonly Breakpoint[]): void;
  /** Where the run is stopped, or undefined while it runs. */
  stopped(): StopInfo | undefined;
}

/**
 * Runs a workflow.
 *
 * @example
 * const handle = run(<Release />);
 * for await (const event of handle.events) {
 *   if (event.type === "approval-requested") handle.approve(event.approval.approvalId);
 * }
 * const { status, output, usage } = await handle.result;
 */
export function run(root: JuneNode, options: RunOptions = {}): RunHandle {
  const controller = new AbortController();
  if (options.signal) {
    if (options.signal.aborted) controller.abort(options.signal.reason);
    else options.signal.addEventListener("abort", () => controller.abort(options.signal!.reason), { once: true });
  }
  const ctx = createRunContext(options, controller);
  const result = execute(root, options, ctx).finally(async () => {
    // Connections a run opened (MCP servers) close when it ends; a failure to close is a warning.
    for (const error of await ctx.cache.closeAll()) ctx.warn(`june: closing a tool source failed: ${error instanceof Error ? error.message : String(error)}`);
    ctx.log.close();
  });
  return {
    id: ctx.runId,
    events: ctx.log,
    result,
    approve: (approvalId, answer) => ctx.approvals.decide(approvalId, { approved: true, ...(answer?.content !== undefined ? { content: answer.content } : {}) }),
    deny: (approvalId, reason, options) =>
      ctx.approvals.decide(approvalId, { approved: false, ...(reason !== undefined ? { reason } : {}), ...(options?.cancel ? { cancelled: true as const } : {}) }),
    abort: (reason) => controller.abort(new JuneError("JUNE_ABORTED", `june: the run was aborted${reason ? `: ${reason}` : "."}`)),
    pendingApprovals: () => ctx.approvals.pending(),
    pause: () => ctx.debug.pause(),
    step: () => ctx.debug.step(),
    continue: () => ctx.debug.continue(),
    setBreakpoints: (breakpoints) => ctx.debug.setBreakpoints(breakpoints),
    stopped: () => ctx.debug.stopped,
  };
}

/**
 * A run's context from its options: its log, tree, approvals, debugger and the rest, aborted by
 * `controller`. run() makes one per run; tests of the layers make theirs with it too, so the two
 * never differ in how a run starts (its stop rules, its defaults).
 */
export function createRunContext(options: RunOptions, controller: AbortController): RunContext {
  const limits = valueLimits(options.limits);
  const ctx: RunContext = {
    runId: options.runId ?? newRunId(),
    signal: controller.signal,
    log: new EventLog(),
    builder: new TraceBuilder(),
    approvals: new ApprovalRegistry(),
    cache: new ToolSourceCache(controller.signal),
    composites: compositeRunner(() => ctx),
    defaultModel: options.model,
    modelOverride: options.modelOverride,
    stream: options.stream ?? true,
    onEvent: options.onEvent,
    onExchange: options.onModelExchange,
    policies: (options.policies ?? []).map((p, i) => checkPolicy(p, `run() options.policies[${i}]`)),
    sandbox: options.sandbox,
    warn: options.warn ?? ((message) => console.warn(message)),
    seq: 0,
    nodes: 0,
    blocksLoaded: [],
    debug: new RunDebugger({
      emit: (event) => emit(ctx, event),
      signal: controller.signal,
      ...(options.startPaused ? { startPaused: true } : {}),
      // A fork started paused stops at its fork point, not at the calls the record answers.
      ...(options.replay?.mode === "fork" ? { startWhen: (b: Boundary) => b.kind === "model-call" && !b.replayed } : {}),
      ...(options.breakpoints ? { breakpoints: options.breakpoints } : {}),
    }),
    replay: options.replay,
    replayedToolCalls: new Map(),
    prices: options.prices ?? defaultPrices,
    limits,
    stop: (reason) => controller.abort(reason),
    recordFailure: undefined,
  };
  return ctx;
}

async function execute(root: JuneNode, options: RunOptions, ctx: RunContext): Promise<RunResult> {
  const name = isElement(root) && kindOf(root) === undefined ? componentName(root.type) : "workflow";
  // An input past the bounds is not recorded (it is what couldn't be): the run fails at once.
  const inputProblem = options.input === undefined ? undefined : measureValue(options.input, ctx.limits);
  const rootId = startNode(ctx, {
    parentId: null,
    kind: "run",
    name,
    ...(options.input !== undefined && !inputProblem ? { input: options.input } : {}),
    ...(isElement(root) && root.source ? { source: root.source } : {}),
  });
  const place = newPlace({
    ctx,
    parentNodeId: rootId,
    agentPath: [],
    stepPrefix: "",
    steps: {},
    stepOrder: [],
    parentScope: { none: "top-level" },
    agent: undefined,
    signal: ctx.signal,
    stepId: undefined,
  });
  let error: NodeError | undefined;
  try {
    await guard(place, rootId, async () => {
      if (inputProblem) throw valueLimitError(inputProblem, "the run's input");
      await executeItems(expandWorkflow(root, { insideAgent: false }), place);
      return defaultOutput(place.steps, place.stepOrder);
    });
  } catch (thrown) {
    error = thrown instanceof RecordedError ? thrown.nodeError : toNodeError(thrown);
    if (isAbort(thrown, ctx.signal)) error = { code: "JUNE_ABORTED", message: abortMessage(ctx.signal) };
  }
  // A run whose recorder failed was stopped for it: it failed, and says why.
  const recordFailure = ctx.recordFailure;
  if (recordFailure) error = { code: recordFailure.code, message: recordFailure.message };
  const trace = ctx.builder.root!;
  const status = recordFailure ? "failed" : ctx.signal.aborted ? "aborted" : error ? "failed" : "succeeded";
  return {
    runId: ctx.runId,
    status,
    steps: place.steps,
    output: defaultOutput(place.steps, place.stepOrder),
    trace,
    usage: trace ? { ...trace.usage } : emptyUsage(),
    blocksLoaded: [...ctx.blocksLoaded],
    ...(error ? { error: { code: error.code, message: error.message } } : {}),
  };
}

function abortMessage(signal: AbortSignal): string {
  const reason = signal.reason;
  return reason instanceof Error && reason.message ? reason.message : "june: the run was aborted.";
}
