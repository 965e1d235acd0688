// Spec "Agent blocks": nested groups flatten depth-first under `__`, and a tree breaking the
// naming rules (empty, reserved, colliding, tool-unsafe, cyclic) is refused naming the block.
import { describe, expect, it } from "vitest";
import { isJuneError, type JuneError } from "../errors/index.ts";
import { flattenBlocks, isBlockBody, type Blocks } from "./index.ts";

const inject = (value: string) => ({ mode: "inject" as const, value });
const progressive = (value: string) => ({ mode: "progressive" as const, value });

/** The JuneError `flattenBlocks(blocks)` throws (fails the test if it does not). */
function refusal(blocks: unknown): JuneError {
  try {
    flattenBlocks(blocks as Blocks);
  } catch (error) {
    if (isJuneError(error)) return error;
    throw error;
  }
  throw new Error("flattenBlocks accepted the blocks");
}

describe("nested groups flatten depth-first into names joined by __", () => {
  it("names a leaf by its key and a group member by <group>__<member>, in depth-first order", () => {
    const flat = flattenBlocks({
      identity: inject("You are precise."),
      skills: { onboarding: progressive("Greet them."), billing: { refunds: progressive("Refund.") } },
      tone: inject("Be terse."),
    });
    expect(flat.map((block) => [block.name, block.path])).toEqual([
      ["identity", ["identity"]],
      ["skills__onboarding", ["skills", "onboarding"]],
      ["skills__billing__refunds", ["skills", "billing", "refunds"]],
      ["tone", ["tone"]],
    ]);
  });

  it("keeps each block's mode, value and description", () => {
    const resolver = () => "later";
    const [block] = flattenBlocks({ a: { mode: "progressive", value: resolver, description: "Loads later." } });
    expect(block).toEqual({ name: "a", path: ["a"], mode: "progressive", value: resolver, description: "Loads later." });
  });

  it("skips false entries at any level", () => {
    const flat = flattenBlocks({ safety: false, skills: { old: false, onboarding: progressive("Hi.") } });
    expect(flat.map((block) => block.name)).toEqual(["skills__onboarding"]);
  });

  it("tells a leaf from a group by a string mode field: a group may have a member named mode", () => {
    expect(isBlockBody({ mode: "inject", value: "x" })).toBe(true);
    expect(isBlockBody({ mode: { mode: "inject", value: "x" } })).toBe(false);
    expect(flattenBlocks({ settings: { mode: inject("Dark.") } }).map((block) => block.name)).toEqual(["settings__mode"]);
  });

  it("isolates collisions: a member tone of a group does not clash with a top-level tone", () => {
    const flat = flattenBlocks({ tone: inject("Be terse."), skills: { tone: progressive("Be warm.") } });
    expect(flat.map((block) => block.name)).toEqual(["tone", "skills__tone"]);
  });

  it("accepts one group shared under two keys (shared is not a cycle)", () => {
    const shared: Blocks = { a: inject("A") };
    expect(flattenBlocks({ x: shared, y: shared }).map((block) => block.name)).toEqual(["x__a", "y__a"]);
  });

  it("accepts an empty group, which contributes nothing", () => {
    expect(flattenBlocks({ skills: {} })).toEqual([]);
  });
});

describe("names: no empty key, nothing in the reserved _block_ namespace (AI1002)", () => {
  it("refuses an empty top-level key", () => {
    const error = refusal({ "": inject("x") });
    expect(error.code).toBe("JUNE_INVALID_BLOCK");
    expect(error.message).toContain('""');
    expect(error.message).toContain("empty name");
  });

  it("refuses an empty key inside a group, naming the group", () => {
    const error = refusal({ skills: { "": progressive("x") } });
    expect(error.code).toBe("JUNE_INVALID_BLOCK");
    expect(error.message).toContain('skills > ""');
  });

  it("refuses a top-level key starting with _block_", () => {
    const error = refusal({ _block_identity: inject("x") });
    expect(error.code).toBe("JUNE_INVALID_BLOCK");
    expect(error.message).toContain("_block_identity");
    expect(error.message).toContain('reserved "_block_" namespace');
  });

  it("refuses a _block_ key at any nesting level, naming the path", () => {
    const error = refusal({ skills: { deep: { _block_x: inject("x") } } });
    expect(error.code).toBe("JUNE_INVALID_BLOCK");
    expect(error.message).toContain("skills > deep > _block_x");
  });

  it("refuses a group _block whose member x flattens to _block__x", () => {
    const error = refusal({ _block: { x: progressive("x") } });
    expect(error.code).toBe("JUNE_INVALID_BLOCK");
    expect(error.message).toContain("_block > x");
    expect(error.message).toContain('"_block__x"');
    expect(error.message).toContain('rename the group "_block"');
  });

  it("accepts a leaf named _block, which is outside the namespace", () => {
    expect(flattenBlocks({ _block: inject("x") }).map((block) => block.name)).toEqual(["_block"]);
  });
});

describe("two blocks flattening to one name are refused (AI1002)", () => {
  it("names both blocks and the name they share", () => {
    const error = refusal({ skills: { tone: inject("a") }, skills__tone: inject("b") });
    expect(error.code).toBe("JUNE_BLOCK_COLLISION");
    expect(error.message).toContain('the blocks skills > tone and skills__tone both flatten to "skills__tone"');
  });

  it("catches collisions between two groups", () => {
    const error = refusal({ a: { b__c: inject("1") }, a__b: { c: inject("2") } });
    expect(error.code).toBe("JUNE_BLOCK_COLLISION");
    expect(error.message).toContain("a > b__c and a__b > c");
  });
});

describe("a progressive block's loader tool name must suit providers (AI1003)", () => {
  it("refuses characters outside [a-zA-Z0-9_-], naming the block and the tool", () => {
    const error = refusal({ skills: { "on boarding": progressive("x") } });
    expect(error.code).toBe("JUNE_BLOCK_TOOL_NAME");
    expect(error.message).toContain("skills > on boarding");
    expect(error.message).toContain('"_block__load__skills__on boarding"');
    expect(error.message).toContain('only letters, digits, "_" and "-"');
  });

  it("refuses a loader tool name over 64 characters and says how long a name may be", () => {
    const error = refusal({ group: { [`m${"x".repeat(43)}`]: progressive("x") } });
    expect(error.code).toBe("JUNE_BLOCK_TOOL_NAME");
    expect(error.message).toContain("65 characters");
    expect(error.message).toContain("at most 50");
  });

  it("accepts a flattened name of exactly 50 characters (a 64-character tool name)", () => {
    const name = "x".repeat(50);
    expect(flattenBlocks({ [name]: progressive("x") })[0]?.name).toBe(name);
  });

  it("leaves inject blocks free of the tool-name rule: they never become tools", () => {
    expect(flattenBlocks({ "house style": inject("x") }).map((block) => block.name)).toEqual(["house style"]);
  });
});

describe("a blocks tree containing a cycle is refused, not recursed forever", () => {
  it("refuses a group that contains itself, naming the path", () => {
    const loop: Blocks = { a: inject("a") };
    loop.again = loop;
    const error = refusal({ skills: loop });
    expect(error.code).toBe("JUNE_BLOCK_CYCLE");
    expect(error.message).toContain("skills > again is the group skills again");
  });

  it("refuses a deeper cycle back to the root record", () => {
    const root: Blocks = {};
    root.outer = { inner: root };
    const error = refusal(root);
    expect(error.code).toBe("JUNE_BLOCK_CYCLE");
    expect(error.message).toContain("outer > inner is the whole blocks record again");
  });
});

describe("a block body must be a block, a group or false", () => {
  it("refuses a mode other than inject or progressive", () => {
    const error = refusal({ tone: { mode: "sometimes", value: "x" } });
    expect(error.code).toBe("JUNE_INVALID_BLOCK");
    expect(error.message).toContain('tone has mode "sometimes"');
  });

  it("refuses a value that is neither text nor a function", () => {
    const error = refusal({ skills: { a: { mode: "inject", value: 42 } } });
    expect(error.code).toBe("JUNE_INVALID_BLOCK");
    expect(error.message).toContain("skills > a has value 42");
  });

  it("refuses a description that is not text", () => {
    const error = refusal({ a: { mode: "progressive", value: "x", description: ["no"] } });
    expect(error.code).toBe("JUNE_INVALID_BLOCK");
    expect(error.message).toContain("a has description an array");
  });

  it.each([
    ["a string", "Be terse.", '"Be terse."'],
    ["null", null, "null"],
    ["true", true, "true"],
    ["an array", [], "an array"],
  ])("refuses %s where a block or group belongs", (_label, value, shown) => {
    const error = refusal({ skills: { tone: value } });
    expect(error.code).toBe("JUNE_INVALID_BLOCK");
    expect(error.message).toContain(`skills > tone is ${shown}, which is neither a block nor a group`);
  });

  it("refuses blocks that are not an object", () => {
    expect(refusal(null).code).toBe("JUNE_INVALID_BLOCK");
  });
});
