// Approval invariants over random workflows: nested agents, composite tools, defined agents,
// parallel calls, tools needing approval or not, streaming on and off — driven by random
// approve / deny / abort / pause / step / continue at random moments. For every run: no tool
// executes before its approval was granted, none after a denial, none twice for one call id, no
// call starts while the run is stopped before it or after abort(), every approval asked is
// decided, the model hears of every denial, and the run settles with no node left open.
//
// JUNE_INVARIANT_SCALE=<k> runs k times as many (default 1: a few seconds). The seed is fixed, so
// `npm test` checks the same runs every time and main stays green or red for a reason;
// JUNE_INVARIANT_SEED=random explores new ones (`npm run bench` does), =<n> reruns a printed seed. To read one failing run: JUNE_INVARIANT_RUN_SEED=<its run seed>
// JUNE_INVARIANT_SCALE=0.001 JUNE_INVARIANT_VERBOSE=1 prints its timeline.
import { describe, expect, it } from "vitest";
import { run } from "june";
import { scripted } from "june/sdk/scripted";
import { randomDriver } from "./invariant-support/driver.test-support.ts";
import { hashSeed, invariantScale, invariantSeed, mulberry32, scaled } from "../../test/support/invariants.ts";
import { generateWorkflow, renderWorkflow, responder } from "./invariant-support/random-workflow.test-support.tsx";
import { Timeline } from "./invariant-support/timeline.test-support.ts";

const RUNS_AT_SCALE_1 = 150;
// A hang guard, not a timing assertion: a run here takes milliseconds; one that hasn't settled
// after this long never will.
const SETTLE_BOUND_MS = 5_000;

async function settled<T>(promise: Promise<T>): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), SETTLE_BOUND_MS)));
  try {
    return await Promise.race([promise, bound]);
  } finally {
    clearTimeout(timer);
  }
}

/** One random run from `seed`: its violations, and what it covered. */
async function oneRun(seed: number) {
  const rng = mulberry32(seed);
  const spec = generateWorkflow(rng);
  const timeline = new Timeline();
  const driver = randomDriver(rng, timeline);
  const model = scripted(responder(seed));
  const handle = run(renderWorkflow(spec, timeline), {
    model,
    stream: spec.stream,
    startPaused: spec.startPaused,
    breakpoints: spec.breakpoints,
    onEvent: driver.onEvent,
    warn: () => {},
  });
  driver.attach(handle);
  const result = await settled(handle.result);
  if (!result) {
    handle.abort("hung");
    await settled(handle.result);
  }
  await driver.idle();
  const violations = timeline.violations(spec, result, handle, model);
  if (violations.length > 0 && process.env.JUNE_INVARIANT_VERBOSE) console.log(`run seed ${seed}:\n${timeline.describe()}`);
  const events = timeline.entries.flatMap((e) => (e.kind === "event" ? [e.event] : []));
  return {
    violations,
    approvals: events.filter((e) => e.type === "approval-requested").length,
    stops: events.filter((e) => e.type === "paused").length,
    executions: timeline.entries.filter((e) => e.kind === "executed").length,
    status: result?.status ?? "hung",
  };
}

const runs = scaled(RUNS_AT_SCALE_1, invariantScale());

describe("approval invariants over random workflows", () => {
  // A run takes a few milliseconds; the bound grows with the count a larger scale asks for.
  it("hold for every run: approval before execution, never after denial, once per call, and every run settles", { timeout: 20_000 + runs * 100 }, async () => {
    const seed = invariantSeed();
    const failures: string[] = [];
    const totals = { approvals: 0, stops: 0, executions: 0, aborted: 0 };
    const only = process.env.JUNE_INVARIANT_RUN_SEED;
    for (let i = 0; i < runs; i++) {
      const runSeed = only ? Number(only) : hashSeed(`${seed}:${i}`);
      const outcome = await oneRun(runSeed);
      totals.approvals += outcome.approvals;
      totals.stops += outcome.stops;
      totals.executions += outcome.executions;
      if (outcome.status === "aborted") totals.aborted++;
      for (const v of outcome.violations) failures.push(`run ${i} (run seed ${runSeed}): ${v}`);
    }
    console.log(
      `approvals invariant: ${runs} runs, seed ${seed}, ${failures.length} violations ` +
        `(${totals.approvals} approvals, ${totals.executions} executions, ${totals.stops} stops, ${totals.aborted} aborted runs)` +
        (failures.length ? `; rerun with JUNE_INVARIANT_SEED=${seed}` : ""),
    );
    // The generator must reach what it claims to test.
    expect(totals.approvals).toBeGreaterThan(0);
    expect(totals.stops).toBeGreaterThan(0);
    expect(failures.slice(0, 20)).toEqual([]);
  });
});
