// One instance of each of the engine's hot classes, kept for the process's life.
//
// V8 gives a class's instances their shape (hidden class) field by field as the constructor sets
// them, and forgets that shape once no instance of it is left; the optimized code that relied on
// it is thrown away then ("weak objects" under node --trace-deopt). Everything on a run's hot
// path (its tool and model layers, its tree builder, its event log) dies with the run, so after a
// full collection each run compiled that code again, and its calls ran unoptimized meanwhile:
// with a full GC before each of 20 runs, V8 threw away optimized code 107 times (42 of them a
// tool layer's `execute`) before these were kept and classes replaced the closures, 23 after
// (docs/benchmarks.md, "Shapes that outlive a run"). A kept instance holds nothing of any run: it is made from placeholders.
// Browser-safe (the trace fold keeps its own).

const kept: object[] = [];

/** A stand-in for a constructor argument of a kept instance, which is never used. */
export const SHAPE_ONLY = undefined as never;

/**
 * Keeps `instance`, made from placeholders (`SHAPE_ONLY`) and holding nothing of a run, so the
 * shape of its class's instances outlives every run.
 *
 * @example
 * class TraceTool { … }
 * keepShape(new TraceTool(SHAPE_ONLY, "", SHAPE_ONLY));
 */
export function keepShape(instance: object): void {
  kept.push(instance);
}
