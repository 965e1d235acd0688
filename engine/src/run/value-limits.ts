// How deep and how large a value from outside may be where it enters a run (the run's input, a
// tool's result, the JSON a model sends as a tool call's input, a step's typed output). Past the
// bounds a value would overflow the stack of whatever serialises it next (JSON.stringify gives up
// near 4,500 levels; structuredClone sooner) or exhaust memory. The measurement walks with a stack
// of its own, never recursion, and stops at the first bound it crosses, so an ordinary value costs
// one pass over its nodes and a huge one only as much as it takes to find out.
import { JuneError } from "../errors/index.ts";

export interface ValueLimits {
  /** Objects and arrays nested inside each other, the value itself counting as one. Default 256. */
  maxDepth: number;
  /** Size of the value as JSON, in UTF-8 bytes (escapes not counted). Default 16 MiB. */
  maxBytes: number;
}

/** The bounds a run applies unless `run(el, { limits })` says otherwise. */
export const DEFAULT_VALUE_LIMITS: Readonly<ValueLimits> = Object.freeze({ maxDepth: 256, maxBytes: 16 * 1024 * 1024 });

export interface ValueProblem {
  code: "JUNE_VALUE_TOO_DEEP" | "JUNE_VALUE_TOO_LARGE";
  /** What is wrong, to follow the value's name: "is nested deeper than 256 levels". */
  detail: string;
}

/** `limits` with defaults for what it leaves out; a bound that isn't a positive number is an error. */
export function valueLimits(limits: Partial<ValueLimits> | undefined): ValueLimits {
  const resolved = { ...DEFAULT_VALUE_LIMITS, ...stripUndefined(limits) };
  for (const key of ["maxDepth", "maxBytes"] as const) {
    const value = resolved[key];
    if (typeof value !== "number" || !(value > 0)) {
      throw new JuneError("JUNE_INVALID_PROPS", `june: run() options.limits.${key} must be a positive number, got ${String(value)}.`);
    }
  }
  return resolved;
}

/**
 * Whether `value` is within `limits` as JSON would write it (toJSON honoured, functions and
 * undefined left out); undefined when it is.
 *
 * @example
 * measureValue({ a: [1, 2] }, DEFAULT_VALUE_LIMITS); // undefined
 * measureValue(deeplyNested, DEFAULT_VALUE_LIMITS)?.code; // "JUNE_VALUE_TOO_DEEP"
 */
export function measureValue(value: unknown, limits: ValueLimits): ValueProblem | undefined {
  // The common cases take no walk: a string is its length, anything else scalar is tiny.
  if (value === null || typeof value !== "object") return sizeProblem(leafBytes(value, false), limits);
  // Objects and arrays still to read, with their depths; leaves are counted as they are met.
  const values: object[] = [value];
  const depths: number[] = [1];
  let bytes = 0;
  while (values.length > 0) {
    let current: unknown = values.pop()!;
    const depth = depths.pop()!;
    if (typeof (current as { toJSON?: unknown }).toJSON === "function") {
      current = (current as { toJSON: (key: string) => unknown }).toJSON("");
      if (current === null || typeof current !== "object") {
        bytes += leafBytes(current, false);
        if (bytes > limits.maxBytes) return sizeProblem(bytes, limits);
        continue;
      }
    }
    if (depth > limits.maxDepth) return deepProblem(value, limits);
    bytes += 2;
    if (Array.isArray(current)) {
      bytes += Math.max(0, current.length - 1);
      for (let i = current.length - 1; i >= 0; i--) {
        const item: unknown = current[i];
        if (item !== null && typeof item === "object") {
          values.push(item);
          depths.push(depth + 1);
        } else bytes += leafBytes(item, true);
      }
    } else {
      const record = current as Record<string, unknown>;
      let written = 0;
      for (const key in record) {
        if (!Object.hasOwn(record, key)) continue;
        const item = record[key];
        // JSON leaves these out of an object altogether.
        if (item === undefined || typeof item === "function" || typeof item === "symbol") continue;
        // The key, its colon, and a comma before every entry but the first.
        bytes += stringBytes(key) + (written++ > 0 ? 2 : 1);
        if (item !== null && typeof item === "object") {
          values.push(item);
          depths.push(depth + 1);
        } else bytes += leafBytes(item, false);
      }
    }
    if (bytes > limits.maxBytes) return sizeProblem(bytes, limits);
  }
  return undefined;
}

// A scalar as JSON writes it; in an array, what JSON leaves out of an object is `null`.
function leafBytes(value: unknown, inArray: boolean): number {
  switch (typeof value) {
    case "string":
      return stringBytes(value);
    case "number":
      return Number.isFinite(value) ? String(value).length : 4;
    case "boolean":
      return value ? 4 : 5;
    case "bigint":
      return String(value).length;
    case "object":
      return 4;
    default:
      return inArray ? 4 : 0;
  }
}

/**
 * Whether the JSON text `text` is within `limits`, read without parsing it: its length, and its
 * brackets outside strings. Text that isn't JSON is measured all the same (its parser will say).
 *
 * @example
 * measureJsonText('{"a":[1]}', DEFAULT_VALUE_LIMITS); // undefined
 */
export function measureJsonText(text: string, limits: ValueLimits): ValueProblem | undefined {
  // JSON needs two characters a level: shorter text can't cross the depth bound.
  if (text.length <= 2 * limits.maxDepth) return sizeProblem(Buffer.byteLength(text, "utf8"), limits);
  return new JsonTextMeter(limits).push(text);
}

/**
 * Measures JSON text that arrives in pieces (a model streaming a typed output), the way
 * measureJsonText measures it whole: each piece is read once, and the first problem is kept.
 *
 * @example
 * const meter = new JsonTextMeter(DEFAULT_VALUE_LIMITS);
 * for (const delta of deltas) if (meter.push(delta)) break;
 */
export class JsonTextMeter {
  readonly #limits: ValueLimits;
  #bytes = 0;
  #depth = 0;
  #inString = false;
  #escaped = false;
  #problem: ValueProblem | undefined;

  constructor(limits: ValueLimits) {
    this.#limits = limits;
  }

  /** Reads `piece`; the problem with the text so far, if it has one. */
  push(piece: string): ValueProblem | undefined {
    if (this.#problem) return this.#problem;
    this.#bytes += Buffer.byteLength(piece, "utf8");
    if (this.#bytes > this.#limits.maxBytes) return (this.#problem = sizeProblem(this.#bytes, this.#limits));
    const maxDepth = this.#limits.maxDepth;
    let depth = this.#depth;
    let inString = this.#inString;
    let escaped = this.#escaped;
    for (let i = 0; i < piece.length; i++) {
      const c = piece.charCodeAt(i);
      if (inString) {
        if (escaped) escaped = false;
        else if (c === BACKSLASH) escaped = true;
        else if (c === QUOTE) inString = false;
      } else if (c === QUOTE) inString = true;
      else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
        if (++depth > maxDepth) return (this.#problem = { code: "JUNE_VALUE_TOO_DEEP", detail: `is nested deeper than ${maxDepth} levels` });
      } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth--;
    }
    this.#depth = depth;
    this.#inString = inString;
    this.#escaped = escaped;
    return undefined;
  }
}

/** The coded error for `what` (e.g. `the run's input`) having `problem`, saying how to go on. */
export function valueLimitError(problem: ValueProblem, what: string): JuneError {
  const key = problem.code === "JUNE_VALUE_TOO_DEEP" ? "maxDepth" : "maxBytes";
  return new JuneError(
    problem.code,
    `june: ${what} ${problem.detail}, so the run did not take it. Pass a flatter or smaller value, or raise run() options.limits.${key}.`,
  );
}

/** Throws the coded error when `value` is past `limits`. */
export function checkValue(value: unknown, limits: ValueLimits, what: string): void {
  const problem = measureValue(value, limits);
  if (problem) throw valueLimitError(problem, what);
}

/**
 * Throws JUNE_VALUE_TOO_DEEP or JUNE_VALUE_TOO_LARGE when `value` is past the bounds a run would
 * apply to it (`limits` as run() takes them), e.g. to refuse a run's input before starting it.
 *
 * @example
 * checkValueLimits(request.input, "the run's input", project.runDefaults.limits);
 */
export function checkValueLimits(value: unknown, what: string, limits?: Partial<ValueLimits>): void {
  checkValue(value, valueLimits(limits), what);
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

// UTF-8 bytes plus the quotes. Short strings (keys, most values) are counted here: a call into
// Buffer costs more than the loop.
function stringBytes(text: string): number {
  if (text.length > 32) return Buffer.byteLength(text, "utf8") + 2;
  let bytes = text.length + 2;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x80) bytes += c >= 0x800 && (c < 0xd800 || c > 0xdfff) ? 2 : 1;
  }
  return bytes;
}

function sizeProblem(bytes: number, limits: ValueLimits): ValueProblem | undefined {
  return bytes > limits.maxBytes ? { code: "JUNE_VALUE_TOO_LARGE", detail: `is larger than ${limits.maxBytes} bytes as JSON` } : undefined;
}

// Too deep, or a value that contains itself (JSON can't write that at any depth): said apart,
// since the fix differs. Only on this failure path is the chain of ancestors tracked.
function deepProblem(value: unknown, limits: ValueLimits): ValueProblem {
  return containsItself(value, limits.maxDepth + 1)
    ? { code: "JUNE_VALUE_TOO_DEEP", detail: "contains itself (a cycle), which JSON can't write" }
    : { code: "JUNE_VALUE_TOO_DEEP", detail: `is nested deeper than ${limits.maxDepth} levels` };
}

function containsItself(value: unknown, maxDepth: number): boolean {
  const path = new Set<object>();
  // Entries are objects to enter, or EXIT markers that leave the last one entered.
  const stack: unknown[] = [value];
  const entered: object[] = [];
  while (stack.length > 0) {
    const next = stack.pop();
    if (next === EXIT) {
      path.delete(entered.pop()!);
      continue;
    }
    if (next === null || typeof next !== "object") continue;
    if (path.has(next)) return true;
    if (entered.length >= maxDepth) continue;
    path.add(next);
    entered.push(next);
    stack.push(EXIT);
    for (const child of Array.isArray(next) ? next : Object.values(next)) if (child !== null && typeof child === "object") stack.push(child);
  }
  return false;
}

const EXIT = Symbol("exit");

function stripUndefined<T extends object>(value: T | undefined): Partial<T> {
  if (!value) return {};
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
