// Measuring a value against the run's bounds: depth as JSON nests it, size as JSON writes it,
// without recursion (a million levels measure like ten), stopping at the first bound crossed.
import { describe, expect, it } from "vitest";
import { deepJsonText, deepValue } from "./deep-values.test-support.ts";
import { DEFAULT_VALUE_LIMITS, JsonTextMeter, checkValue, measureJsonText, measureValue, valueLimits } from "./value-limits.ts";

const limits = { maxDepth: 4, maxBytes: 100 };

describe("depth", () => {
  it("counts objects and arrays nested in each other, the value itself as one", () => {
    expect(measureValue({ a: [{ b: [] }] }, limits)).toBeUndefined();
    expect(measureValue({ a: [{ b: [[]] }] }, limits)).toMatchObject({ code: "JUNE_VALUE_TOO_DEEP", detail: "is nested deeper than 4 levels" });
    expect(measureValue("no nesting", limits)).toBeUndefined();
    expect(measureValue(42, limits)).toBeUndefined();
  });

  it("defaults to 256 levels: 256 pass, 257 don't", () => {
    expect(measureValue(deepValue(256), DEFAULT_VALUE_LIMITS)).toBeUndefined();
    expect(measureValue(deepValue(257), DEFAULT_VALUE_LIMITS)?.code).toBe("JUNE_VALUE_TOO_DEEP");
  });

  it("measures a million levels without overflowing the stack", () => {
    expect(measureValue(deepValue(1_000_000), DEFAULT_VALUE_LIMITS)?.code).toBe("JUNE_VALUE_TOO_DEEP");
    expect(measureJsonText(deepJsonText(1_000_000), DEFAULT_VALUE_LIMITS)?.code).toBe("JUNE_VALUE_TOO_DEEP");
  });

  it("says when a value contains itself, which no depth would allow", () => {
    const looped: Record<string, unknown> = { name: "loop" };
    looped.self = { back: looped };
    expect(measureValue(looped, DEFAULT_VALUE_LIMITS)).toEqual({ code: "JUNE_VALUE_TOO_DEEP", detail: "contains itself (a cycle), which JSON can't write" });
  });

  it("takes one object twice (not a cycle) as JSON does: written twice", () => {
    const shared = { x: 1 };
    expect(measureValue({ a: shared, b: shared }, limits)).toBeUndefined();
  });
});

describe("size", () => {
  it("counts the value as JSON writes it, strings in UTF-8 bytes", () => {
    // {"k":"…"} is 8 bytes around the string.
    expect(measureValue({ k: "x".repeat(92) }, limits)).toBeUndefined();
    expect(measureValue({ k: "x".repeat(93) }, limits)).toMatchObject({ code: "JUNE_VALUE_TOO_LARGE", detail: "is larger than 100 bytes as JSON" });
    expect(measureValue("é".repeat(49), limits)).toBeUndefined();
    expect(measureValue("é".repeat(50), limits)?.code).toBe("JUNE_VALUE_TOO_LARGE");
  });

  it("agrees with JSON.stringify's length for values without escapes", () => {
    const values = [{ a: 1, b: [true, null, "s", 2.5], c: { d: [] } }, [1, [2, [3]], {}], { only: "one" }, [undefined, () => 1, -0.001]];
    for (const value of values) {
      const length = JSON.stringify(value).length;
      expect(measureValue(value, { maxDepth: 10, maxBytes: length }), JSON.stringify(value)).toBeUndefined();
      expect(measureValue(value, { maxDepth: 10, maxBytes: length - 1 })?.code, JSON.stringify(value)).toBe("JUNE_VALUE_TOO_LARGE");
    }
  });

  it("leaves out what JSON leaves out, and reads toJSON as JSON does", () => {
    expect(measureValue({ skip: undefined, fn: () => 1, keep: 1 }, { ...limits, maxBytes: 10 })).toBeUndefined();
    expect(measureValue({ big: { toJSON: () => "x".repeat(200) } }, limits)?.code).toBe("JUNE_VALUE_TOO_LARGE");
    expect(measureValue(new Date(0), limits)).toBeUndefined();
  });

  it("stops at the first bound crossed: what comes after is not read", () => {
    const value = {
      later: {
        get trap(): string {
          throw new Error("read past the bound");
        },
      },
      big: "x".repeat(200),
    };
    expect(measureValue(value, limits)?.code).toBe("JUNE_VALUE_TOO_LARGE");
  });
});

describe("JSON text", () => {
  it("counts brackets outside strings only, escapes included", () => {
    const nested = `{"a":${"[".repeat(4)}${"]".repeat(4)}}`;
    const padded = (text: string) => text.padEnd(20, " ");
    expect(measureJsonText(padded('{"a":[["x"]]}'), limits)).toBeUndefined();
    expect(measureJsonText(padded(nested), limits)?.code).toBe("JUNE_VALUE_TOO_DEEP");
    expect(measureJsonText(padded('{"a":"[[[[[[[[\\"[[[["}'), limits)).toBeUndefined();
  });

  it("measures text that arrives in pieces as it would whole, a string's escape split across pieces", () => {
    const meter = new JsonTextMeter(limits);
    for (const piece of ['{"a":"\\', '"[[[[[[', '"', ',"b":[[', "[]]]}"]) expect(meter.push(piece)).toBeUndefined();
    const deep = new JsonTextMeter(limits);
    const problems = ["[[", "[[", "[", "]]]]]"].map((piece) => deep.push(piece));
    expect(problems.map((p) => p?.code)).toEqual([undefined, undefined, "JUNE_VALUE_TOO_DEEP", "JUNE_VALUE_TOO_DEEP"]);
  });
});

describe("the bounds and their errors", () => {
  it("fill in defaults and refuse a bound that isn't a positive number", () => {
    expect(valueLimits(undefined)).toEqual({ maxDepth: 256, maxBytes: 16 * 1024 * 1024 });
    expect(valueLimits({ maxDepth: 10, maxBytes: undefined })).toEqual({ maxDepth: 10, maxBytes: 16 * 1024 * 1024 });
    expect(() => valueLimits({ maxDepth: 0 })).toThrow(/limits\.maxDepth must be a positive number/);
    expect(() => valueLimits({ maxBytes: Number.NaN })).toThrow(/limits\.maxBytes/);
  });

  it("throw a coded error naming the value, the bound and the option", () => {
    expect(() => checkValue(deepValue(5), limits, "the run's input")).toThrow(
      expect.objectContaining({
        code: "JUNE_VALUE_TOO_DEEP",
        message: "june: the run's input is nested deeper than 4 levels, so the run did not take it. Pass a flatter or smaller value, or raise run() options.limits.maxDepth.",
      }),
    );
  });
});
