import { describe, expect, it } from "vitest";
import { isWithin } from "./within.ts";

describe("isWithin", () => {
  it("holds for the folder itself and what is under it", () => {
    expect(isWithin("/p", "/p")).toBe(true);
    expect(isWithin("/p", "/p/a/b.txt")).toBe(true);
    expect(isWithin("/p/", "/p/a")).toBe(true);
  });

  it("counts a name that starts with two dots as inside", () => {
    expect(isWithin("/p", "/p/..cache")).toBe(true);
    expect(isWithin("/p", "/p/..cache/x")).toBe(true);
    expect(isWithin("/p", "/p/a/..b")).toBe(true);
  });

  it("refuses the parent, a sibling that shares the prefix, and a path through ..", () => {
    expect(isWithin("/p", "/")).toBe(false);
    expect(isWithin("/p", "/pq/a")).toBe(false);
    expect(isWithin("/p", "/p/../q")).toBe(false);
    expect(isWithin("/p/a", "/p")).toBe(false);
  });
});
