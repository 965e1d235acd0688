// Test support: drives a run at random moments — approve or deny each approval asked, step or
// continue from each stop, pause now and then, maybe abort — each at a random time: inside the
// event (synchronously), a microtask later, or a few turns of the event loop later. Every stop
// and every approval gets an answer, so a run that keeps its promises always settles.
import { isJuneError } from "../../errors/index.ts";
import type { RunHandle, TraceEvent } from "june";
import type { Rng } from "../../../test/support/invariants.ts";
import type { Timeline } from "./timeline.test-support.ts";

export interface Driver {
  /** Give this to run() as onEvent. */
  onEvent: (event: TraceEvent) => void;
  attach(handle: RunHandle): void;
  /** Resolves once no action is still scheduled. */
  idle(): Promise<void>;
}

const immediate = () => new Promise<void>((resolve) => setImmediate(resolve));

export function randomDriver(rng: Rng, timeline: Timeline): Driver {
  let handle: RunHandle | undefined;
  let seen = 0;
  let pending = 0;
  let pausesLeft = rng.int(0, 3);
  const abortAt = rng.chance(0.2) ? rng.int(1, 80) : Infinity;
  const early: TraceEvent[] = [];

  // `canThrow` names the error codes a call may legitimately throw at that moment.
  const act = (action: string, call: (h: RunHandle) => void, canThrow: readonly string[] = []) => {
    timeline.action(action);
    try {
      call(handle!);
    } catch (error) {
      const code = isJuneError(error) ? error.code : undefined;
      if (code === undefined || !canThrow.includes(code)) timeline.unexpected.push(`${action} threw: ${error instanceof Error ? error.message : String(error)}`);
    }
  };

  // Sync actions run inside the run's own emit, approvals included: a request is pending before
  // its event goes out, so a decision there must be accepted like any other.
  const later = (fn: () => void) => {
    const when = rng.pick(["sync", "microtask", "ticks"] as const);
    if (when === "sync") return fn();
    pending++;
    const run = () => {
      pending--;
      fn();
    };
    if (when === "microtask") queueMicrotask(run);
    else {
      const ticks = rng.int(1, 4);
      void (async () => {
        for (let i = 0; i < ticks; i++) await immediate();
        run();
      })();
    }
  };

  const react = (event: TraceEvent) => {
    seen++;
    // An abort leaves approvals unregistered and stops released: the codes below are expected then.
    const afterAbort = () => (timeline.aborted ? ["JUNE_UNKNOWN_APPROVAL"] : []);
    if (event.type === "approval-requested") {
      const { approvalId, toolName } = event.approval;
      const approve = rng.chance(0.6);
      later(() =>
        approve
          ? act(`approve ${toolName}`, (h) => h.approve(approvalId), afterAbort())
          : act(`deny ${toolName}`, (h) => h.deny(approvalId, `no ${toolName}`), afterAbort()),
      );
    }
    if (event.type === "paused") {
      const go = rng.chance(0.4) ? "continue" : "step";
      later(() => act(go, (h) => (go === "step" ? h.step() : h.continue()), ["JUNE_AWAITING_APPROVAL"]));
    }
    if (pausesLeft > 0 && rng.chance(0.03)) {
      pausesLeft--;
      later(() => act("pause", (h) => h.pause()));
    }
    if (seen === abortAt) later(() => act("abort", (h) => h.abort("the invariant driver aborted")));
  };

  return {
    onEvent: (event) => {
      timeline.event(event);
      // The first events come from inside run(), before it returns the handle.
      if (!handle) early.push(event);
      else react(event);
    },
    attach(h) {
      handle = h;
      for (const event of early.splice(0)) react(event);
    },
    async idle() {
      while (pending > 0) await immediate();
    },
  };
}
