// A replay plan: the recorded run indexed by call key, and the rule that says, for each model
// call, tool call and approval of the new run, whether its answer comes from the record or from
// the live world. See types.ts for the three modes.
import type { LanguageModel } from "ai";
import { JuneError } from "../errors/index.ts";
import { TraceBuilder, type ModelCallInput, type NodeError, type RecordedToolCall, type TraceEvent, type TraceNode, type Usage } from "../trace/index.ts";
import { nodeKey } from "./call-key.ts";
import type { ReplayMode, ReplayPlanInput } from "./types.ts";

/** A model call's answer from the record. */
export interface RecordedModelCall {
  nodeId: string;
  provider: string;
  modelId: string;
  text: string;
  reasoning: string;
  toolCalls: RecordedToolCall[];
  finishReason: string | undefined;
  usage: Usage;
  costUsd: number | undefined;
  error: NodeError | undefined;
}

/** What to do for a tool call: its recorded result, run it, or ask again (outcome unknown). */
export type ToolAnswer =
  | { kind: "recorded"; nodeId: string; output: unknown; error: NodeError | undefined }
  | { kind: "live" }
  | { kind: "outcome-unknown" };

interface Entry {
  node: TraceNode;
  /** The seq of the node's start event: what "before the fork point" is measured in. */
  seq: number;
}

export class ReplayPlan {
  readonly mode: ReplayMode;
  /** The recorded run's id. */
  readonly runId: string;
  readonly #entries = new Map<string, Entry>();
  readonly #costs = new Map<string, number>();
  /** Record entries started at or after this seq are not replayed (the fork point). */
  readonly #cutoff: number;
  readonly #forkKey: string | undefined;
  readonly #model: LanguageModel | undefined;
  readonly #prompt: unknown[] | undefined;

  constructor(input: ReplayPlanInput) {
    this.mode = input.mode;
    const builder = new TraceBuilder();
    const starts = new Map<string, number>();
    for (const event of input.events) {
      builder.apply(event);
      if (event.type === "node-start") starts.set(event.node.id, event.seq);
      if (event.type === "usage" && event.costUsd !== undefined) this.#costs.set(event.nodeId, event.costUsd);
    }
    const root = builder.root;
    if (!root) throw new JuneError("JUNE_REPLAY_EMPTY", "june: the recorded run has no events to replay; pick a run that started.");
    this.runId = input.events[0]!.runId;
    const lookup = (id: string) => builder.node(id);
    const walk = (node: TraceNode): void => {
      // Block loads aren't looked up: a loader only reads context, and runs again.
      if (node.kind === "model-call" || node.kind === "tool-call" || node.kind === "approval") {
        this.#entries.set(nodeKey(node, lookup), { node, seq: starts.get(node.id) ?? 0 });
      }
      node.children.forEach(walk);
    };
    walk(root);

    if (input.mode === "fork") {
      const at = input.at === undefined ? undefined : builder.node(input.at);
      if (!at || at.kind !== "model-call") {
        throw new JuneError(
          "JUNE_REPLAY_FORK_POINT",
          `june: can't fork run ${this.runId} at ${JSON.stringify(input.at)}: ${at ? `it is a ${at.kind} node` : "the run has no such node"}; fork from a model-call node.`,
        );
      }
      this.#cutoff = starts.get(at.id) ?? 0;
      this.#forkKey = nodeKey(at, lookup);
    } else {
      this.#cutoff = Number.POSITIVE_INFINITY;
      this.#forkKey = undefined;
    }
    this.#model = input.model;
    this.#prompt = input.prompt;
  }

  /** The recorded answer for the model call at `key`, or undefined when it runs live. */
  modelCall(key: string): RecordedModelCall | undefined {
    const node = this.#replayable(key, "model-call")?.node;
    if (node?.kind !== "model-call") {
      if (this.mode === "replay") throw mismatch(this.runId, key, "model call");
      return undefined;
    }
    const input: Partial<ModelCallInput> = node.input ?? {};
    const output = node.output ?? {};
    return {
      nodeId: node.id,
      provider: input.provider ?? "unknown",
      modelId: input.modelId ?? node.name,
      text: output.text ?? "",
      reasoning: output.reasoning ?? "",
      toolCalls: output.toolCalls ?? [],
      finishReason: output.finishReason,
      usage: { ...node.usage },
      costUsd: this.#costs.get(node.id),
      error: node.status === "failed" ? node.error : undefined,
    };
  }

  /** The model live calls use instead of the agent's (a fork's other model). */
  liveModel(): LanguageModel | undefined {
    return this.mode === "fork" ? this.#model : undefined;
  }

  /** The prompt that replaces the call's own, for the fork call only. */
  promptFor(key: string): unknown[] | undefined {
    return key === this.#forkKey ? this.#prompt : undefined;
  }

  toolCall(key: string): ToolAnswer {
    const entry = this.#replayable(key, "tool-call");
    // A composite tool runs again: its own model calls and tools replay one by one inside it.
    if (entry?.node.children.some((child) => child.kind === "composite")) return { kind: "live" };
    if (!entry) {
      if (this.mode === "replay") throw mismatch(this.runId, key, "tool call");
      return { kind: "live" };
    }
    return { kind: "recorded", nodeId: entry.node.id, output: entry.node.output, error: entry.node.error };
  }

  /** The recorded decision on the approval at `key`, or undefined when it is asked live. */
  approval(key: string): { nodeId: string; approved: boolean; reason?: string } | undefined {
    const entry = this.#replayable(key, "approval");
    // A finished approval without a decision (a record that lost it) is asked again.
    const decision = entry?.node.kind === "approval" ? entry.node.output : undefined;
    if (!entry || !decision) return undefined;
    return { nodeId: entry.node.id, approved: decision.approved, ...(decision.reason !== undefined ? { reason: decision.reason } : {}) };
  }

  /**
   * Resume only: a tool the record shows approved and started but never finished. It may have
   * had its effect; it runs again only with a new decision.
   */
  unfinishedApprovedTool(toolKey: string, approvalKey: string): boolean {
    if (this.mode !== "resume") return false;
    const tool = this.#entries.get(toolKey);
    const approval = this.#entries.get(approvalKey);
    if (!tool || !approval || isFinished(tool.node) || approval.node.kind !== "approval") return false;
    return approval.node.status === "succeeded" && approval.node.output?.approved === true;
  }

  /** A recorded entry the new run takes: finished, of the kind asked, and before the fork point. */
  #replayable(key: string, kind: TraceNode["kind"]): Entry | undefined {
    const entry = this.#entries.get(key);
    if (!entry || entry.node.kind !== kind || entry.seq >= this.#cutoff) return undefined;
    return isFinished(entry.node) ? entry : undefined;
  }
}

// Succeeded, or failed with an answer the model saw; aborted and unfinished nodes run again.
function isFinished(node: TraceNode): boolean {
  return node.status === "succeeded" || node.status === "failed";
}

function mismatch(runId: string, key: string, what: string): JuneError {
  return new JuneError(
    "JUNE_REPLAY_MISMATCH",
    `june: replaying run ${runId}: the record has no ${what} at ${key}. The workflow changed since it was recorded, ` +
      "or the record ends before this point; fork the run instead to go on live from a model call.",
  );
}

/**
 * Replays a recorded run: every model call, tool result and approval decision from the record,
 * no provider calls; the trace equals the recorded one.
 *
 * @example
 * const { events } = readTraceFile(".june/runs/run_x.jsonl");
 * const result = await run(<Release />, { replay: replay(events) }).result;
 */
export function replay(events: readonly TraceEvent[]): ReplayPlan {
  return new ReplayPlan({ mode: "replay", events });
}

/**
 * Forks a recorded run at the model call `at`: what came before it from the record (no cost),
 * that call and everything after live, with another model or an edited prompt if given.
 *
 * @example
 * run(<Release />, { replay: fork(events, { at: "n7", model: openai("gpt-5"), prompt: editedPrompt }) });
 */
export function fork(events: readonly TraceEvent[], options: { at: string; model?: LanguageModel; prompt?: unknown[] }): ReplayPlan {
  return new ReplayPlan({ mode: "fork", events, ...options });
}

/**
 * Resumes an interrupted run: replayed from its record to where it stopped, then live. Decided
 * approvals are not asked again; an approved tool with no recorded result asks again.
 *
 * @example
 * run(<Release />, { replay: resume(readTraceFile(path).events) });
 */
export function resume(events: readonly TraceEvent[]): ReplayPlan {
  return new ReplayPlan({ mode: "resume", events });
}
