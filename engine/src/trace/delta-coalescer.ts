// Coalesces a run's streamed text: consecutive text (or reasoning) deltas of one node, arriving
// within one frame (~16 ms), become one delta carrying their text joined, before the run's record,
// its memory or any window sees them. A model streaming thousands of words a second then costs
// one record line, one event in the log and one update in a window per node per frame, not one
// per word. Any other event of the run sends the delta waiting before it first, so nothing moves
// across it (a node's end never comes before its text); runs don't wait for each other. Because
// what goes out is fewer events than came in, each run's events are numbered again, 1, 2, 3, …:
// the record, the log and the windows all see the same gap-free `seq`s (a reopened record and what
// streamed in line up by them: applyTraceEvents skips what it has). The studio's service
// coalesces what it records and sends; a run worker (isolate/) coalesces before events cross to
// the host.
import type { TraceEvent } from "./events.ts";

/** Schedules `flush` after `ms` and returns a function that cancels it. */
export type FlushScheduler = (flush: () => void, ms: number) => () => void;

/** One animation frame, the longest a delta waits: what a person sees streaming is never later. */
export const FRAME_MS = 16;

type NodeUpdate = Extract<TraceEvent, { type: "node-update" }>;
type DeltaField = "textDelta" | "reasoningDelta";

/** Where coalesced events go; it may throw (a record that broke) after it has taken the event. */
export type DeliverTrace = (runId: string, event: TraceEvent) => void;

export interface DeltaCoalescerOptions {
  /** How long the first waiting delta waits before it goes; default 16 ms (one frame). */
  intervalMs?: number;
  /** Replaces setTimeout (tests drive frames by hand). */
  schedule?: FlushScheduler;
}

interface Waiting {
  event: NodeUpdate;
  field: DeltaField;
  parts: string[];
}

interface RunStream {
  /** The seq of the last event that went out. */
  seq: number;
  waiting: Waiting | undefined;
  /** What a flush on the timer threw (the record broke): thrown at the run's next event, to fail it. */
  failed: unknown;
}

const unrefTimer: FlushScheduler = (flush, ms) => {
  const timer = setTimeout(flush, ms);
  // A delta waiting for its frame must not keep a finished process alive.
  timer.unref?.();
  return () => clearTimeout(timer);
};

/**
 * The field a node-update streams when it is nothing but one text or reasoning delta (anything
 * else it carries — a status, input, capabilities — is not merged, so it goes as it came).
 */
export function deltaField(event: TraceEvent): DeltaField | undefined {
  if (event.type !== "node-update") return undefined;
  let field: DeltaField | undefined;
  // Every field looked at, not a list of known ones: a field added later is never merged away.
  for (const key in event) {
    if (key === "type" || key === "runId" || key === "seq" || key === "time" || key === "nodeId") continue;
    if ((key === "textDelta" || key === "reasoningDelta") && field === undefined && typeof event[key] === "string") field = key;
    else if (event[key as keyof NodeUpdate] !== undefined) return undefined;
  }
  return field;
}

/**
 * Coalesces each run's deltas for `deliver`.
 *
 * @example
 * const coalescer = new DeltaCoalescer((runId, event) => record(runId, event));
 * run(element, { onEvent: (event) => coalescer.push(event.runId, event) });
 * // at the run's end, before anything says it ended:
 * coalescer.end(runId);
 */
export class DeltaCoalescer {
  readonly #deliver: DeliverTrace;
  readonly #intervalMs: number;
  readonly #schedule: FlushScheduler;
  readonly #runs = new Map<string, RunStream>();
  #cancel: (() => void) | undefined;

  constructor(deliver: DeliverTrace, options: DeltaCoalescerOptions = {}) {
    this.#deliver = deliver;
    this.#intervalMs = options.intervalMs ?? FRAME_MS;
    this.#schedule = options.schedule ?? unrefTimer;
  }

  /** Takes one event of `runId` as the engine emitted it. Throws what `deliver` threw for this run. */
  push(runId: string, event: TraceEvent): void {
    const stream = this.#stream(runId);
    const field = deltaField(event);
    const waiting = stream.waiting;
    if (field && waiting && waiting.field === field && waiting.event.nodeId === (event as NodeUpdate).nodeId) {
      waiting.parts.push((event as NodeUpdate)[field]!);
      return;
    }
    let failure = stream.failed;
    stream.failed = undefined;
    try {
      this.#send(runId, stream);
    } catch (error) {
      failure ??= error;
    }
    if (field) {
      stream.waiting = { event: event as NodeUpdate, field, parts: [(event as NodeUpdate)[field]!] };
      this.#cancel ??= this.#schedule(() => {
        this.#cancel = undefined;
        this.flush();
      }, this.#intervalMs);
    } else {
      try {
        this.#deliver(runId, { ...event, seq: ++stream.seq });
      } catch (error) {
        failure ??= error;
      }
    }
    if (failure !== undefined) throw failure;
  }

  /** Sends every run's waiting delta now; a failure is kept for its run's next event. */
  flush(): void {
    this.#cancel?.();
    this.#cancel = undefined;
    for (const [runId, stream] of this.#runs) {
      try {
        this.#send(runId, stream);
      } catch (error) {
        stream.failed ??= error;
      }
    }
  }

  /** The run emits no more: its waiting delta goes now and the run is forgotten. Never throws. */
  end(runId: string): void {
    const stream = this.#runs.get(runId);
    if (!stream) return;
    this.#runs.delete(runId);
    try {
      this.#send(runId, stream);
    } catch {
      // The record broke on it: the record says so itself (intact() is false), which fails the run.
    }
  }

  /** How many runs have a delta waiting. */
  get waiting(): number {
    let count = 0;
    for (const stream of this.#runs.values()) if (stream.waiting) count++;
    return count;
  }

  #stream(runId: string): RunStream {
    let stream = this.#runs.get(runId);
    if (!stream) this.#runs.set(runId, (stream = { seq: 0, waiting: undefined, failed: undefined }));
    return stream;
  }

  #send(runId: string, stream: RunStream): void {
    const waiting = stream.waiting;
    if (!waiting) return;
    stream.waiting = undefined;
    const text = waiting.parts.length === 1 ? waiting.parts[0]! : waiting.parts.join("");
    this.#deliver(runId, { ...waiting.event, [waiting.field]: text, seq: ++stream.seq });
  }
}
