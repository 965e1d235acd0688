// The samples folder is the first project a new user opens: it must load with no errors, list
// every sample, and run each one offline to success, approvals approved, as `june run` and the
// studio would. Each sample is also checked for the point it exists to show.
import { readFile, rm } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { run, type RunResult, type TraceEvent, type TraceNode } from "june";
import { openProject, type Project } from "june/project";
import { startOpenAIServer } from "./fixtures/openai-server.ts";

const SAMPLES = fileURLToPath(new URL("../../samples/", import.meta.url));
const SANDBOX = `${SAMPLES}.june/sandbox`;

const WORKFLOWS = ["article.tsx", "fix.tsx", "nested.tsx", "release.tsx", "report.tsx", "summarize.tsx", "triage.tsx"];
const MARKDOWN = ["docs-writer", "fs-explorer", "intake", "lead", "reviewer"];

const PROMPTS: Record<string, string> = {
  "markdown:reviewer": "Review the samples' markdown files",
  "markdown:docs-writer": "Add a changelog entry for the slugify fix to CHANGELOG.md",
  "markdown:fs-explorer": "Where is the changelog?",
  "markdown:intake": "Take down my details",
  "markdown:lead": "Get the changelog reviewed and the README checked",
};

/** What the person fills in when an MCP server's form asks (intake's). */
const FORM = { name: "Ada Lovelace", email: "ada@example.com", integer: 7 };

const PROVIDER_ENV = ["OPENAI_API_KEY", "OPENAI_BASE_URL"] as const;
const savedEnv: Partial<Record<(typeof PROVIDER_ENV)[number], string>> = {};
let project: Project;

beforeAll(async () => {
  // Offline whatever the machine has: the samples pick a real model only when the key is set.
  for (const name of PROVIDER_ENV) {
    if (process.env[name] !== undefined) savedEnv[name] = process.env[name];
    delete process.env[name];
  }
  await rm(SANDBOX, { recursive: true, force: true });
  project = await openProject(SAMPLES);
}, 120_000);

afterAll(async () => {
  Object.assign(process.env, savedEnv);
  await rm(SANDBOX, { recursive: true, force: true });
});

interface Ran {
  result: RunResult;
  approvals: string[];
  nodes: TraceNode[];
}

/** Runs an entry with the project's defaults, approving every approval request. */
async function runEntry(id: string): Promise<Ran> {
  const input = id.startsWith("markdown:") ? PROMPTS[id] : {};
  const handle = run(project.element(id, input), { ...project.runDefaults, warn: () => {} });
  const approvals: string[] = [];
  for await (const event of handle.events as AsyncIterable<TraceEvent>) {
    if (event.type === "approval-requested") {
      approvals.push(event.approval.ask ? `${event.approval.ask.kind} of ${event.approval.toolName}` : event.approval.toolName);
      handle.approve(event.approval.approvalId, event.approval.ask?.kind === "elicitation" ? { content: FORM } : undefined);
    }
  }
  const result = await handle.result;
  expect(result.error, `${id} failed`).toBeUndefined();
  expect(result.status).toBe("succeeded");
  // Every offline model is priced (samples/june.config.ts), so every run shows what it would cost.
  expect(result.trace.cost?.unpricedCalls, `${id} has unpriced model calls`).toBe(0);
  if (result.usage.totalTokens > 0) expect(result.trace.cost?.usd).toBeGreaterThan(0);
  return { result, approvals, nodes: [...walk(result.trace)] };
}

function* walk(node: TraceNode): Generator<TraceNode> {
  yield node;
  for (const child of node.children) yield* walk(child);
}

const calls = (ran: Ran, kind: TraceNode["kind"] = "tool-call") => ran.nodes.filter((n) => n.kind === kind && n.status === "succeeded").map((n) => n.name);

/** The tool calls made under the step named `step`. */
function callsInStep(ran: Ran, step: string): string[] {
  const node = ran.nodes.find((n) => n.kind === "step" && n.name === step);
  expect(node, `step "${step}"`).toBeDefined();
  const toolCalls = node!.children.filter((n) => n.kind === "tool-call");
  expect(toolCalls.filter((n) => n.status !== "succeeded").map((n) => n.error?.message)).toEqual([]);
  return toolCalls.map((n) => n.name);
}

describe("the samples project", () => {
  it("opens with no errors", () => {
    const errors = project.problems.filter((p) => p.severity === "error");
    expect(errors, errors.map((p) => `${p.file ?? ""}:${p.line ?? ""} [${p.code}] ${p.message}`).join("\n")).toEqual([]);
  });

  it("lists every sample workflow and every markdown agent", () => {
    expect(project.entries.map((e) => e.id)).toEqual([...WORKFLOWS.map((f) => `workflow:${f}`), ...MARKDOWN.map((n) => `markdown:${n}`)]);
  });

  it("has a config with a default model, the fs and everything MCP servers, a tool policy and a default block", () => {
    expect(project.config?.model).toBeDefined();
    expect(Object.keys(project.config?.mcp ?? {})).toEqual(["fs", "everything"]);
    expect(project.runDefaults.policies).toHaveLength(1);
    expect(Object.keys(project.config?.blocks ?? {})).toEqual(["houseStyle"]);
  });
});

describe("each sample runs offline to success", () => {
  it("release: reads the changelog, and deploy asks for approval", async () => {
    const ran = await runEntry("workflow:release.tsx");
    expect(callsInStep(ran, "release")).toEqual(["readFile", "deploy"]);
    expect(ran.approvals).toEqual(["deploy"]);
    expect(ran.result.output).toMatch(/Deployed to staging/);
  });

  it("nested: the outer agent reads with readFile, the inner agent searches with its own search", async () => {
    const ran = await runEntry("workflow:nested.tsx");
    expect(callsInStep(ran, "outer")).toEqual(["readFile"]);
    expect(callsInStep(ran, "inner")).toEqual(["search"]);
    const inner = ran.nodes.find((n) => n.kind === "agent" && n.children.some((c) => c.name === "inner"))!;
    expect(inner.tools?.map((t) => t.name)).toEqual(["search"]);
    expect(ran.result.steps.outer).toMatch(/tiny-slug/);
  });

  it("fix: the <Files writable> bundle reads and writes, deploy asks, and the fix makes the test pass", async () => {
    const ran = await runEntry("workflow:fix.tsx");
    expect(callsInStep(ran, "fix")).toEqual(["readFile", "readFile", "writeFile", "deploy"]);
    expect(ran.approvals).toEqual(["deploy"]);
    const agent = ran.nodes.find((n) => n.kind === "agent")!;
    expect(agent.capabilities?.map((c) => c.source)).toEqual(['<Tool name="readFile"> in <Files>', '<Tool name="writeFile"> in <Files>', '<Tool name="deploy">']);
    // The write went to the sandbox, not the checked-in file; the sandboxed slugify passes the test.
    expect(await readFile(`${SAMPLES}repo/src/slugify.ts`, "utf8")).not.toContain("^-+|-+$");
    const fixed = (await import(`${SANDBOX}/repo/src/slugify.ts`)) as { slugify: (title: string) => string };
    expect(fixed.slugify("Hello, World!")).toBe("hello-world");
  });

  it("summarize: the inner agent reads README.md with the readFile it inherits, and has no deploy", async () => {
    const ran = await runEntry("workflow:summarize.tsx");
    expect(callsInStep(ran, "summarize")).toEqual(["readFile"]);
    const inner = ran.nodes.find((n) => n.kind === "agent" && n.children.some((c) => c.name === "summarize"))!;
    expect(inner.capabilities).toEqual([
      { name: "readFile", source: '<Inherit capabilities={["readFile"]}>', granted: '<Tool name="readFile"> in the enclosing <Agent>' },
    ]);
    expect(ran.result.output).toMatch(/covers:/);
  });

  it("triage: namespaced searches run, and only github_close asks for approval", async () => {
    const ran = await runEntry("workflow:triage.tsx");
    expect(callsInStep(ran, "triage")).toEqual(["github_search", "docs_search", "github_close"]);
    expect(ran.approvals).toEqual(["github_close"]);
    expect(ran.result.output).toMatch(/#42/);
  });

  it("report: the research tool runs its workflow under a composite node, whose agent searches", async () => {
    const ran = await runEntry("workflow:report.tsx");
    const composite = ran.nodes.find((n) => n.kind === "composite" && n.name === "research");
    expect(composite?.status).toBe("succeeded");
    expect([...walk(composite!)].filter((n) => n.kind === "tool-call").map((n) => n.name)).toEqual(["search"]);
    expect(ran.result.output).toMatch(/Suspense/);
  });

  it("article: the defined agent researcher runs as a composite with its private search", async () => {
    const ran = await runEntry("workflow:article.tsx");
    const composite = ran.nodes.find((n) => n.kind === "composite" && n.name === "researcher");
    expect(composite?.status).toBe("succeeded");
    expect([...walk(composite!)].filter((n) => n.kind === "tool-call").map((n) => n.name)).toEqual(["search"]);
    expect(ran.result.output).toMatch(/^# How Suspense works/);
  });

  it("reviewer (markdown): finds files with Glob and reads one with Read", async () => {
    const ran = await runEntry("markdown:reviewer");
    expect(calls(ran)).toEqual(["Glob", "Read"]);
  });

  it("docs-writer (markdown bundle): loads the skill the prompt needs as a block, then reads the file", async () => {
    const ran = await runEntry("markdown:docs-writer");
    expect(calls(ran, "block-load")).toEqual(["skills__changelog-style"]);
    expect(ran.result.blocksLoaded.map((b) => b.block)).toEqual(["skills__changelog-style"]);
    expect(calls(ran)).toEqual(["Glob", "Read"]);
    expect(ran.result.output).toMatch(/CHANGELOG\.md/);
    // The config's default block is injected next to the agent's own instructions.
    const firstCall = ran.nodes.find((n) => n.kind === "model-call")!;
    const system = (firstCall.input as { messages: { role: string; content: unknown }[] }).messages.find((m) => m.role === "system");
    expect(String(system?.content)).toMatch(/You write documentation[\s\S]*House style/);
  });

  it("fs-explorer (markdown): works through the fs MCP server's tools", async () => {
    const ran = await runEntry("markdown:fs-explorer");
    expect(calls(ran)).toEqual(["mcp__fs__list_directory", "mcp__fs__read_text_file"]);
    expect(ran.result.output).toMatch(/CHANGELOG\.md/);
  });

  it("intake (markdown): the everything server's form is asked under its tool call, and the answers come back", async () => {
    const ran = await runEntry("markdown:intake");
    expect(ran.approvals).toEqual(["mcp__everything__trigger-elicitation-request", "elicitation of mcp__everything__trigger-elicitation-request"]);
    expect(calls(ran)).toEqual(["mcp__everything__trigger-elicitation-request"]);
    expect(ran.result.output).toMatch(/Name: Ada Lovelace[\s\S]*Email: ada@example\.com[\s\S]*Favorite Integer: 7/);
  });
});

describe("lead (markdown orchestrator)", () => {
  it("keeps a todo list and hands the parts to the reviewer and the docs writer, each a nested agent run", async () => {
    const ran = await runEntry("markdown:lead");
    const main = ran.nodes.find((n) => n.kind === "step" && n.name === "main")!;
    expect(main.children.filter((n) => n.kind === "tool-call").map((n) => n.name)).toEqual(["TodoWrite", "Agent", "TodoWrite", "Agent", "TodoWrite"]);
    const delegated = ran.nodes.filter((n) => n.kind === "composite").map((n) => n.name);
    expect(delegated).toEqual(["Agent:reviewer", "Agent:docs-writer"]);
    const reviewer = ran.nodes.find((n) => n.kind === "composite" && n.name === "Agent:reviewer")!;
    expect([...walk(reviewer)].filter((n) => n.kind === "tool-call").map((n) => n.name)).toEqual(["Glob", "Read"]);
    // The delegated agents run with their own blocks: the docs writer loads its skill.
    const writer = ran.nodes.find((n) => n.kind === "composite" && n.name === "Agent:docs-writer")!;
    expect([...walk(writer)].some((n) => n.kind === "block-load")).toBe(true);
    const lastList = main.children.filter((n) => n.name === "TodoWrite").at(-1)!.input as { todos: { status: string }[] };
    expect(lastList.todos.map((t) => t.status)).toEqual(["completed", "completed"]);
    expect(ran.result.output).toMatch(/The reviewer reported: [\s\S]*The docs-writer reported:/);
  });

  it("is drawn with the agents it can hand tasks to, nested under it", () => {
    const entry = project.entries.find((e) => e.id === "markdown:lead")!;
    const agent = entry.tree!.children[0]!;
    expect(agent.tools?.map((t) => t.name)).toEqual(["TodoWrite", "Read", "Agent"]);
    expect(agent.children.filter((n) => n.kind === "composite").map((n) => n.name)).toEqual(["Agent:docs-writer", "Agent:reviewer"]);
  });
});

describe("with OPENAI_API_KEY set", () => {
  it("a sample runs on OpenAI instead (the real provider, over a loopback server speaking its API)", async () => {
    const server = await startOpenAIServer([
      { toolCalls: [{ name: "readFile", arguments: { path: "CHANGELOG.md" } }] },
      { toolCalls: [{ name: "deploy", arguments: { env: "staging" } }] },
      { text: "Deployed 1.4.0 to staging." },
    ]);
    process.env.OPENAI_API_KEY = "sk-test";
    process.env.OPENAI_BASE_URL = server.url;
    try {
      const ran = await runEntry("workflow:release.tsx");
      expect(ran.result.output).toBe("Deployed 1.4.0 to staging.");
      expect(ran.approvals).toEqual(["deploy"]);
      expect(server.requests.map((r) => r.body.model)).toEqual(["gpt-5-mini", "gpt-5-mini", "gpt-5-mini"]);
      expect(JSON.stringify(server.requests[1]!.body.input)).toContain("## 1.4.0");
    } finally {
      delete process.env.OPENAI_API_KEY;
      delete process.env.OPENAI_BASE_URL;
      await server.close();
    }
  });
});
