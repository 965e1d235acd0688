// The live project's watcher as a specification: whatever appears in the folder — a link loop, an
// unreadable folder, more folders than the cap — the process stays up and the watcher keeps
// reloading, what it can't watch is a problem, and June's runs folder is never watched.
import { chmod, mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LiveProject, type ProjectChange } from "./index.ts";

let folder: string;
let live: LiveProject | undefined;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), "june-live-"));
});
afterEach(async () => {
  live?.close();
  live = undefined;
  await chmod(join(folder, "locked"), 0o755).catch(() => {});
  await rm(folder, { recursive: true, force: true });
});

const flow = (name: string) => `import { Agent } from "june";\nexport default function ${name}() {\n  return <Agent />;\n}\n`;
const isRoot = process.getuid?.() === 0;

async function write(rel: string, text: string) {
  const path = join(folder, rel);
  await mkdir(join(path, ".."), { recursive: true });
  await writeFile(path, text);
  return path;
}

/** Opens the folder, watches it, and hands out each change as it comes. */
async function watched(options: Parameters<LiveProject["watch"]>[1] = {}) {
  live = await LiveProject.open(folder, { inspect: false });
  const changes: ProjectChange[] = [];
  const waiters: Array<{ matches: (c: ProjectChange) => boolean; resolve: (c: ProjectChange) => void }> = [];
  live.watch((change) => {
    changes.push(change);
    for (const waiter of [...waiters]) {
      if (waiter.matches(change)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(change);
      }
    }
  }, options);
  await live.whenWatching();
  const next = (matches: (c: ProjectChange) => boolean) =>
    new Promise<ProjectChange>((resolve) => {
      const seen = changes.find(matches);
      if (seen) resolve(seen);
      else waiters.push({ matches, resolve });
    });
  return { live, changes, next };
}

const names = (change: ProjectChange) => change.project.entries.map((e) => e.name);

describe("the watcher survives what appears in the folder", () => {
  it("a link loop created inside it (`ln -s . loop`, a->b->a) is never followed, and later changes still reload", async () => {
    await write("one.tsx", flow("One"));
    const { next } = await watched();
    await symlink(".", join(folder, "loop"));
    await symlink(join(folder, "b"), join(folder, "a"));
    await symlink(join(folder, "a"), join(folder, "b"));
    await mkdir(join(folder, "sub"));
    await symlink("..", join(folder, "sub", "up"));
    await write("sub/two.tsx", flow("Two"));
    const change = await next((c) => names(c).includes("Two"));
    expect(names(change)).toEqual(["One", "Two"]);
    expect(change.project.problems).toEqual([]);
  });

  it.skipIf(isRoot)("an unreadable folder created inside it is a problem naming it (skipped as root: chmod 000 doesn't stop root reading)", async () => {
    const { next } = await watched();
    await mkdir(join(folder, "locked"), { mode: 0o000 });
    const change = await next((c) => c.project.problems.length > 0);
    expect(change.project.problems).toEqual([expect.objectContaining({ severity: "warning", file: join(folder, "locked") })]);
    await write("later.tsx", flow("Later"));
    expect(names(await next((c) => names(c).includes("Later")))).toEqual(["Later"]);
  });

  it("watches at most the cap of folders, with a problem saying so", async () => {
    for (const dir of ["a", "b", "c", "d"]) await mkdir(join(folder, dir));
    const { next } = await watched({ maxFolders: 2 });
    const change = await next((c) => c.project.problems.some((p) => p.code === "JUNE_WATCH_LIMIT"));
    expect(change.project.problems).toEqual([expect.objectContaining({ severity: "warning", code: "JUNE_WATCH_LIMIT", file: folder })]);
    expect(change.project.problems[0]!.message).toContain("more than 2 folders; only 2 are watched");
    // The root is watched first: a workflow written there still loads.
    await write("top.tsx", flow("Top"));
    expect(names(await next((c) => names(c).includes("Top")))).toEqual(["Top"]);
  });
});

describe("what is never watched", () => {
  it("June's runs folder (.june/runs, or the config's `runs` elsewhere in the folder), node_modules and .git", async () => {
    await write("june.config.ts", `import { defineConfig } from "june";\nexport default defineConfig({ runs: "records" });\n`);
    for (const dir of ["records", ".june/runs", "node_modules/pkg", ".git"]) await mkdir(join(folder, dir), { recursive: true });
    const { next, changes } = await watched();
    for (let i = 0; i < 5; i++) {
      await write(`records/run_${i}.jsonl`, "{}\n");
      await write(`records/sub/run_${i}.meta.json`, "{}\n");
      await write(`.june/runs/run_${i}.jsonl`, "{}\n");
      await write(`node_modules/pkg/index.ts`, flow("Dep"));
      await write(`.git/HEAD`, "ref\n");
    }
    await write("flow.tsx", flow("Flow"));
    await next((c) => names(c).includes("Flow"));
    expect(changes.flatMap((c) => c.changed)).toEqual([join(folder, "flow.tsx")]);
  });
});

describe("what a change re-reads: Claude Code's layouts and files", () => {
  const agentFile = (name: string, description = `The ${name} agent`) => `---\nname: ${name}\ndescription: ${description}\ntools: Read\n---\nYou are ${name}.\n`;
  const plugin = (name: string) => JSON.stringify({ name });

  it("a plugin that appears (its .claude-plugin/plugin.json) brings its agents; editing one re-reads it", async () => {
    live = await LiveProject.open(folder, { inspect: false });
    const agent = await write("plugins/review/agents/security.md", agentFile("security", "first"));
    const manifest = await write("plugins/review/.claude-plugin/plugin.json", plugin("review"));
    let project = await live.reload([manifest, agent]);
    expect(project.entries.map((e) => [e.name, e.plugin, e.description])).toEqual([["review:security", "review", "first"]]);
    await write("plugins/review/agents/security.md", agentFile("security", "second"));
    project = await live.reload([agent]);
    expect(project.entries.map((e) => e.description)).toEqual(["second"]);
  });

  it("a marketplace.json change re-reads the layout: a plugin it names now loads", async () => {
    await write("vendor/lint/agents/linter.md", agentFile("linter"));
    live = await LiveProject.open(folder, { inspect: false });
    expect(live.project.entries).toEqual([]);
    const marketplace = await write(".claude-plugin/marketplace.json", JSON.stringify({ name: "m", plugins: [{ name: "lint", source: "./vendor/lint" }] }));
    const project = await live.reload([marketplace]);
    expect(project.entries.map((e) => e.name)).toEqual(["lint:linter"]);
  });

  it("an agents folder that appears after opening is read", async () => {
    live = await LiveProject.open(folder, { inspect: false });
    const agent = await write(".claude/agents/triage.md", agentFile("triage"));
    expect((await live.reload([agent])).entries.map((e) => e.name)).toEqual(["triage"]);
  });

  it("CLAUDE.md, .claude/CLAUDE.md, .claude/skills/** and .claude/settings*.json re-read the markdown agents; other files don't", async () => {
    await write(".claude/agents/triage.md", agentFile("triage", "first"));
    live = await LiveProject.open(folder, { inspect: false });
    await write(".claude/agents/triage.md", agentFile("triage", "second"));
    // Not a file agents depend on: the markdown agents are not read again.
    expect((await live.reload([await write("notes.txt", "x")])).entries.map((e) => e.description)).toEqual(["first"]);
    for (const rel of ["CLAUDE.md", ".claude/CLAUDE.md", ".claude/skills/notes/SKILL.md", ".claude/settings.json", ".claude/settings.local.json"]) {
      await write(".claude/agents/triage.md", agentFile("triage", rel));
      const path = await write(rel, rel.endsWith(".json") ? "{}" : "---\nname: notes\ndescription: n\n---\nx\n");
      expect((await live.reload([path])).entries.map((e) => e.description)).toEqual([rel]);
    }
  });

  it("a file CLAUDE.md imports re-reads the markdown agents, wherever it is", async () => {
    await write("CLAUDE.md", "Follow @docs/style.md\n");
    const style = await write("docs/style.md", "Short sentences.");
    await write(".claude/agents/triage.md", agentFile("triage", "first"));
    live = await LiveProject.open(folder, { inspect: false });
    await write(".claude/agents/triage.md", agentFile("triage", "second"));
    await write("docs/style.md", "Shorter sentences.");
    expect((await live.reload([style])).entries.map((e) => e.description)).toEqual(["second"]);
  });

  it("an agent-looking .md written outside the layouts is told at once", async () => {
    live = await LiveProject.open(folder, { inspect: false });
    const stray = await write("docs/reviewer.md", agentFile("reviewer"));
    const project = await live.reload([stray]);
    expect(project.problems.map((p) => p.code)).toEqual(["JUNE_AGENTS_OUTSIDE_LAYOUT"]);
  });

  it("the watcher watches plugins' .claude-plugin folders: a manifest written there reloads", async () => {
    await write("plugins/review/agents/security.md", agentFile("security"));
    await mkdir(join(folder, "plugins/review/.claude-plugin"), { recursive: true });
    const { next } = await watched();
    await write("plugins/review/.claude-plugin/plugin.json", plugin("review"));
    const change = await next((c) => names(c).includes("review:security"));
    expect(change.changed.some((p) => p.endsWith("plugin.json"))).toBe(true);
  });
});
