// The two knobs of an invariant suite and its seeded randomness: JUNE_INVARIANT_SEED (unset: a
// fixed seed, so `npm test` is repeatable; `random`: a new one, printed, as `npm run bench` runs
// it; a number: that seed again) and JUNE_INVARIANT_SCALE (a multiplier of the case count,
// default 1). The engine's suites read them the same way (engine/src/project/fuzz.test-support.ts);
// a workspace imports the other only through its package, so the few lines are repeated here.

/** JUNE_INVARIANT_SEED as a 32-bit unsigned integer, or `fallback` when unset. */
export function invariantSeed(fallback: number, env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.JUNE_INVARIANT_SEED?.trim();
  if (raw === undefined || raw === "") return fallback;
  if (raw === "random") return Math.floor(Math.random() * 2 ** 32);
  const seed = Number(raw);
  if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) {
    throw new Error(`JUNE_INVARIANT_SEED must be a whole number from 0 to 4294967295, or random, not ${JSON.stringify(raw)}.`);
  }
  return seed;
}

/** `count` times JUNE_INVARIANT_SCALE (default 1), never below 1. */
export function scaledCount(count: number, env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.JUNE_INVARIANT_SCALE?.trim();
  const scale = raw === undefined || raw === "" ? 1 : Number(raw);
  if (!Number.isFinite(scale) || scale <= 0) throw new Error(`JUNE_INVARIANT_SCALE must be a positive number, not ${JSON.stringify(raw)}.`);
  return Math.max(1, Math.round(count * scale));
}

/**
 * mulberry32: a float in [0, 1) per call, the same sequence for the same seed.
 *
 * @example
 * const next = mulberry32(42);
 * const words = 5 + Math.floor(next() * 30);
 */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    let t = (state = (state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
