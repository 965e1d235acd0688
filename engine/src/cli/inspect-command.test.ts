// `june inspect <folder>`: every agent and every problem with file, line and code; exit 1 on errors.
import { spawnSync } from "node:child_process";
import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

const engine = new URL("../..", import.meta.url).pathname;
let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), "june-inspect-"));
  await mkdir(join(folder, ".claude/agents"), { recursive: true });
});
afterEach(() => rm(folder, { recursive: true, force: true }));

// The providers' keys are as each test says, never as this machine has them (blank counts as unset).
const NO_KEYS = { ANTHROPIC_API_KEY: "", OPENAI_API_KEY: "" };

function june(args: string[], keys: Record<string, string> = {}) {
  const env = { ...process.env, NO_COLOR: "1", ...NO_KEYS, ...keys };
  const child = spawnSync(process.execPath, ["bin/june.js", ...args], { cwd: engine, encoding: "utf8", env });
  return { code: child.status, stdout: child.stdout, stderr: child.stderr };
}

describe("june inspect", () => {
  it("prints every agent (name, kind, file, tools) and exits 0 with only warnings", async () => {
    await writeFile(join(folder, ".claude/agents/reviewer.md"), "---\nname: reviewer\ndescription: Reviews: code\ntools: Read, WebSearch\nmemory: project\nmodel: haiku\n---\nYou review.\n");
    const { code, stdout } = june(["inspect", folder], { ANTHROPIC_API_KEY: "unused" });
    expect(code).toBe(0);
    expect(stdout).toContain("reviewer");
    expect(stdout).toContain("markdown · .claude/agents/reviewer.md");
    expect(stdout).toContain("tools  Read");
    expect(stdout).toContain("model  anthropic:claude-haiku-5-5");
    expect(stdout).toMatch(/warning \.claude\/agents\/reviewer\.md:4(:\d+)? \[JUNE_BUILTIN_SKIPPED\]/);
    expect(stdout).toMatch(/warning \.claude\/agents\/reviewer\.md:5(:\d+)? \[JUNE_UNKNOWN_KEY\]/);
  });

  it("exits 1 when a file has an error, naming file, line and code", async () => {
    await writeFile(join(folder, ".claude/agents/typo.md"), "---\nname: typo\ndescription: d\ntools: Raed\n---\nx\n");
    const { code, stdout } = june(["inspect", folder]);
    expect(code).toBe(1);
    expect(stdout).toMatch(/error \.claude\/agents\/typo\.md:4(:\d+)? \[JUNE_UNKNOWN_TOOL\]/);
    expect(stdout).toContain('"Raed"');
  });

  it("--json prints { agents, problems }", async () => {
    await writeFile(join(folder, ".claude/agents/a.md"), "---\nname: a\ndescription: d\ntools: Grep\nmodel: haiku\n---\nx\n");
    const { code, stdout } = june(["inspect", folder, "--json"], { ANTHROPIC_API_KEY: "unused" });
    expect(code).toBe(0);
    const parsed = JSON.parse(stdout);
    expect(parsed.agents).toEqual([expect.objectContaining({ id: "markdown:a", kind: "markdown", name: "a", tools: ["Grep"] })]);
    expect(parsed.problems).toEqual([]);
  });

  it("an agent without a model is an error (exit 1), a model whose key is not set a warning; each names its file, line and code", async () => {
    await writeFile(join(folder, ".claude/agents/bare.md"), "---\nname: bare\ndescription: d\ntools: Read\n---\nx\n");
    await writeFile(join(folder, ".claude/agents/keyless.md"), "---\nname: keyless\ndescription: d\ntools: Read\nmodel: openai:gpt-5\n---\nx\n");
    const { code, stdout } = june(["inspect", folder]);
    expect(code).toBe(1);
    expect(stdout).toContain("problems (1 error, 1 warning)");
    expect(stdout).toMatch(/error \.claude\/agents\/bare\.md:1 \[JUNE_NO_MODEL\]/);
    expect(stdout).toMatch(/warning \.claude\/agents\/keyless\.md:5 \[JUNE_MISSING_API_KEY\]/);
    expect(stdout).toContain("OPENAI_API_KEY");
  });

  it("a folder that doesn't exist is a usage error (exit 2)", () => {
    const { code, stderr } = june(["inspect", join(folder, "nope")]);
    expect(code).toBe(2);
    expect(stderr).toContain("is not a folder");
  });
});
