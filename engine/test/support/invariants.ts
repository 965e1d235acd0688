// The seeded randomness of invariant tests: a small PRNG (mulberry32), so a failure found with one
// seed comes back with the same seed, and the two knobs every invariant suite reads from the
// environment — JUNE_INVARIANT_SEED (default: a fixed seed, so `npm test` is repeatable; `random`
// for a new one each run) and JUNE_INVARIANT_SCALE (a multiplier of the case count, default 1;
// `npm run bench` raises it).

/** The seed `npm test` uses when JUNE_INVARIANT_SEED is unset. */
export const DEFAULT_SEED = 42;

/** JUNE_INVARIANT_SEED as a 32-bit unsigned integer; `random` picks one (print it); unset, DEFAULT_SEED. */
export function invariantSeed(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.JUNE_INVARIANT_SEED;
  if (raw === undefined || raw.trim() === "") return DEFAULT_SEED;
  // `npm run bench` explores new seeds; a failure prints the one to rerun with.
  if (raw.trim() === "random") return Math.floor(Math.random() * 2 ** 32);
  const seed = Number(raw);
  if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) {
    throw new Error(`JUNE_INVARIANT_SEED must be a whole number from 0 to 4294967295, or random, not ${JSON.stringify(raw)}.`);
  }
  return seed;
}

/** The random choices a generator makes (a `Random`). */
export type Rng = Pick<Random, "next" | "int" | "chance" | "pick">;

/** A `Random` from `seed`: mulberry32. */
export function mulberry32(seed: number): Random {
  return new Random(seed);
}

/** FNV-1a over the string's UTF-16 code units: a seed from any key. */
export function hashSeed(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** JUNE_INVARIANT_SCALE as a positive multiplier, or 1. */
export function invariantScale(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.JUNE_INVARIANT_SCALE;
  if (raw === undefined || raw.trim() === "") return 1;
  const scale = Number(raw);
  if (!Number.isFinite(scale) || scale <= 0) throw new Error(`JUNE_INVARIANT_SCALE must be a positive number, not ${JSON.stringify(raw)}.`);
  return scale;
}

/** `count` scaled, never below 1. */
export function scaled(count: number, scale: number = invariantScale()): number {
  return Math.max(1, Math.round(count * scale));
}

/**
 * A seeded source of random choices.
 *
 * @example
 * const random = new Random(42);
 * random.int(1, 6); // the same roll for seed 42, every run
 * random.pick(["a", "b"]);
 */
export class Random {
  #state: number;

  constructor(seed: number) {
    this.#state = seed >>> 0;
  }

  /** A float in [0, 1): mulberry32. */
  next(): number {
    let t = (this.#state = (this.#state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** A whole number from `min` to `max`, both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error("Random.pick needs at least one item");
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** `count` random bytes. */
  bytes(count: number): Buffer {
    const out = Buffer.alloc(count);
    for (let i = 0; i < count; i++) out[i] = Math.floor(this.next() * 256);
    return out;
  }

  /** A new, independent stream (one per generated file, so adding a file never shifts the others). */
  fork(): Random {
    return new Random(Math.floor(this.next() * 4294967296));
  }
}
