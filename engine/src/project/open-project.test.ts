// Opening a project: config, workflow files and markdown agents load; a broken file is a problem
// with its file, line and column and everything else still loads; the live project reloads what
// changed while runs already started keep going.
import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { run } from "../run/index.ts";
import { LiveProject, openProject, type ProjectChange } from "./index.ts";
import { apartFromModels } from "../loading/model-problems.test-support.ts";

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), "june-project-"));
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

const GOOD = `import { tool } from "ai";
import { z } from "zod";
import { Agent, Step, Tool } from "june";
import { scripted } from "june/sdk/scripted";
const search = tool({ description: "s", inputSchema: z.object({ q: z.string() }), execute: async ({ q }) => "found " + q });
export default function Finder({ topic = "june" }: { topic?: string }) {
  return (
    <Agent model={scripted([{ text: "about " + topic }])}>
      <Tool name="search" value={search} />
      <Step id="find" prompt={"Find " + topic} />
    </Agent>
  );
}
`;

async function write(rel: string, text: string) {
  const path = join(folder, rel);
  await mkdir(join(path, ".."), { recursive: true });
  await writeFile(path, text);
  return path;
}

describe("openProject", () => {
  it("lists workflows and markdown agents with their tools, and runs them", async () => {
    await write("flows/finder.tsx", GOOD);
    await write("helpers.ts", "export const x = 1;\n");
    await write(".claude/agents/reviewer.md", "---\nname: reviewer\ndescription: Reviews code: carefully\ntools: Read, Grep\n---\nYou review.\n");
    const project = await openProject(folder);
    expect(apartFromModels(project.problems)).toEqual([]);
    expect(project.entries.map((e) => [e.id, e.kind, e.name, e.tools])).toEqual([
      ["workflow:flows/finder.tsx", "workflow", "Finder", ["search"]],
      ["markdown:reviewer", "markdown", "reviewer", ["Read", "Grep"]],
    ]);
    expect(project.entries[0]!.models).toEqual(["scripted"]);
    const result = await run(project.element("workflow:flows/finder.tsx", { topic: "bees" }), project.runDefaults).result;
    expect(result.output).toBe("about bees");
  });

  it("a broken file is a problem with file, line and column; the others still load", async () => {
    await write("good.tsx", GOOD);
    await write("broken.tsx", `import { Agent } from "june";\nexport default function B() {\n  return <Agent>;\n}\n`);
    await write(".claude/agents/bad.md", "---\nname: bad\n---\nno description\n");
    await write(".claude/agents/fine.md", "---\nname: fine\ndescription: ok\ntools: Read\n---\nbody\n");
    const project = await openProject(folder);
    expect(project.entries.map((e) => e.name)).toEqual(["Finder", "fine"]);
    const load = project.problems.find((p) => p.code === "JUNE_LOAD_FAILED")!;
    expect(load).toMatchObject({ severity: "error", file: join(folder, "broken.tsx"), line: 4 });
    expect(load.column).toEqual(expect.any(Number));
    const md = project.problems.find((p) => p.file === join(folder, ".claude/agents/bad.md"))!;
    expect(md).toMatchObject({ severity: "error", code: "JUNE_AGENT_FIELD_MISSING" });
    expect(md.message).toContain("description");
  });

  it("a default export that throws when it is read (a Proxy) is a problem naming its file; the others still load", async () => {
    await write("good.tsx", GOOD);
    await write("hostile.tsx", `import { Agent } from "june";\nexport default new Proxy(function W() { return <Agent />; }, { get() { throw new Error("no reading me"); } });\n`);
    await write(".claude/agents/fine.md", "---\nname: fine\ndescription: ok\ntools: Read\n---\nbody\n");
    const project = await openProject(folder);
    expect(project.entries.map((e) => e.name)).toEqual(["Finder", "fine"]);
    expect(apartFromModels(project.problems)).toEqual([
      expect.objectContaining({ severity: "error", code: "JUNE_INTERNAL", file: join(folder, "hostile.tsx"), entryId: "workflow:hostile.tsx" }),
    ]);
    expect(project.problems[0]!.message).toContain(`june: ${join(folder, "hostile.tsx")} could not be inspected: no reading me`);
  });

  it("resolution errors of a workflow are problems pointing at the declaration", async () => {
    await write(
      "clash.tsx",
      `import { tool } from "ai";\nimport { z } from "zod";\nimport { Agent, Tool } from "june";\nconst t = tool({ description: "t", inputSchema: z.object({}), execute: async () => "" });\nexport default function Clash() {\n  return (\n    <Agent>\n      <Tool name="x" value={t} />\n      <Tool name="x" value={t} />\n    </Agent>\n  );\n}\n`,
    );
    const project = await openProject(folder);
    expect(project.problems).toEqual([
      expect.objectContaining({ severity: "error", code: "JUNE_COLLISION", file: join(folder, "clash.tsx"), line: 9, entryId: "workflow:clash.tsx" }),
    ]);
  });

  it("june.config.ts gives the default model, tools for markdown agents and the tool policy", async () => {
    await write(
      "june.config.ts",
      `import { tool } from "ai";\nimport { z } from "zod";\nimport { defineConfig } from "june";\nimport { scripted } from "june/sdk/scripted";\nexport default defineConfig({\n  model: scripted(() => ({ text: "configured" })),\n  tools: { lookup: tool({ description: "l", inputSchema: z.object({}), execute: async () => "x" }) },\n  toolPolicy: { fn: true, builtin: (t) => t.name !== "Bash", mcp: false },\n});\n`,
    );
    await write(".claude/agents/helper.md", "---\nname: helper\ndescription: Helps\ntools: lookup, Read, Bash\nmodel: inherit\n---\nYou help.\n");
    const project = await openProject(folder);
    expect(project.problems.filter((p) => p.severity === "error")).toEqual([]);
    expect(project.entries[0]!.tools).toEqual(["lookup", "Read"]);
    expect(project.problems).toContainEqual(expect.objectContaining({ severity: "warning", code: "JUNE_TOOL_DENIED" }));
    const result = await run(project.element("markdown:helper", "do it"), { ...project.runDefaults, warn: () => {} }).result;
    expect(result.output).toBe("configured");
  });

  it("without a config: runs are recorded in .june/runs, priced by June's table, models resolve like a markdown agent's", async () => {
    await write("flow.tsx", GOOD);
    const project = await openProject(folder);
    expect(project.runsFolder).toBe(join(folder, ".june", "runs"));
    expect(project.runDefaults.prices["openai:gpt-5-mini"]).toEqual({ input: 0.25, cachedInput: 0.025, output: 2 });
    expect(project.model("openai:gpt-5-mini")).toMatchObject({ modelId: "gpt-5-mini" });
    expect(project.model("sonnet")).toMatchObject({ modelId: "claude-sonnet-5-5" });
    expect(() => project.model("mistral:large")).toThrow(expect.objectContaining({ code: "JUNE_UNKNOWN_MODEL_PROVIDER" }));
    expect(() => project.model("gpt")).toThrow(expect.objectContaining({ code: "JUNE_AGENT_FIELD_INVALID", message: expect.stringContaining('"gpt"') }));
  });

  it("june.config.ts sets where runs are recorded, adds prices, and resolves model references with `models`", async () => {
    await write(
      "june.config.ts",
      `import { defineConfig } from "june";\nimport { scripted } from "june/sdk/scripted";\nexport default defineConfig({\n  runs: "history/runs",\n  prices: { "acme:small": { input: 1, output: 2 }, "openai:gpt-5-mini": { input: 9, output: 9 } },\n  models: (ref) => scripted([{ text: "from " + ref }], { modelId: ref }),\n});\n`,
    );
    const project = await openProject(folder);
    expect(project.problems).toEqual([]);
    expect(project.runsFolder).toBe(join(folder, "history", "runs"));
    expect(project.runDefaults.prices["acme:small"]).toEqual({ input: 1, output: 2 });
    expect(project.runDefaults.prices["openai:gpt-5-mini"]).toEqual({ input: 9, output: 9 });
    expect(project.runDefaults.prices["anthropic:claude-sonnet-4-5"]).toBeDefined();
    expect(project.model("acme:small")).toMatchObject({ modelId: "acme:small" });
  });

  it("a price that isn't a number of dollars is a config problem naming the field", async () => {
    await write("june.config.ts", `export default { prices: { "openai:gpt-5": { input: "cheap", output: 1 } }, runs: "" };\n`);
    const project = await openProject(folder);
    const problem = project.problems.find((p) => p.code === "JUNE_INVALID_CONFIG")!;
    expect(problem.message).toContain("`prices.openai:gpt-5.input`");
    expect(problem.message).toContain("`runs`");
  });

  it("a config with a bad field is a problem naming the field", async () => {
    await write("june.config.ts", `export default { model: "gpt-5", surprise: 1 };\n`);
    const project = await openProject(folder);
    const problem = project.problems.find((p) => p.code === "JUNE_INVALID_CONFIG")!;
    expect(problem.message).toContain("`model`");
    expect(problem.message).toContain("surprise");
  });

  it("a markdown agent without tools: gets the Claude built-ins and Agent, like in Claude Code, without drawing every other agent under it", async () => {
    await write(".claude/agents/all.md", "---\nname: all\ndescription: Everything\n---\nbody\n");
    await write(".claude/agents/other.md", "---\nname: other\ndescription: Another\ntools: Read\n---\nbody\n");
    const project = await openProject(folder);
    const all = project.entries.find((e) => e.name === "all")!;
    expect(all.tools).toEqual(["Read", "Write", "Edit", "MultiEdit", "Glob", "Grep", "LS", "Bash", "NotebookEdit", "TodoWrite", "WebFetch", "Agent"]);
    const agent = all.tree!.children[0]!;
    expect(agent.tools!.find((t) => t.name === "Agent")!.description).toContain("- other: Another");
    expect(agent.children.filter((n) => n.kind === "composite")).toEqual([]);
    // Delegated, it has no Agent, and isn't told about a tool its file never asked for.
    expect(apartFromModels(project.problems).filter((p) => p.severity === "error")).toEqual([]);
  });

  it("a markdown agent's skills: become progressive blocks (loader tools)", async () => {
    await write("agents/writer/AGENT.md", "---\nname: writer\ndescription: Writes\ntools: Read\nskills:\n  - ./skills\n---\nYou write.\n");
    await write("agents/writer/skills/tone.md", "---\nname: tone\ndescription: House tone\n---\nBe terse.\n");
    const project = await openProject(folder);
    expect(apartFromModels(project.problems)).toEqual([]);
    expect(project.entries[0]!.tools).toEqual(["Read", "_block__load__skills__tone"]);
  });
});

describe("LiveProject", () => {
  function nextChange(live: LiveProject): Promise<ProjectChange> {
    return new Promise((resolve) => {
      const stop = live.watch((change) => {
        stop();
        resolve(change);
      });
    });
  }

  it("reloads a changed workflow file, keeping a run already started", async () => {
    const file = await write("finder.tsx", GOOD);
    const live = await LiveProject.open(folder);
    try {
      const started = run(live.project.element("workflow:finder.tsx", { topic: "old" }), live.project.runDefaults);
      const change = nextChange(live);
      await writeFile(file, GOOD.replace('"about "', '"now about "'));
      const { project, changed } = await change;
      expect(changed).toContain(file);
      expect((await started.result).output).toBe("about old");
      const result = await run(project.element("workflow:finder.tsx", { topic: "new" }), project.runDefaults).result;
      expect(result.output).toBe("now about new");
    } finally {
      live.close();
    }
  });

  it("a new broken file shows up as a problem; fixing it clears it", async () => {
    const live = await LiveProject.open(folder);
    try {
      let change = nextChange(live);
      const file = await write("late.tsx", `import { Agent } from "june";\nexport default function L() { return <Agent>; }\n`);
      let { project } = await change;
      expect(project.problems.map((p) => p.code)).toEqual(["JUNE_LOAD_FAILED"]);
      change = nextChange(live);
      await writeFile(file, GOOD);
      ({ project } = await change);
      expect(project.problems).toEqual([]);
      expect(project.entries.map((e) => e.name)).toEqual(["Finder"]);
    } finally {
      live.close();
    }
  });

  it("reloads markdown agents when an agent file changes", async () => {
    const file = await write(".claude/agents/a.md", "---\nname: a\ndescription: A\ntools: Read\n---\nx\n");
    const live = await LiveProject.open(folder);
    try {
      const change = nextChange(live);
      await writeFile(file, "---\nname: a\ndescription: A\ntools: Read, Grep\n---\nx\n");
      const { project } = await change;
      expect(project.entries[0]!.tools).toEqual(["Read", "Grep"]);
    } finally {
      live.close();
    }
  });
});

describe("discovery", () => {
  it("a file whose only `export default` is in a comment is not a workflow", async () => {
    await write("helpers.ts", `import { Agent } from "june";\n/**\n * export default function Example() {}\n */\nexport const x = Agent;\n// see docs/*.md for more\n`);
    await write("flow.tsx", GOOD.replace("import { tool }", "// notes: docs/*.md\nimport { tool }"));
    const project = await openProject(folder);
    expect(project.entries.map((e) => e.id)).toEqual(["workflow:flow.tsx"]);
  });
});

describe("june.config.ts modelAliases", () => {
  const CONFIG = `import { defineConfig } from "june";\nexport default defineConfig({ modelAliases: { fast: "haiku", sonnet: "anthropic:claude-sonnet-4-5-20250929", gpt: "openai:gpt-5-mini" } });\n`;
  const AGENT = "---\nname: quick\ndescription: Answers fast\ntools: Read\nmodel: fast\n---\nBe quick.\n";

  it("add names and override Claude Code's, in agent files and project.model(ref)", async () => {
    await write("june.config.ts", CONFIG);
    await write(".claude/agents/quick.md", AGENT);
    const project = await openProject(folder, { inspect: false });
    expect(apartFromModels(project.problems)).toEqual([]);
    expect(project.entries.map((e) => [e.name, e.models])).toEqual([["quick", ["anthropic:claude-haiku-5-5"]]]);
    expect(project.model("sonnet")).toMatchObject({ modelId: "claude-sonnet-4-5-20250929" });
    expect(project.model("gpt")).toMatchObject({ modelId: "gpt-5-mini" });
    expect(project.model("opus")).toMatchObject({ modelId: "claude-opus-5-5" });
  });

  it("apply in an isolated project too: its agents load in the worker, its model references resolve in the host", async () => {
    await write("june.config.ts", CONFIG);
    await write(".claude/agents/quick.md", AGENT);
    const project = await openProject(folder, { isolate: true, inspect: false });
    expect(project.entries.map((e) => [e.name, e.models])).toEqual([["quick", ["anthropic:claude-haiku-5-5"]]]);
    expect(project.model("fast")).toMatchObject({ modelId: "claude-haiku-5-5" });
    expect(() => project.checkModel("gpt")).not.toThrow();
  });

  it("an alias that names no model is a config error naming the alias", async () => {
    await write("june.config.ts", `import { defineConfig } from "june";\nexport default defineConfig({ modelAliases: { plan: "opusplan", none: "inherit" } });\n`);
    const project = await openProject(folder, { inspect: false });
    const [problem] = project.problems;
    expect(problem).toMatchObject({ severity: "error", code: "JUNE_INVALID_CONFIG" });
    expect(problem!.message).toContain("`modelAliases.plan`");
    expect(problem!.message).toContain("plan mode");
    expect(problem!.message).toContain("`modelAliases.none`");
  });
});

describe("Claude Code plugins in an isolated project", () => {
  it("a plugin's agents load in the worker as <plugin>:<agent>, with the plugin on the entry", async () => {
    await write("plugins/review/.claude-plugin/plugin.json", JSON.stringify({ name: "review" }));
    await write("plugins/review/agents/security.md", "---\nname: security\ndescription: Reviews\ntools: Read\n---\nx\n");
    const project = await openProject(folder, { isolate: true, inspect: false });
    expect(project.entries.map((e) => [e.id, e.plugin])).toEqual([["markdown:review:security", "review"]]);
  });
});
