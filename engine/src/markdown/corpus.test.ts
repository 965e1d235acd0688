// A large real-world style corpus loads in one call: 500 agent files in nested folders (bundles,
// skills, recovered YAML, lists, aliases) give 500 definitions and no errors. Its load time is a
// benchmark (bench/markdown-corpus.bench.ts, docs/benchmarks.md), not asserted here.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CORPUS_AGENTS, generate } from "../../test/support/agent-corpus.ts";
import { loadAgentDefinitions } from "./index.ts";

let root: string | undefined;
afterAll(() => (root ? rm(root, { recursive: true, force: true }) : undefined));

describe("Loading agents from markdown (agents()): a large corpus", () => {
  it("loads 500 agent files from nested folders in one call, skills never read as agents", async () => {
    root = await mkdtemp(join(tmpdir(), "june-corpus-"));
    await generate(root);
    const { definitions, diagnostics } = await loadAgentDefinitions(root);
    expect(diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(definitions).toHaveLength(CORPUS_AGENTS);
    expect(new Set(definitions.map((d) => d.name)).size).toBe(CORPUS_AGENTS);
    expect(definitions.some((d) => d.name === "policy")).toBe(false);
    // every file carries one unknown key (`memory`), warned once each; `color` is cosmetic and silent
    expect(diagnostics.filter((d) => d.code === "JUNE_UNKNOWN_KEY")).toHaveLength(CORPUS_AGENTS);
  });
});
