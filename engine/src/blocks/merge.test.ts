// Spec "Agent blocks", defaults merging: an agent's blocks merge into the defaults by name, and
// two installs may not supply the same default.
import { describe, expect, it } from "vitest";
import { isJuneError } from "../errors/index.ts";
import { mergeBlocks, mergeDefaultBlocks, type Blocks } from "./index.ts";

const inject = (value: string) => ({ mode: "inject" as const, value });

describe("removing and replacing defaults (mergeBlocks)", () => {
  const defaults: Blocks = {
    identity: inject("You are June."),
    "house-style": inject("Be warm."),
    safety: inject("Be safe."),
  };

  it("applies every default the agent does not mention", () => {
    expect(mergeBlocks(defaults, { tone: inject("Be terse.") })).toEqual({ ...defaults, tone: inject("Be terse.") });
  });

  it("replaces only the default of the same name, where it stood", () => {
    const merged = mergeBlocks(defaults, { "house-style": inject("Be terse.") });
    expect(Object.keys(merged)).toEqual(["identity", "house-style", "safety"]);
    expect(merged["house-style"]).toEqual(inject("Be terse."));
    expect(merged.identity).toBe(defaults.identity);
  });

  it("removes a default set to false", () => {
    expect(Object.keys(mergeBlocks(defaults, { safety: false }))).toEqual(["identity", "house-style"]);
  });

  it("ignores false for a name no default has", () => {
    expect(mergeBlocks(defaults, { legacy: false })).toEqual(defaults);
  });

  it("puts the agent's new blocks after the defaults, in its own order", () => {
    const merged = mergeBlocks(defaults, { b: inject("b"), identity: inject("Max"), a: inject("a") });
    expect(Object.keys(merged)).toEqual(["identity", "house-style", "safety", "b", "a"]);
  });

  it("replaces a group whole: members are not merged", () => {
    const merged = mergeBlocks({ skills: { a: inject("a"), b: inject("b") } }, { skills: { c: inject("c") } });
    expect(merged).toEqual({ skills: { c: inject("c") } });
  });

  it("removes a whole group by its top-level key", () => {
    expect(mergeBlocks({ skills: { a: inject("a") }, tone: inject("t") }, { skills: false })).toEqual({ tone: inject("t") });
  });

  it("changes neither input", () => {
    const own: Blocks = { safety: false, tone: inject("t") };
    const before = structuredClone({ defaults, own });
    mergeBlocks(defaults, own);
    expect({ defaults, own }).toEqual(before);
  });
});

describe("defaults from two installs merge additively (mergeDefaultBlocks)", () => {
  it("takes every install's entries, in install order", () => {
    const merged = mergeDefaultBlocks({ identity: inject("June") }, { memory: inject("m"), tenant: inject("t") });
    expect(Object.keys(merged)).toEqual(["identity", "memory", "tenant"]);
  });

  it("refuses a name two installs both supply, naming it and the installs", () => {
    let caught: unknown;
    try {
      mergeDefaultBlocks({ identity: inject("June") }, { memory: inject("m") }, { identity: inject("Max") });
    } catch (error) {
      caught = error;
    }
    expect(isJuneError(caught)).toBe(true);
    expect((caught as { code: string }).code).toBe("JUNE_BLOCK_COLLISION");
    expect((caught as Error).message).toContain('the default block "identity" is supplied by two installs (install 1 and install 3)');
  });
});
