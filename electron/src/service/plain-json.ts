// What crosses to a renderer must be plain JSON. Trace data is by design, but a tool's input or
// output is whatever user code returned: a BigInt or a cycle must not break a whole batch.

/** JSON text of `value`; BigInts become strings, cycles "[Circular]", functions are dropped. */
export function jsonText(value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch {
    return JSON.stringify(value, safeReplacer());
  }
}

/** A plain-JSON copy of `value` (what JSON.parse(jsonText(value)) gives); a result's EncodedJson value decoded. */
export function plainJson<T>(value: T): T {
  if (value === undefined) return value;
  const encoded = encodedResult(value);
  return encoded ? ({ ...value, value: encoded.decode() } as T) : (JSON.parse(jsonText(value)) as T);
}

/**
 * The JSON text of a message a host sends (`{ id, result }` or a batch): jsonText's, except that
 * an answer whose value is EncodedJson has that text spliced in as it is, so a big value is never
 * parsed or encoded on its way out.
 */
export function wireJson(message: unknown): string | Buffer {
  if (typeof message !== "object" || message === null || !("result" in message)) return jsonText(message);
  const encoded = encodedResult(message.result);
  if (!encoded) return jsonText(message);
  const { result: _, ...rest } = message as Record<string, unknown>;
  const head = jsonText(rest).slice(0, -1);
  return Buffer.concat([Buffer.from(`${head}${head.length > 1 ? "," : ""}"result":{"ok":true,"value":`, "utf8"), encoded.json, Buffer.from("}}")]);
}

function encodedResult(value: unknown): EncodedJson<unknown> | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const result = value as { ok?: unknown; value?: unknown };
  return result.ok === true && result.value instanceof EncodedJson ? result.value : undefined;
}

function safeReplacer(): (this: unknown, key: string, value: unknown) => unknown {
  const ancestors: unknown[] = [];
  return function (this: unknown, _key: string, value: unknown) {
    if (typeof value === "bigint") return value.toString();
    if (typeof value !== "object" || value === null) return value;
    // `this` is the object holding `value`: unwind the path to it, then look for a cycle.
    while (ancestors.length > 0 && ancestors.at(-1) !== this) ancestors.pop();
    if (ancestors.includes(value)) return "[Circular]";
    ancestors.push(value);
    return value;
  };
}

/**
 * A value already in JSON text (a run's record, whose lines are its events' JSON): sent as it is
 * instead of parsed and encoded again. `T` is what the text decodes to.
 *
 * @example
 * const events = new EncodedJson<TraceEvent[]>(readTraceJson(file, digest).json);
 */
export class EncodedJson<T> {
  declare readonly decodesTo: T;
  readonly json: Buffer;

  constructor(json: Buffer) {
    this.json = json;
  }

  static of<T>(value: T): EncodedJson<T> {
    return new EncodedJson<T>(Buffer.from(jsonText(value), "utf8"));
  }

  decode(): T {
    return JSON.parse(this.json.toString("utf8")) as T;
  }
}

/** Two JSON arrays' text as one array's (`[a…]` and `[b…]` → `[a…,b…]`). */
export function concatArrays<T>(a: EncodedJson<T[]>, b: EncodedJson<T[]>): EncodedJson<T[]> {
  if (a.json.length <= 2) return b;
  if (b.json.length <= 2) return a;
  return new EncodedJson<T[]>(Buffer.concat([a.json.subarray(0, -1), Buffer.from(","), b.json.subarray(1)]));
}
