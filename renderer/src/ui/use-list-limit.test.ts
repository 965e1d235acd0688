// A long list draws its first rows, more at each ask, and the row it must show wherever it stands.
import { act, renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { drawnRows, useListLimit } from "./use-list-limit.ts";

describe("useListLimit", () => {
  it("draws the first step of a long list and says how many are left", () => {
    const { result } = renderHook(() => useListLimit(60, 25));
    expect(result.current).toMatchObject({ limit: 25, beyond: -1, hidden: 35 });
    act(() => result.current.more());
    expect(result.current).toMatchObject({ limit: 50, hidden: 10 });
    act(() => result.current.more());
    expect(result.current).toMatchObject({ limit: 60, hidden: 0 });
  });

  it("draws a short list whole", () => {
    const { result } = renderHook(() => useListLimit(3, 25, 2));
    expect(result.current).toMatchObject({ limit: 3, beyond: -1, hidden: 0 });
  });

  it("draws the row it must show after the first ones, and counts it as drawn", () => {
    const { result, rerender } = renderHook(({ keep }) => useListLimit(60, 25, keep), { initialProps: { keep: 40 } });
    expect(result.current).toMatchObject({ limit: 25, beyond: 40, hidden: 34 });
    const rows = Array.from({ length: 60 }, (_, i) => i);
    const { head, tail } = drawnRows(rows, result.current);
    expect([head.length, head[0], head.at(-1), tail]).toEqual([25, 0, 24, 40]);
    // Within the first rows, it is one of them.
    rerender({ keep: 3 });
    expect(result.current).toMatchObject({ beyond: -1, hidden: 35 });
    expect(drawnRows(rows, result.current).tail).toBeUndefined();
  });

  it("follows the list as it grows, up to what was asked", () => {
    const { result, rerender } = renderHook(({ total }) => useListLimit(total, 25), { initialProps: { total: 10 } });
    expect(result.current.limit).toBe(10);
    rerender({ total: 40 });
    expect(result.current).toMatchObject({ limit: 25, hidden: 15 });
  });
});
