// Benchmark (not a test) of loading a corpus of markdown agents: 500 agent files in nested
// folders (grouping folders, bundles with skills/, Claude Code style descriptions with `: ` that
// need the tolerant reader) loaded with one loadAgentDefinitions call. The baseline, measured in
// the same run, is the I/O floor: a recursive readdir and a readFile of every .md file.
//   cd /work/main && npm exec -w engine -- node bench/markdown-corpus.bench.ts
import { mkdtemp, readFile, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadAgentDefinitions } from "../src/markdown/index.ts";
import { generate } from "../test/support/agent-corpus.ts";

const AGENTS = 500;
const REPEATS = 7;

async function baseline(root: string): Promise<number> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  const files = entries.filter((e) => e.isFile() && e.name.endsWith(".md")).map((e) => join(e.parentPath, e.name));
  const texts = await Promise.all(files.map((f) => readFile(f, "utf8")));
  return texts.length;
}

async function time(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const root = await mkdtemp(join(tmpdir(), "june-markdown-bench-"));
try {
  await generate(root);
  // One call, cold: the first load in the process (module warm-up and all).
  let loaded: Awaited<ReturnType<typeof loadAgentDefinitions>> | undefined;
  const cold = await time(async () => {
    loaded = await loadAgentDefinitions(root);
  });
  if (!loaded) throw new Error("nothing loaded");
  const errors = loaded.diagnostics.filter((d) => d.severity === "error");
  if (loaded.definitions.length !== AGENTS || errors.length > 0) {
    throw new Error(`expected ${AGENTS} agents and no errors, got ${loaded.definitions.length} and ${errors.length}: ${errors[0]?.message}`);
  }
  const loads: number[] = [];
  const floors: number[] = [];
  for (let r = 0; r < REPEATS; r++) {
    floors.push(await time(() => baseline(root)));
    loads.push(await time(() => loadAgentDefinitions(root)));
  }
  const load = median(loads);
  const floor = median(floors);
  console.log(`markdown corpus: ${AGENTS} agent files, ${loaded.diagnostics.length} warnings (unknown key "memory")`);
  console.log(`  loadAgentDefinitions, first call:        ${cold.toFixed(1)} ms`);
  console.log(`  loadAgentDefinitions, median of ${REPEATS}:      ${load.toFixed(1)} ms (${(load / AGENTS).toFixed(3)} ms per file)`);
  console.log(`  baseline (readdir + readFile), median:  ${floor.toFixed(1)} ms`);
  console.log(`  ratio load / baseline:                   ${(load / floor).toFixed(1)}x`);
} finally {
  await rm(root, { recursive: true, force: true });
}
