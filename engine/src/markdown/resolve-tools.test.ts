// Routecraft "Agent tools" as a markdown agent's `tools:` resolves, and the Claude Code rule for
// built-ins June lacks. Asserted on what inspect() says the agent is offered; MCP servers are real
// ToolSources (the interface `mcpServer` implements) whose tools are named mcp__<server>__<tool>.
import { describe, expect, it } from "vitest";
import { inspect, toolSource, type ToolSource } from "june";
import { aTool, agentOfStep, errorOf, toolNames } from "../../test/support/tree.ts";
import { parseAgentFile, type AgentDefinition } from "./agent-definition.ts";
import { markdownWorkflow } from "./callable.ts";
import type { MarkdownContext } from "./context.ts";
import type { Diagnostic } from "./diagnostic.ts";
import { resolveAgentTools } from "./resolve-tools.ts";

const file = "agents/dev.md";

function definition(frontmatter: string): AgentDefinition {
  const parsed = parseAgentFile(file, `---\nname: dev\ndescription: Writes code\n${frontmatter}\n---\nYou write code.`);
  if (!parsed.definition) throw new Error(JSON.stringify(parsed.diagnostics));
  return parsed.definition;
}

/** A ToolSource of kind "mcp", as `mcpServer(name, config)` makes one; counts its loads. */
function fakeServer(server: string, tools: string[]): ToolSource & { loads: number; closed: number } {
  const source = toolSource({
    name: server,
    kind: "mcp",
    load: async () => {
      source.loads++;
      return {
        tools: Object.fromEntries(tools.map((t) => [`mcp__${server}__${t}`, aTool(t)])),
        origins: Object.fromEntries(tools.map((t) => [`mcp__${server}__${t}`, { server, tool: t }])),
        close: () => {
          source.closed++;
        },
      };
    },
  }) as ToolSource & { loads: number; closed: number };
  source.loads = 0;
  source.closed = 0;
  return source;
}

/** What the agent is offered, by inspect(); warnings collected. */
async function offered(frontmatter: string, context: MarkdownContext) {
  const warnings: Diagnostic[] = [];
  const tree = await inspect(markdownWorkflow(definition(frontmatter), { ...context, warn: (d) => warnings.push(d) }, "task"));
  return { tools: toolNames(agentOfStep(tree, "main")), warnings, tree };
}

const search = aTool("search");
const github = () => fakeServer("github", ["search_issues", "create_issue", "delete_repo"]);

describe("Agent tools", () => {
  it("a plain name resolves against the project's registry first, then June's Claude built-ins", async () => {
    const mine = aTool("my Read");
    const result = resolveAgentTools(definition("tools: Read, Grep, search"), {
      registry: { Read: mine, search },
      builtins: { Read: aTool("builtin Read"), Grep: aTool("builtin Grep") },
    });
    expect(result.diagnostics).toEqual([]);
    expect(result.capabilities.map((c) => [c.props.name, c.props.value.description])).toEqual([
      ["Read", "the my Read tool"],
      ["Grep", "the builtin Grep tool"],
      ["search", "the search tool"],
    ]);
  });

  it("a name that is neither registered nor a Claude built-in is an error naming the file, field and name", () => {
    const { diagnostics } = resolveAgentTools(definition("tools: search, Serch"), { registry: { search } });
    expect(diagnostics).toEqual([
      expect.objectContaining({ severity: "error", code: "JUNE_UNKNOWN_TOOL", file, field: "tools", line: 4 }),
    ]);
    expect(diagnostics[0]!.message).toContain(`${file}:4`);
    expect(diagnostics[0]!.message).toContain('"Serch"');
    expect(diagnostics[0]!.message).toContain('Available: "search"');
  });

  it("a name differing only in case is suggested", () => {
    const { diagnostics } = resolveAgentTools(definition("tools: Search"), { registry: { search } });
    expect(diagnostics[0]!.message).toContain('Did you mean "search"?');
  });

  it("MCP(server) gives every tool the server offers", async () => {
    const { tools } = await offered("tools: MCP(github)", { mcp: { github: github() } });
    expect(tools).toEqual(["mcp__github__search_issues", "mcp__github__create_issue", "mcp__github__delete_repo"]);
  });

  it("mcp__server and mcp__server__* are the raw forms of the same", async () => {
    for (const ref of ["mcp__github", "mcp__github__*", "MCP(github:*)"]) {
      expect((await offered(`tools: ${ref}`, { mcp: { github: github() } })).tools).toHaveLength(3);
    }
  });

  it("MCP(server:tool) and mcp__server__tool give one tool, by its wire name", async () => {
    const { tools, tree } = await offered("tools: MCP(github:search_issues), mcp__github__create_issue", { mcp: { github: github() } });
    expect(tools).toEqual(["mcp__github__search_issues", "mcp__github__create_issue"]);
    expect(agentOfStep(tree, "main").capabilities?.map((c) => c.source)).toEqual([
      '<Tools from="MCP(github:create_issue,search_issues)">',
      '<Tools from="MCP(github:create_issue,search_issues)">',
    ]);
  });

  it("picking tools of one server still opens it once, and closes it", async () => {
    const server = github();
    await offered("tools: MCP(github:search_issues), MCP(github:create_issue)", { mcp: { github: server } });
    expect([server.loads, server.closed]).toEqual([1, 1]);
  });

  it("a picked tool the server doesn't offer fails the load, naming what it offers", async () => {
    const error = await errorOf(markdownWorkflow(definition("tools: MCP(github:serch_issues)"), { mcp: { github: github() } }, "task"));
    expect(error.code).toBe("JUNE_CAPABILITY_FAILED");
    expect(error.message).toContain('offers no tool "mcp__github__serch_issues"');
    expect(error.message).toContain('"mcp__github__search_issues"');
  });

  it("an unknown MCP server is an error naming it and the configured servers", () => {
    const { diagnostics } = resolveAgentTools(definition("tools: MCP(gitlab:search)"), { mcp: { github: github(), linear: fakeServer("linear", []) } });
    expect(diagnostics).toEqual([expect.objectContaining({ code: "JUNE_UNKNOWN_MCP_SERVER", field: "tools", line: 4 })]);
    expect(diagnostics[0]!.message).toContain('"gitlab"');
    expect(diagnostics[0]!.message).toContain('Configured servers: "github", "linear"');
  });

  it("disallowedTools removes from the agent's own list: a tool, one server tool, a whole server", async () => {
    const linear = fakeServer("linear", ["list"]);
    const { tools, warnings } = await offered("tools: search, MCP(github), MCP(linear)\ndisallowedTools: search, mcp__github__delete_repo, MCP(linear)", {
      registry: { search },
      mcp: { github: github(), linear },
    });
    expect(tools).toEqual(["mcp__github__search_issues", "mcp__github__create_issue"]);
    expect(warnings).toEqual([]);
    expect(linear.loads).toBe(0);
  });

  it("a disallowed entry the agent doesn't declare is a warning: it can't narrow anything else", async () => {
    const { tools, warnings } = await offered("tools: search\ndisallowedTools: Write", { registry: { search } });
    expect(tools).toEqual(["search"]);
    expect(warnings).toEqual([expect.objectContaining({ code: "JUNE_DISALLOWED_UNMATCHED", field: "disallowedTools", line: 5 })]);
  });

  it("a tool listed twice is given once", async () => {
    expect((await offered("tools: [search, search]", { registry: { search } })).tools).toEqual(["search"]);
  });
});

describe("Claude Code compatibility: unimplemented built-ins are skipped, not fatal", () => {
  it("a Claude built-in June doesn't provide is dropped with a warning; the agent loads with the rest", async () => {
    const { tools, warnings } = await offered("tools: Read, WebFetch, search", {
      registry: { search },
      builtins: { Read: aTool("Read") },
      knownBuiltins: ["WebFetch", "WebSearch"],
    });
    expect(tools).toEqual(["Read", "search"]);
    expect(warnings).toEqual([expect.objectContaining({ severity: "warning", code: "JUNE_BUILTIN_SKIPPED", field: "tools", line: 4 })]);
    expect(warnings[0]!.message).toContain('"WebFetch" is a Claude Code built-in June doesn\'t provide');
  });

  it("the check runs against the registry: a tool registered under a built-in's name resolves", async () => {
    const { tools, warnings } = await offered("tools: WebFetch", { registry: { WebFetch: aTool("fetch") }, knownBuiltins: ["WebFetch"] });
    expect(tools).toEqual(["WebFetch"]);
    expect(warnings).toEqual([]);
  });

  it("with no built-in lists given, every Claude Code tool name counts as a known gap", () => {
    const { diagnostics } = resolveAgentTools(definition("tools: Read, Grep, Bash, KillShell"), {});
    expect(diagnostics.map((d) => [d.severity, d.code])).toEqual(Array(4).fill(["warning", "JUNE_BUILTIN_SKIPPED"]));
  });

  it("WebSearch without a search provider is a warning that says what to add to june.config.ts", () => {
    const { diagnostics, unavailable } = resolveAgentTools(definition("tools: Read, WebSearch"), { builtins: { Read: aTool("Read") } });
    expect(diagnostics).toEqual([expect.objectContaining({ severity: "warning", code: "JUNE_BUILTIN_SKIPPED" })]);
    expect(diagnostics[0]!.message).toContain('runs without WebSearch: WebSearch needs a search provider');
    expect(diagnostics[0]!.message).toContain('webSearch: { provider: "brave" }');
    expect(unavailable).toEqual(["WebSearch"]);
  });

  it("Claude Code's newer built-ins (TaskCreate, SendMessage, TeamCreate, …) are known gaps too, never hard errors", () => {
    const { diagnostics } = resolveAgentTools(definition("tools: TaskCreate, TaskList, TaskGet, TaskUpdate, SendMessage, TeamCreate, TeamDelete"), {});
    expect(diagnostics.map((d) => [d.severity, d.code])).toEqual(Array(7).fill(["warning", "JUNE_BUILTIN_SKIPPED"]));
  });

  it("a Claude permission rule such as Bash(git diff:*) can't be enforced, so the tool is not given", async () => {
    const { tools, warnings } = await offered("tools: Bash(git diff:*), search", { registry: { search }, builtins: { Bash: aTool("Bash") } });
    expect(tools).toEqual(["search"]);
    expect(warnings).toEqual([expect.objectContaining({ code: "JUNE_TOOL_PATTERN_SKIPPED" })]);
    expect(warnings[0]!.message).toContain('List "Bash" to give it without the restriction');
  });

  it("a call-like entry that names no known tool is an error, like any typo", () => {
    const { diagnostics } = resolveAgentTools(definition("tools: Serch(x)"), {});
    expect(diagnostics).toEqual([expect.objectContaining({ severity: "error", code: "JUNE_UNKNOWN_TOOL" })]);
  });
});
