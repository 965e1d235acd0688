// Spec "Agent blocks", the fromFile() builder: a block value read from a UTF-8 file each time
// the block resolves, with a missing file reported at resolution time, naming the path.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { isJuneError, type JuneError } from "../errors/index.ts";
import { fromFile, resolveBlocks } from "./index.ts";

const signal = new AbortController().signal;
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "june-from-file-test-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The JuneError `promise` rejects with (fails the test if it resolves). */
async function rejection(promise: Promise<unknown>): Promise<JuneError> {
  try {
    await promise;
  } catch (error) {
    if (isJuneError(error)) return error;
    throw error;
  }
  throw new Error("expected a rejection");
}

describe("fromFile() reads a UTF-8 file when the block resolves", () => {
  it("reads the file's text, as it is at each resolution", async () => {
    const file = join(dir, "tone.md");
    const value = fromFile(file);
    await writeFile(file, "Sé breve. ✓");
    expect(await value({ signal })).toBe("Sé breve. ✓");
    await writeFile(file, "Be warm.");
    expect((await resolveBlocks({ tone: { mode: "inject", value } }, { signal })).instructions).toBe("## tone\nBe warm.");
  });

  it("accepts a file: URL", async () => {
    const file = join(dir, "tone.md");
    await writeFile(file, "Be terse.");
    expect(await fromFile(pathToFileURL(file))({ signal })).toBe("Be terse.");
  });

  it("serves a progressive block's loader", async () => {
    await writeFile(join(dir, "handbook.md"), "Chapter 1.");
    const { loaders } = await resolveBlocks({ handbook: { mode: "progressive", value: fromFile(join(dir, "handbook.md")) } }, { signal });
    expect(await loaders._block__load__handbook!.execute!({}, { toolCallId: "1", messages: [], context: undefined })).toBe("Chapter 1.");
  });
});

describe("fromFile() reports an unreadable file at resolution time, naming the path", () => {
  it("does not touch the file when called, only when resolved", () => {
    expect(() => fromFile(join(dir, "later.md"))).not.toThrow();
  });

  it("rejects for a missing file with JUNE_BLOCK_FAILED naming the path", async () => {
    const file = join(dir, "missing.md");
    const error = await rejection(Promise.resolve(fromFile(file)({ signal })));
    expect(error.code).toBe("JUNE_BLOCK_FAILED");
    expect(error.message).toBe(`june: there is no file at ${file}: create it, or fix the path.`);
  });

  it("names both the block and the file when the blocks resolve", async () => {
    const file = join(dir, "missing.md");
    const error = await rejection(resolveBlocks({ prompts: { tone: { mode: "inject", value: fromFile(file) } } }, { signal }));
    expect(error.code).toBe("JUNE_BLOCK_FAILED");
    expect(error.message).toBe(`june: the block prompts > tone could not be resolved: there is no file at ${file}: create it, or fix the path.`);
  });

  it("says so when the path is a folder", async () => {
    const error = await rejection(Promise.resolve(fromFile(dir)({ signal })));
    expect(error.message).toContain(`${dir} is a folder`);
  });
});
