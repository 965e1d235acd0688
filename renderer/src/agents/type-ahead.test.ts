// Type-ahead as in a native listbox.
import { describe, expect, it } from "vitest";
import { typeAheadIndex } from "./type-ahead.ts";

const names = [["Article"], null, ["release"], ["Report"], ["reviewer"], ["security"]];

describe("type-ahead", () => {
  it("moves to the next item a letter starts, in any case, wrapping around", () => {
    expect(typeAheadIndex(names, 0, "r")).toBe(2);
    expect(typeAheadIndex(names, 4, "r")).toBe(2);
    expect(typeAheadIndex(names, 4, "A")).toBe(0);
  });

  it("cycles through the items one letter starts when it is typed again", () => {
    expect(typeAheadIndex(names, 2, "rr")).toBe(3);
    expect(typeAheadIndex(names, 3, "rrr")).toBe(4);
  });

  it("keeps the item reached while a longer prefix still fits it", () => {
    expect(typeAheadIndex(names, 2, "re")).toBe(2);
    expect(typeAheadIndex(names, 2, "rev")).toBe(4);
  });

  it("matches the name an item shows (a plugin's agent by its own part), never a header", () => {
    expect(typeAheadIndex(names, 0, "sec")).toBe(5);
    expect(typeAheadIndex([null, ["security"]], 0, "review-")).toBe(-1);
  });

  it("finds nothing for a prefix nothing starts", () => {
    expect(typeAheadIndex(names, 0, "zz")).toBe(-1);
    expect(typeAheadIndex(names, 0, "")).toBe(-1);
  });
});
