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

/** A plain-JSON copy of `value` (what JSON.parse(jsonText(value)) gives). */
export function plainJson<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(jsonText(value)) as T);
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
