// How a cost reads: cents from a dollar, four decimals below, two significant digits below a cent,
// and a dash with the reason when the price table could not say.
import { describe, expect, it } from "vitest";
import { costText, formatCost, formatUsd } from "./format.ts";

describe("formatUsd", () => {
  it("shows four decimals below a dollar", () => {
    expect(formatUsd(0.012345)).toBe("$0.0123");
    expect(formatUsd(0.05)).toBe("$0.0500");
    expect(formatUsd(0.5)).toBe("$0.5000");
  });

  it("shows two significant digits below a cent, never $0.0000", () => {
    expect(formatUsd(0.00004)).toBe("$0.000040");
    expect(formatUsd(0.0000672)).toBe("$0.000067");
    expect(formatUsd(0.00125)).toBe("$0.0013");
  });

  it("shows cents from a dollar up, with thousands separators", () => {
    expect(formatUsd(1)).toBe("$1.00");
    expect(formatUsd(1234.567)).toBe("$1,234.57");
  });

  it("shows nothing spent as $0.00", () => {
    expect(formatUsd(0)).toBe("$0.00");
  });
});

describe("costText", () => {
  it("is the dollars when every call had a price", () => {
    expect(costText({ usd: 0.0123, unpricedCalls: 0 })).toEqual({ text: "$0.0123" });
  });

  it("is a dash with the count when no call had a price", () => {
    expect(costText({ usd: 0, unpricedCalls: 2 })).toEqual({ text: "—", note: "2 calls without a price" });
    expect(costText({ usd: 0, unpricedCalls: 1 })).toEqual({ text: "—", note: "1 call without a price" });
  });

  it("shows a partial sum with the calls it leaves out", () => {
    expect(costText({ usd: 0.5, unpricedCalls: 1 })).toEqual({ text: "$0.5000", note: "+ 1 call without a price" });
  });

  it("is a dash when the trace carries no cost at all", () => {
    expect(costText(undefined)).toEqual({ text: "—", note: "no price information" });
  });

  it("reads as one line where there is no room for a note", () => {
    expect(formatCost({ usd: 0, unpricedCalls: 3 })).toBe("— (3 calls without a price)");
    expect(formatCost({ usd: 0.00002, unpricedCalls: 0 })).toBe("$0.000020");
    expect(formatCost(undefined)).toBe("—");
  });
});
