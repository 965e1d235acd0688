// A long list draws its first rows, more at each ask, and always the row it must show.
import { act, renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { useListLimit } from "./use-list-limit.ts";

describe("useListLimit", () => {
  it("draws the first step of a long list and says how many are left", () => {
    const { result } = renderHook(() => useListLimit(60, 25));
    expect(result.current).toMatchObject({ limit: 25, hidden: 35 });
    act(() => result.current.more());
    expect(result.current).toMatchObject({ limit: 50, hidden: 10 });
    act(() => result.current.more());
    expect(result.current).toMatchObject({ limit: 60, hidden: 0 });
  });

  it("draws a short list whole", () => {
    const { result } = renderHook(() => useListLimit(3, 25));
    expect(result.current).toMatchObject({ limit: 3, hidden: 0 });
  });

  it("reaches as far as the row it must show, and goes on from there", () => {
    const { result, rerender } = renderHook(({ keep }) => useListLimit(60, 25, keep), { initialProps: { keep: 40 } });
    expect(result.current).toMatchObject({ limit: 41, hidden: 19 });
    // Once drawn, rows stay drawn when the row to show moves up the list.
    rerender({ keep: 0 });
    expect(result.current.limit).toBe(41);
    act(() => result.current.more());
    expect(result.current.limit).toBe(60);
  });

  it("follows the list as it grows, up to what was asked", () => {
    const { result, rerender } = renderHook(({ total }) => useListLimit(total, 25), { initialProps: { total: 10 } });
    expect(result.current.limit).toBe(10);
    rerender({ total: 40 });
    expect(result.current).toMatchObject({ limit: 25, hidden: 15 });
  });
});
