// project.start() in this process: a run of one entry with the project's defaults, a recorded run
// to replay given as data (a fork's model as a reference the project resolves), and a scripted
// model in place of every agent's when asked. The isolate's worker runs entries through this too.
import type { Breakpoint } from "../debug/index.ts";
import { fork, replay, resume, type ReplayMode, type ReplayPlan } from "../replay/index.ts";
import { run, type RunHandle, type RunOptions } from "../run/index.ts";
import { scripted, type ScriptedEntry } from "../sdk/scripted.ts";
import { ExchangeRecorder, type RecordedExchange, type TraceEvent } from "../trace/index.ts";
import type { Project } from "./parts.ts";

/** A recorded run to run again, as data: the worker makes the ReplayPlan (and resolves `model`). */
export interface ReplaySpec {
  mode: ReplayMode;
  events: TraceEvent[];
  /** fork: the model-call node to fork at. */
  at?: string;
  /** fork: a model reference (`openai:gpt-5-mini`, an alias), resolved as a markdown agent's `model:` is. */
  model?: string;
  /** fork: the fork call's whole prompt. */
  prompt?: unknown[];
}

/** How project.start() runs an entry: the plain-data part of RunOptions, and where events go. */
export interface StartOptions {
  input?: unknown;
  runId?: string;
  startPaused?: boolean;
  breakpoints?: Breakpoint[];
  /** Answers from a recorded run (replay, fork, resume); a fork's `model` is a reference the project resolves. */
  replay?: ReplaySpec;
  /** Replaces every agent's model by a scripted one with these responses (`june run --script`). */
  scriptedResponses?: ScriptedEntry[];
  stream?: boolean;
  /** Called synchronously with every event, in order. */
  onEvent?: RunOptions["onEvent"];
  /** Called with each model call's raw provider bodies, written down (capped, redacted: ExchangeRecorder). */
  onModelExchange?: (exchange: RecordedExchange) => void;
  warn?: (message: string) => void;
}

export function startEntry(project: Project, entryId: string, options: StartOptions = {}): RunHandle {
  return run(project.element(entryId, options.input), {
    ...project.runDefaults,
    ...(options.runId !== undefined ? { runId: options.runId } : {}),
    ...(options.input !== undefined ? { input: options.input } : {}),
    ...(options.startPaused ? { startPaused: true } : {}),
    ...(options.breakpoints ? { breakpoints: options.breakpoints } : {}),
    ...(options.replay ? { replay: replayPlan(options.replay, (ref) => project.model(ref)) } : {}),
    ...(options.scriptedResponses ? { modelOverride: scripted(options.scriptedResponses) } : {}),
    ...(options.stream !== undefined ? { stream: options.stream } : {}),
    ...(options.onEvent ? { onEvent: options.onEvent } : {}),
    ...(options.onModelExchange ? { onModelExchange: keepExchanges(options.onModelExchange) } : {}),
    ...(options.warn ? { warn: options.warn } : {}),
  });
}

// The run's raw bodies go to `keep` written down, within one budget for the run.
function keepExchanges(keep: (exchange: RecordedExchange) => void): RunOptions["onModelExchange"] {
  const recorder = new ExchangeRecorder();
  return (exchange) => keep(recorder.record(exchange));
}

/** The engine's ReplayPlan for a spec; throws the engine's JUNE_REPLAY_* errors and a model reference's. */
export function replayPlan(spec: ReplaySpec, model: Project["model"]): ReplayPlan {
  if (spec.mode === "replay") return replay(spec.events);
  if (spec.mode === "resume") return resume(spec.events);
  return fork(spec.events, {
    at: spec.at ?? "",
    ...(spec.model !== undefined ? { model: model(spec.model) } : {}),
    ...(spec.prompt ? { prompt: spec.prompt } : {}),
  });
}
