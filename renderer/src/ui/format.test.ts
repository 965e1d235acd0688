// How a cost reads: cents from a dollar, four decimals below, two significant digits below a cent,
// and a dash with the reason when the price table could not say.
import { describe, expect, it } from "vitest";
import { costText, formatCost, formatStart, formatUsd } from "./format.ts";

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

describe("formatStart", () => {
  // Local times, built and read in the process's own time zone (the tests run under several).
  const at = (day: number, hours: number, minutes: number, seconds: number) => new Date(2027, 2, day, hours, minutes, seconds).getTime();

  it("is the time alone for a run that started today, with its date for an earlier day", () => {
    const now = at(15, 12, 0, 0);
    expect(formatStart(at(15, 9, 5, 7), now)).toBe("09:05:07");
    expect(formatStart(at(14, 23, 59, 59), now)).toBe("14 Mar 23:59:59");
  });

  it("follows `now` across midnight: the same start reads with its date the next day", () => {
    const start = at(15, 23, 59, 30);
    expect(formatStart(start, at(15, 23, 59, 45))).toBe("23:59:30");
    expect(formatStart(start, at(16, 0, 0, 15))).toBe("15 Mar 23:59:30");
    // And back: an earlier `now` (a test's pinned clock) is its own day again.
    expect(formatStart(start, at(15, 23, 59, 59))).toBe("23:59:30");
  });

  it("counts a start at the day's first instant as today's", () => {
    expect(formatStart(at(15, 0, 0, 0), at(15, 18, 0, 0))).toBe("00:00:00");
    expect(formatStart(at(15, 0, 0, 0) - 1, at(15, 18, 0, 0))).toBe("14 Mar 23:59:59");
  });
});
