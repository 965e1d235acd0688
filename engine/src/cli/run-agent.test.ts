// `june run <agent.md>` end to end: the real launcher (bin/june.js) runs a markdown agent file as
// an agent of the project it sits in — its config's tools and model aliases apply — offline on a
// --script, asked with --prompt or --input; a broken agent file is a load error (exit 2).
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it, vi } from "vitest";

const ENGINE = fileURLToPath(new URL("../../", import.meta.url));
// Each test starts Node, loads June, bundles the config and starts a worker: seconds on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

const root = realpathSync(mkdtempSync(join(tmpdir(), "june-run-agent-")));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function write(rel: string, text: string): string {
  const path = join(root, rel);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  return path;
}

// A project: its config gives a `lookup` tool and a model alias; its agents live in .claude/agents.
write(
  "june.config.ts",
  `import { tool } from "ai";
import { z } from "zod";
import { defineConfig } from "june";
export default defineConfig({
  modelAliases: { fast: "haiku" },
  tools: { lookup: tool({ description: "Looks a word up", inputSchema: z.object({ word: z.string() }), execute: async ({ word }) => "a " + word + " is a small thing" }) },
});
`,
);
const FINDER = write(".claude/agents/finder.md", "---\nname: finder\ndescription: Finds words\ntools: lookup\nmodel: fast\n---\nLook words up.\n");
const LOOSE = write("docs/explainer.md", "---\nname: explainer\ndescription: Explains\ntools: lookup\n---\nExplain.\n");
const BROKEN = write("docs/broken.md", "---\nname: broken\ndescription: Breaks\nmodel: opusplan\n---\nx\n");
write("plugins/review/.claude-plugin/plugin.json", JSON.stringify({ name: "review" }));
const PLUGIN_AGENT = write("plugins/review/agents/security.md", "---\nname: security\ndescription: Reviews\ntools: lookup\n---\nReview.\n");
const SCRIPT = write(
  "script.json",
  JSON.stringify([{ toolCalls: [{ toolName: "lookup", input: { word: "mote" } }] }, { text: "A mote is a small thing." }]),
);

interface Outcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

function june(args: string[]): Promise<Outcome> {
  const child = spawn(process.execPath, ["bin/june.js", ...args], { cwd: ENGINE, env: { ...process.env, NO_COLOR: "1" } });
  const output = { stdout: "", stderr: "" };
  child.stdout.on("data", (chunk: Buffer) => (output.stdout += chunk.toString("utf8")));
  child.stderr.on("data", (chunk: Buffer) => (output.stderr += chunk.toString("utf8")));
  child.stdin.end();
  return new Promise((resolve) => child.on("close", (code) => resolve({ code, ...output })));
}

describe("june run <agent.md>", () => {
  it("runs the agent with --prompt, with its project's config: the config's tool is called and the model answers", async () => {
    const { code, stdout, stderr } = await june(["run", FINDER, "--prompt", "What is a mote?", "--script", SCRIPT]);
    expect(code, stderr).toBe(0);
    expect(stdout).toMatch(/→ tool lookup \{/);
    expect(stdout).toContain('"a mote is a small thing"');
    expect(stdout).toContain("A mote is a small thing.");
    expect(stdout).toMatch(/^✓ succeeded in /m);
  });

  it("--input {\"prompt\": …} asks it the same; --json prints the run's events, the prompt in the first", async () => {
    const { code, stdout, stderr } = await june(["run", FINDER, "--input", '{"prompt":"What is a mote?"}', "--script", SCRIPT, "--json"]);
    expect(code, stderr).toBe(0);
    const events = stdout.trim().split("\n").map((line) => JSON.parse(line) as { type: string; node?: { kind: string; input?: unknown } });
    expect(JSON.stringify(events)).toContain("What is a mote?");
    expect(events.some((e) => e.type === "node-start" && e.node?.kind === "tool-call")).toBe(true);
  });

  it("a file outside the agent folders still runs as an agent of the project above it (the config's tools apply)", async () => {
    const { code, stdout, stderr } = await june(["run", LOOSE, "--prompt", "Explain a mote", "--script", SCRIPT]);
    expect(code, stderr).toBe(0);
    expect(stdout).toContain('"a mote is a small thing"');
  });

  it("a plugin's agent runs under its Claude Code name", async () => {
    const { code, stdout, stderr } = await june(["run", PLUGIN_AGENT, "--prompt", "Review", "--script", SCRIPT, "--json"]);
    expect(code, stderr).toBe(0);
    expect(stdout).toContain("review:security");
  });

  it("a broken agent file is a load error naming the file, the line and what to write (exit 2)", async () => {
    const { code, stderr } = await june(["run", BROKEN, "--prompt", "x", "--script", SCRIPT]);
    expect(code).toBe(2);
    expect(stderr).toContain(`${BROKEN}:4`);
    expect(stderr).toContain("plan mode");
    expect(stderr).toContain("JUNE_LOAD_FAILED");
  });

  it("a missing file says where it was looked for", async () => {
    const { code, stderr } = await june(["run", join(root, "nope.md"), "--prompt", "x"]);
    expect(code).toBe(2);
    expect(stderr).toContain("there is no file");
  });
});
