// A step's own cost: its total less the steps nested under it; unknown stays unknown.
import { describe, expect, it } from "vitest";
import { subtractCost } from "./cost.ts";

describe("subtractCost", () => {
  it("takes a nested step's cost out of its parent's, keeping unknown unknown", () => {
    const left = subtractCost({ usd: 0.3, unpricedCalls: 2 }, { usd: 0.1, unpricedCalls: 1 })!;
    expect(left.usd).toBeCloseTo(0.2, 12);
    expect(left.unpricedCalls).toBe(1);
    expect(subtractCost({ usd: 0.3, unpricedCalls: 0 }, { usd: 0.3, unpricedCalls: 0 })).toEqual({ usd: 0, unpricedCalls: 0 });
    expect(subtractCost(undefined, { usd: 0.1, unpricedCalls: 0 })).toBeUndefined();
    expect(subtractCost({ usd: 0.1, unpricedCalls: 0 }, undefined)).toEqual({ usd: 0.1, unpricedCalls: 0 });
  });
});
