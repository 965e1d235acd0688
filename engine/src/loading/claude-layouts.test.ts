// Claude Code's layouts, as a project folder is opened: the project's agent folders, plugins (the
// folder itself, plugins in it, a marketplace naming them), the user's own agents on request, and
// agent-looking files outside all of them. Each case builds a temp folder and opens it as the
// studio does (loadLocalParts + assembleLocal, no model is called).
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { findClaudeLayout } from "./claude-layouts.ts";
import { DEFAULT_AGENT_DIRS } from "./discover.ts";
import { assembleLocal, loadLocalParts } from "./parts.ts";
import { apartFromModels } from "./model-problems.test-support.ts";

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A temp folder holding `files` (path → text). */
function project(files: Record<string, string>): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "june-layouts-")));
  folders.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const agent = (name: string, description = `The ${name} agent`) => `---\nname: ${name}\ndescription: ${description}\ntools: Read\n---\nYou are ${name}.\n`;
const skill = (name: string) => `---\nname: ${name}\ndescription: The ${name} skill\n---\nDo ${name}.\n`;

/** A marketplace with two local plugins (an agent each, one with a skill) and one on GitHub. */
const MARKETPLACE = {
  ".claude-plugin/marketplace.json": JSON.stringify({
    name: "team-tools",
    owner: { name: "Team" },
    plugins: [
      { name: "code-review", source: "./plugins/code-review" },
      { name: "deploy", source: "./plugins/deploy" },
      { name: "remote-thing", source: { source: "github", repo: "someone/remote-thing" } },
    ],
  }),
  "plugins/code-review/.claude-plugin/plugin.json": JSON.stringify({ name: "code-review", version: "1.0.0" }),
  "plugins/code-review/agents/security.md": agent("security"),
  "plugins/code-review/skills/owasp/SKILL.md": skill("owasp"),
  "plugins/deploy/.claude-plugin/plugin.json": JSON.stringify({ name: "deploy" }),
  "plugins/deploy/agents/shipper.md": agent("shipper"),
  "plugins/deploy/commands/ship.md": "---\ndescription: Ship it\n---\nShip.\n",
  ".claude/agents/triage.md": agent("triage"),
};

async function open(folder: string, options: { userAgents?: string } = {}) {
  return assembleLocal(await loadLocalParts(folder, { inspect: false, ...options }));
}

describe("a marketplace (.claude-plugin/marketplace.json)", () => {
  it("loads each local plugin's agents as <plugin>:<agent>, with the plugin on the entry, beside the project's own", async () => {
    const root = project(MARKETPLACE);
    const opened = await open(root);
    expect(opened.entries.map((e) => [e.id, e.name, e.plugin])).toEqual([
      ["markdown:triage", "triage", undefined],
      ["markdown:code-review:security", "code-review:security", "code-review"],
      ["markdown:deploy:shipper", "deploy:shipper", "deploy"],
    ]);
    // No plugin agent warns that its name is not wire safe: the caller's tool name is.
    expect(opened.problems.map((p) => p.code)).not.toContain("JUNE_AGENT_NAME_NOT_WIRE_SAFE");
  });

  it("skips a remote plugin with one warning naming it, and loads the rest", async () => {
    const opened = await open(project(MARKETPLACE));
    const skipped = opened.problems.filter((p) => p.code === "JUNE_PLUGIN_SKIPPED");
    expect(skipped).toHaveLength(1);
    expect(skipped[0]).toMatchObject({ severity: "warning" });
    expect(skipped[0]!.message).toContain('"remote-thing"');
    expect(skipped[0]!.message).toContain("a github source");
  });

  it("exposes each plugin's skills folder (and .claude/skills) for skills by name", async () => {
    const root = project({ ...MARKETPLACE, ".claude/skills/notes/SKILL.md": skill("notes") });
    const parts = await loadLocalParts(root, { inspect: false });
    expect(parts.skillDirs).toEqual([{ dir: join(root, ".claude/skills") }, { dir: join(root, "plugins/code-review/skills"), plugin: "code-review" }]);
  });

  it("resolves a bare source under metadata.pluginRoot, and refuses one outside the project", async () => {
    const root = project({
      ".claude-plugin/marketplace.json": JSON.stringify({ name: "m", metadata: { pluginRoot: "./vendor" }, plugins: [{ name: "lint", source: "lint" }, { name: "far", source: "../elsewhere" }] }),
      "vendor/lint/agents/linter.md": agent("linter"),
    });
    const layout = await findClaudeLayout(root, { agentDirs: DEFAULT_AGENT_DIRS });
    expect(layout.agentSources).toEqual([{ dir: join(root, "vendor/lint/agents"), plugin: "lint" }]);
    expect(layout.problems.map((p) => [p.code, p.message.includes('"../elsewhere"')])).toEqual([["JUNE_PLUGIN_SKIPPED", true]]);
  });

  it("plugins whose folders aren't checked out are one warning naming five and counting the rest", async () => {
    const plugins = Array.from({ length: 8 }, (_, i) => ({ name: `p${i}`, source: `./plugins/p${i}` }));
    const root = project({
      ".claude-plugin/marketplace.json": JSON.stringify({ name: "m", plugins: [...plugins, { name: "here", source: "./plugins/here" }] }),
      "plugins/here/agents/a.md": agent("a"),
    });
    const layout = await findClaudeLayout(root, { agentDirs: DEFAULT_AGENT_DIRS });
    expect(layout.agentSources).toEqual([{ dir: join(root, "plugins/here/agents"), plugin: "here" }]);
    expect(layout.problems).toHaveLength(1);
    expect(layout.problems[0]).toMatchObject({ severity: "warning", code: "JUNE_PLUGIN_SKIPPED" });
    expect(layout.problems[0]!.message).toContain('names 8 plugins whose folders do not exist: "p0" (plugins/p0), "p1" (plugins/p1), "p2" (plugins/p2), "p3" (plugins/p3), "p4" (plugins/p4) and 3 more');
  });

  it("a marketplace.json that is not JSON is a warning on it, and the project opens", async () => {
    const root = project({ ".claude-plugin/marketplace.json": "{ nope", ".claude/agents/triage.md": agent("triage") });
    const opened = await open(root);
    expect(opened.entries.map((e) => e.id)).toEqual(["markdown:triage"]);
    expect(apartFromModels(opened.problems)).toEqual([expect.objectContaining({ severity: "warning", code: "JUNE_PLUGIN_INVALID", file: join(root, ".claude-plugin/marketplace.json") })]);
  });
});

describe("a plugin folder (.claude-plugin/plugin.json)", () => {
  it("the project folder itself may be the plugin: its agents/ are the plugin's", async () => {
    const root = project({
      ".claude-plugin/plugin.json": JSON.stringify({ name: "solo" }),
      "agents/helper.md": agent("helper"),
    });
    expect((await open(root)).entries.map((e) => [e.id, e.plugin])).toEqual([["markdown:solo:helper", "solo"]]);
  });

  it("plugin.json's custom agents paths supplement agents/ (a folder or one file), each ./ inside the plugin", async () => {
    const root = project({
      "tools/.claude-plugin/plugin.json": JSON.stringify({ name: "tools", agents: ["./extra/", "./one.md", "../escape"] }),
      "tools/agents/a.md": agent("a"),
      "tools/extra/b.md": agent("b"),
      "tools/one.md": agent("c"),
    });
    const opened = await open(root);
    expect(opened.entries.map((e) => e.name)).toEqual(["tools:a", "tools:b", "tools:c"]);
    expect(apartFromModels(opened.problems).map((p) => p.code)).toEqual(["JUNE_PLUGIN_INVALID"]);
    expect(opened.problems[0]!.message).toContain('"../escape"');
  });

  it("two plugins of one name: the second is left out with a warning naming both", async () => {
    const root = project({
      "a/.claude-plugin/plugin.json": JSON.stringify({ name: "same" }),
      "a/agents/x.md": agent("x"),
      "b/.claude-plugin/plugin.json": JSON.stringify({ name: "same" }),
      "b/agents/y.md": agent("y"),
    });
    const opened = await open(root);
    expect(opened.entries.map((e) => e.name)).toEqual(["same:x"]);
    expect(opened.problems[0]!.message).toMatch(/two plugins are named "same"/);
    expect(opened.problems[0]!.message).toContain(`${join(root, "a")} and ${join(root, "b")}`);
  });
});

describe("the user's own agents (~/.claude/agents), only when asked", () => {
  it("are never read without userAgents", async () => {
    const home = project({ "agents/mine.md": agent("mine") });
    const root = project({ ".claude/agents/triage.md": agent("triage") });
    expect((await open(root)).entries.map((e) => e.id)).toEqual(["markdown:triage"]);
    expect((await open(root, { userAgents: join(home, "agents") })).entries.map((e) => [e.id, e.scope])).toEqual([
      ["markdown:triage", undefined],
      ["markdown:mine", "user"],
    ]);
  });

  it("a project agent of the same name wins, without a problem", async () => {
    const home = project({ "agents/triage.md": agent("triage", "mine") });
    const root = project({ ".claude/agents/triage.md": agent("triage", "the project's") });
    const opened = await open(root, { userAgents: join(home, "agents") });
    expect(opened.entries.map((e) => [e.id, e.description, e.scope])).toEqual([["markdown:triage", "the project's", undefined]]);
    expect(apartFromModels(opened.problems)).toEqual([]);
  });
});

describe("agent files outside every layout", () => {
  it("are one warning naming where a few are, how many, and what to do; other .md files are not", async () => {
    const root = project({
      ".claude/agents/triage.md": agent("triage"),
      "docs/one.md": agent("one"),
      "docs/two.md": agent("two"),
      "notes/README.md": "# Notes\n",
      "notes/page.md": "---\ntitle: A page\ndescription: not an agent\n---\n",
      "kit/skills/x/SKILL.md": skill("x"),
    });
    const opened = await open(root);
    expect(opened.entries.map((e) => e.id)).toEqual(["markdown:triage"]);
    const strays = opened.problems.filter((p) => p.code === "JUNE_AGENTS_OUTSIDE_LAYOUT");
    expect(strays).toEqual([expect.objectContaining({ severity: "warning", file: join(root, "docs/one.md") })]);
    expect(strays[0]!.message).toContain("2 files look like a Claude Code agent");
    expect(strays[0]!.message).toContain("docs/one.md, docs/two.md");
    expect(strays[0]!.message).toContain("Move them to .claude/agents/");
    expect(strays[0]!.message).toContain("`agents:` in june.config.ts");
  });

  it("name five and count the rest", async () => {
    const files = Object.fromEntries(Array.from({ length: 7 }, (_, i) => [`loose/a${i}.md`, agent(`a${i}`)]));
    const opened = await open(project(files));
    expect(opened.problems[0]!.message).toContain("loose/a4.md and 2 more");
  });

  it("a plugin's commands/ are Claude Code commands, never strays", async () => {
    const root = project({ ...MARKETPLACE, "plugins/deploy/commands/agentish.md": agent("agentish") });
    const opened = await open(root);
    expect(opened.problems.map((p) => p.code)).not.toContain("JUNE_AGENTS_OUTSIDE_LAYOUT");
  });
});
