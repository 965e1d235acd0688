// Benchmark (not a test) of loading a corpus of markdown agents: 500 agent files in nested
// folders (grouping folders, bundles with skills/, Claude Code style descriptions with `: ` that
// need the tolerant reader) loaded with one loadAgentDefinitions call. The baseline, measured in
// the same run, is the I/O floor: a recursive readdir and a readFile of every .md file.
//   cd /work/main && npm exec -w engine -- node bench/markdown-corpus.bench.ts
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadAgentDefinitions } from "../src/markdown/index.ts";

const AGENTS = 500;
const REPEATS = 7;

/** 500 agents: 10 groups × 5 subfolders × 10 agents, every 10th a bundle with a skill. */
async function generate(root: string): Promise<void> {
  for (let i = 0; i < AGENTS; i++) {
    const dir = join(root, `group-${i % 10}`, `area-${Math.floor(i / 10) % 5}`);
    const name = `agent-${i}`;
    const colon = i % 3 === 0; // a third carry the unquoted `: ` strict YAML refuses
    const frontmatter = [
      `name: ${name}`,
      colon
        ? `description: Use this agent when: the user asks about area ${i}. Examples: <example>Context: issue ${i}\\nuser: "help"</example>`
        : `description: |\n  Handles area ${i}.\n  Knows its tools.`,
      i % 2 === 0 ? "model: sonnet" : "model:\n  - haiku\n  - openai:gpt-5-mini",
      i % 4 === 0 ? "tools: Read, Grep, Bash, MCP(github:search_issues)" : "tools:\n  - Read\n  - mcp__linear__*",
      "maxTurns: 12",
      "color: blue",
    ].join("\n");
    const body = `You are ${name}.\n\n${"Follow the project's conventions. ".repeat(20)}\n`;
    if (i % 10 === 0) {
      const bundle = join(dir, name);
      await mkdir(join(bundle, "skills"), { recursive: true });
      await writeFile(join(bundle, "AGENT.md"), `---\n${frontmatter}\n---\n${body}`);
      await writeFile(join(bundle, "skills", "policy.md"), "---\nname: policy\ndescription: a skill, never an agent\n---\nRules.");
    } else {
      await mkdir(dir, { recursive: true });
      await writeFile(join(dir, `${name}.md`), `---\n${frontmatter}\n---\n${body}`);
    }
  }
}

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
  console.log(`markdown corpus: ${AGENTS} agent files, ${loaded.diagnostics.length} warnings (unknown key "color")`);
  console.log(`  loadAgentDefinitions, first call:        ${cold.toFixed(1)} ms`);
  console.log(`  loadAgentDefinitions, median of ${REPEATS}:      ${load.toFixed(1)} ms (${(load / AGENTS).toFixed(3)} ms per file)`);
  console.log(`  baseline (readdir + readFile), median:  ${floor.toFixed(1)} ms`);
  console.log(`  ratio load / baseline:                   ${(load / floor).toFixed(1)}x`);
} finally {
  await rm(root, { recursive: true, force: true });
}
