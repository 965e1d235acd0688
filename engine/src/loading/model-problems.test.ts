// An agent's model is checked when its project loads, not at its first model call: an agent with
// steps and no model (here or as the project's default) is a JUNE_NO_MODEL error, a model whose
// provider's key is not set where runs read it a JUNE_MISSING_API_KEY warning; each on the file
// and line where the model is written (or would be), with advice that fits a markdown agent's
// frontmatter, a workflow's JSX or june.config.ts. The providers' keys are set or unset by each
// test, never taken from this machine's environment.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { openProject } from "../project/index.ts";
import { anthropic } from "../sdk/anthropic.ts";
import { apiKeySource } from "../sdk/index.ts";
import { openai } from "../sdk/openai.ts";
import { openaiCompatible } from "../sdk/openai-compatible.ts";
import { scripted } from "../sdk/scripted.ts";
import type { TraceNode } from "../trace/index.ts";
import { assembleLocal, loadLocalParts } from "./parts.ts";
import { workflowModelProblems } from "./model-problems.ts";
import type { Problem } from "./problem.ts";

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), "june-models-"));
  // Unset (blank counts as unset) unless a test sets one.
  vi.stubEnv("OPENAI_API_KEY", "");
  vi.stubEnv("ANTHROPIC_API_KEY", "");
});
afterEach(async () => {
  vi.unstubAllEnvs();
  await rm(folder, { recursive: true, force: true });
});

async function write(rel: string, text: string): Promise<string> {
  const path = join(folder, rel);
  await mkdir(join(path, ".."), { recursive: true });
  await writeFile(path, text);
  return path;
}

async function problemsOf(options: { isolate?: boolean } = {}): Promise<Problem[]> {
  if (options.isolate) return (await openProject(folder, { isolate: true })).problems;
  return assembleLocal(await loadLocalParts(folder, {})).problems;
}

const agentFile = (name: string, model?: string) =>
  `---\nname: ${name}\ndescription: Reviews\ntools: Read\n${model !== undefined ? `model: ${model}\n` : ""}---\nYou review.\n`;

const workflow = (agentProps: string, imports = "") => `import { Agent, Step } from "june";
${imports}
export default function Flow() {
  return (
    <Agent name="outer">
      <Agent name="writer"${agentProps}>
        <Step id="write" prompt="Write" />
      </Agent>
    </Agent>
  );
}
`;

const OPENAI = `import { openai } from "june/sdk/openai";`;
const SCRIPTED = `import { scripted } from "june/sdk/scripted";`;
const CONFIG_SCRIPTED = `import { defineConfig } from "june";\nimport { scripted } from "june/sdk/scripted";\nexport default defineConfig({ model: scripted([]) });\n`;
const CONFIG_OPENAI = `import { defineConfig } from "june";\nimport { openai } from "june/sdk/openai";\nexport default defineConfig({ model: openai("gpt-5-mini") });\n`;

describe("a markdown agent without a model", () => {
  it("is an error on its frontmatter's opening line when it has no `model:`, naming the values `model:` takes and the config's default", async () => {
    const file = await write(".claude/agents/reviewer.md", `\n${agentFile("reviewer")}`);
    expect(await problemsOf()).toEqual([{ severity: "error", code: "JUNE_NO_MODEL", file, line: 2, entryId: "markdown:reviewer", message: expect.any(String) }]);
    const [problem] = await problemsOf();
    expect(problem!.message).toContain(`${file}:2: the agent "reviewer" has no \`model:\` in its frontmatter`);
    expect(problem!.message).toMatch(/an alias \(fable, best, opus, sonnet, haiku\)/);
    expect(problem!.message).toContain('"openai:gpt-5-mini"');
    expect(problem!.message).toContain("`inherit`");
    expect(problem!.message).toContain('`model: openai("gpt-5-mini")` in june.config.ts');
  });

  it("is an error on the `model: inherit` line when the project has no default; the project's own aliases are named first", async () => {
    await write("june.config.ts", `import { defineConfig } from "june";\nexport default defineConfig({ modelAliases: { quick: "haiku" } });\n`);
    const file = await write(".claude/agents/reviewer.md", agentFile("reviewer", "inherit"));
    const problems = await problemsOf();
    expect(problems).toEqual([expect.objectContaining({ severity: "error", code: "JUNE_NO_MODEL", file, line: 5, entryId: "markdown:reviewer" })]);
    expect(problems[0]!.message).toContain(`${join(folder, "june.config.ts")} sets no \`model\``);
    expect(problems[0]!.message).toContain("an alias (quick, fable,");
  });

  it("is no problem when june.config.ts gives a default model (no field, or `inherit`)", async () => {
    await write("june.config.ts", CONFIG_SCRIPTED);
    await write(".claude/agents/a.md", agentFile("a"));
    await write(".claude/agents/b.md", agentFile("b", "inherit"));
    expect(await problemsOf()).toEqual([]);
  });
});

describe("a markdown agent whose model's key is not set", () => {
  it("`model: openai:gpt-5` without OPENAI_API_KEY is a warning on the `model:` line naming the variable, never a value", async () => {
    const file = await write(".claude/agents/writer.md", agentFile("writer", "openai:gpt-5"));
    const problems = await problemsOf();
    expect(problems).toEqual([expect.objectContaining({ severity: "warning", code: "JUNE_MISSING_API_KEY", file, line: 5, entryId: "markdown:writer" })]);
    expect(problems[0]!.message).toContain('`model: openai:gpt-5`, openai("gpt-5"), which needs the API key OPENAI_API_KEY');
    expect(problems[0]!.message).toContain("`export OPENAI_API_KEY=…`");
    expect(problems[0]!.message).toContain("name another model in its `model:`");
  });

  it("is no problem once the key is set; a Claude Code alias needs ANTHROPIC_API_KEY, and the value never shows", async () => {
    vi.stubEnv("OPENAI_API_KEY", "sk-secret-value");
    await write(".claude/agents/writer.md", agentFile("writer", "openai:gpt-5"));
    const file = await write(".claude/agents/quick.md", agentFile("quick", "haiku"));
    const problems = await problemsOf();
    expect(problems).toEqual([expect.objectContaining({ code: "JUNE_MISSING_API_KEY", file, line: 5, entryId: "markdown:quick" })]);
    expect(problems[0]!.message).toContain("ANTHROPIC_API_KEY");
    expect(JSON.stringify(problems)).not.toContain("sk-secret-value");
  });

  it("`model: gpt-5` (no provider) stays the field error it was, on its line, with no key warning besides", async () => {
    const file = await write(".claude/agents/writer.md", agentFile("writer", "gpt-5"));
    expect((await problemsOf()).map((p) => [p.code, p.file, p.line])).toEqual([["JUNE_AGENT_FIELD_INVALID", file, 5]]);
  });

  it("an agent on the config's default names june.config.ts's model and the variable", async () => {
    const config = await write("june.config.ts", CONFIG_OPENAI);
    const file = await write(".claude/agents/writer.md", agentFile("writer", "inherit"));
    const problems = await problemsOf();
    expect(problems).toEqual([expect.objectContaining({ severity: "warning", code: "JUNE_MISSING_API_KEY", file, line: 5 })]);
    expect(problems[0]!.message).toContain(`runs on ${config}'s default model, openai("gpt-5-mini"), which needs the API key OPENAI_API_KEY`);
  });
});

describe("a workflow agent without a model", () => {
  it("is an error at the <Agent>'s file:line:column, with the JSX to write and the config's default as the other way", async () => {
    const file = await write("flow.tsx", workflow(""));
    const problems = await problemsOf();
    expect(problems).toEqual([{ severity: "error", code: "JUNE_NO_MODEL", file, line: 6, column: 7, entryId: "workflow:flow.tsx", message: expect.any(String) }]);
    expect(problems[0]!.message).toContain(`${file}:6:7: the agent "writer" has steps but no model`);
    expect(problems[0]!.message).toContain('<Agent model={openai("gpt-5-mini")}> with import { openai } from "june/sdk/openai"');
    expect(problems[0]!.message).toContain('`model: openai("gpt-5-mini")` in june.config.ts');
  });

  it("an agent with only agents under it (no steps of its own) needs none; one with a config default needs none", async () => {
    await write("flow.tsx", workflow(` model={scripted([])}`, SCRIPTED));
    expect(await problemsOf()).toEqual([]);
    await write("flow.tsx", workflow(""));
    await write("june.config.ts", CONFIG_SCRIPTED);
    expect(await problemsOf()).toEqual([]);
  });

  it("a model written as a string is an error saying to use a helper", async () => {
    const file = await write("flow.tsx", workflow(` model={"gpt-5" as never}`));
    const problems = await problemsOf();
    expect(problems).toEqual([expect.objectContaining({ severity: "error", code: "JUNE_NO_MODEL", file, line: 6, column: 7 })]);
    expect(problems[0]!.message).toContain('names its model as the string "gpt-5"; June needs a model object: <Agent model={openai("gpt-5")}>');
  });

  it("is found isolated too (the CLI and the studio load workflows in workers)", async () => {
    const file = await write("flow.tsx", workflow(""));
    expect(await problemsOf({ isolate: true })).toEqual([expect.objectContaining({ code: "JUNE_NO_MODEL", file, line: 6, column: 7, entryId: "workflow:flow.tsx" })]);
  });
});

describe("a workflow whose provider's key is not set", () => {
  it("is a warning at the <Agent> naming the model and the variable, and how to pass a key from a variable of one's own", async () => {
    const file = await write("flow.tsx", workflow(` model={openai("gpt-5-mini")}`, OPENAI));
    const problems = await problemsOf();
    expect(problems).toEqual([{ severity: "warning", code: "JUNE_MISSING_API_KEY", file, line: 6, column: 7, entryId: "workflow:flow.tsx", message: expect.any(String) }]);
    expect(problems[0]!.message).toContain(`${file}:6:7: the agent "writer" runs on openai("gpt-5-mini"), which needs the API key OPENAI_API_KEY`);
    expect(problems[0]!.message).toContain("{ apiKey: process.env.MY_KEY }");
  });

  it("is no problem with the key in the environment, or in the model's settings", async () => {
    await write("flow.tsx", workflow(` model={openai("gpt-5-mini", { apiKey: "from-settings" })}`, OPENAI));
    expect(await problemsOf()).toEqual([]);
    vi.stubEnv("OPENAI_API_KEY", "set");
    await write("flow.tsx", workflow(` model={openai("gpt-5-mini")}`, OPENAI));
    expect(await problemsOf()).toEqual([]);
  });

  it("an agent without a model of its own, on a default whose key is not set, says it runs on june.config.ts's default", async () => {
    const config = await write("june.config.ts", CONFIG_OPENAI);
    await write("flow.tsx", workflow(""));
    const problems = await problemsOf({ isolate: true });
    expect(problems).toEqual([expect.objectContaining({ severity: "warning", code: "JUNE_MISSING_API_KEY", line: 6, column: 7, entryId: "workflow:flow.tsx" })]);
    expect(problems[0]!.message).toContain(`has no model of its own and runs on ${config}'s default, openai("gpt-5-mini")`);
  });
});

describe("workflowModelProblems (the check itself, the environment passed in)", () => {
  const agent = (id: string, children: TraceNode[] = [], kind: TraceNode["kind"] = "agent"): TraceNode => ({
    id, parentId: null, kind, name: id, status: "pending", startedAt: null, endedAt: null, usage: {} as TraceNode["usage"], children,
    source: { file: "f.tsx", line: 1, column: 1 },
  });
  const step = (id: string) => agent(id, [], "step");

  it("one warning per variable per entry; agents in a composite are checked for their own model's key only", () => {
    const a = agent("a", [step("s1")]);
    const b = agent("b", [step("s2")]);
    const inner = agent("inner", [step("s3")]);
    const root = agent("root", [a, b, agent("tool", [inner], "composite")], "run");
    const models = new Map<TraceNode, unknown>([[a, openai("gpt-5")], [b, openai("gpt-5-mini")]]);
    const problems = workflowModelProblems(root, models, "f.tsx", "workflow:f.tsx", { env: {} });
    expect(problems.map((p) => [p.code, p.message.includes('"a"')])).toEqual([["JUNE_MISSING_API_KEY", true]]);
    expect(workflowModelProblems(root, models, "f.tsx", "workflow:f.tsx", { env: { OPENAI_API_KEY: "k" } })).toEqual([]);
  });

  it("only June's provider helpers say which key they need: scripted and a keyless openaiCompatible need none", () => {
    expect(apiKeySource(openai("gpt-5"))).toMatchObject({ envVar: "OPENAI_API_KEY", model: 'openai("gpt-5")' });
    expect(apiKeySource(anthropic("claude-haiku-5-5"))).toMatchObject({ envVar: "ANTHROPIC_API_KEY" });
    expect(apiKeySource(openaiCompatible({ baseURL: "http://127.0.0.1:1/v1", model: "m", apiKeyEnv: "TOGETHER_API_KEY" }))).toMatchObject({ envVar: "TOGETHER_API_KEY" });
    expect(apiKeySource(openaiCompatible({ baseURL: "http://127.0.0.1:1/v1", model: "m" }))).toBeUndefined();
    expect(apiKeySource(scripted([]))).toBeUndefined();
    // Not a field of the model as data: nothing that copies or shows a model carries it.
    expect(Object.keys(openai("gpt-5"))).not.toContain("june.api-key-source");
  });
});
