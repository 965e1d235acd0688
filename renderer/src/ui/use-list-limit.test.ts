// A long list draws its first rows, more at each ask, and the row it must show wherever it stands.
import { act, renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { useListLimit } from "./use-list-limit.ts";

const list = (length: number) => Array.from({ length }, (_, i) => i);

describe("useListLimit", () => {
  it("draws the first step of a long list and says how many are left and come next", () => {
    const rows = list(60);
    const { result } = renderHook(() => useListLimit(rows, 25));
    expect(result.current).toMatchObject({ head: list(25), tail: undefined, beyond: -1, hidden: 35, next: 25 });
    act(() => result.current.more());
    expect(result.current).toMatchObject({ head: list(50), hidden: 10, next: 10 });
    act(() => result.current.more());
    expect(result.current).toMatchObject({ head: rows, hidden: 0, next: 0 });
  });

  it("draws a short list whole", () => {
    const rows = list(3);
    const { result } = renderHook(() => useListLimit(rows, 25, 2));
    expect(result.current).toMatchObject({ head: rows, tail: undefined, beyond: -1, hidden: 0 });
  });

  it("draws the row it must show after the first ones, and counts it as drawn", () => {
    const rows = list(60);
    const { result, rerender } = renderHook(({ keep }) => useListLimit(rows, 25, keep), { initialProps: { keep: 40 } });
    expect(result.current).toMatchObject({ head: list(25), tail: 40, beyond: 40, hidden: 34, next: 25 });
    // Within the first rows, it is one of them.
    rerender({ keep: 3 });
    expect(result.current).toMatchObject({ head: list(25), tail: undefined, beyond: -1, hidden: 35 });
  });

  it("follows the list as it grows, up to what was asked", () => {
    const { result, rerender } = renderHook(({ rows }) => useListLimit(rows, 25), { initialProps: { rows: list(10) } });
    expect(result.current.head).toHaveLength(10);
    rerender({ rows: list(40) });
    expect(result.current).toMatchObject({ head: list(25), hidden: 15, next: 15 });
  });
});
