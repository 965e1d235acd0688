// A markdown agent run on its own, end to end on a scripted model: what reaches the model (the
// body as the system prompt, the tools offered), its model references, its list of choices, and
// its turn cap. Sections: "Agent tools", "Claude Code compatibility", "Offering a choice of model
// or thinking level", "Turn cap (maxTurns)".
import type { LanguageModelV4, LanguageModelV4CallOptions } from "@ai-sdk/provider";
import { describe, expect, it } from "vitest";
import { isJuneError, run, toolSource } from "june";
import { scripted } from "june/sdk/scripted";
import { aTool } from "../../test/support/tree.ts";
import { parseAgentFile, type AgentDefinition } from "./agent-definition.ts";
import { markdownWorkflow, resolveAgent, toCallableAgent } from "./callable.ts";
import { resolveModelRef } from "./resolve-model.ts";

const file = "agents/triage.md";

function definition(frontmatter: string, body = "You sort issues.\nLabel each one."): AgentDefinition {
  const parsed = parseAgentFile(file, `---\nname: triage\ndescription: Sorts issues\n${frontmatter}\n---\n${body}\n`);
  if (!parsed.definition) throw new Error(JSON.stringify(parsed.diagnostics));
  return parsed.definition;
}

function thrown(fn: () => unknown) {
  try {
    fn();
  } catch (error) {
    if (isJuneError(error)) return error;
    throw error;
  }
  throw new Error("expected a JuneError");
}

const modelOf = (def: AgentDefinition, context = {}) => resolveAgent(def, context).agent?.settings.model as LanguageModelV4 | undefined;

describe("Agent tools: a markdown agent runs on its own", () => {
  it("the body reaches the system prompt, the task the user message, and the tools are offered", async () => {
    const model = scripted([{ toolCalls: [{ toolName: "search", input: { query: "login bug" } }] }, { text: "area: auth, urgent" }]);
    const def = definition("tools: search, MCP(github:create_issue)\nmodel: inherit");
    const github = toolSource({
      name: "github",
      kind: "mcp",
      load: async () => ({ mcp__github__create_issue: aTool("create_issue"), mcp__github__other: aTool("other") }),
    });
    const result = await run(markdownWorkflow(def, { registry: { search: aTool("search") }, mcp: { github } }, "Triage: login fails"), { model }).result;

    expect(result.status).toBe("succeeded");
    expect(result.steps).toEqual({ main: "area: auth, urgent" });
    expect(model.calls.map((c) => c.tools)).toEqual([
      ["mcp__github__create_issue", "search"],
      ["mcp__github__create_issue", "search"],
    ]);
    expect(model.calls[0]!.prompt[0]).toEqual({ role: "system", content: "You sort issues.\nLabel each one." });
    expect(JSON.stringify(model.calls[0]!.prompt[1])).toContain("Triage: login fails");
    expect(JSON.stringify(model.calls[1]!.prompt)).toContain("search: login bug");
    expect(result.trace.children[0]).toMatchObject({ kind: "agent", name: "triage" });
  });

  it("an agent that doesn't resolve throws one JuneError carrying every error, code of the first", () => {
    const error = thrown(() => markdownWorkflow(definition("tools: serch, MCP(jira)"), {}, "task"));
    expect(error.code).toBe("JUNE_UNKNOWN_TOOL");
    expect(error.message).toContain(`${file}:4: \`tools\` names "serch"`);
    expect(error.message).toContain('the MCP server "jira", which is not configured');
    expect(error.source).toEqual({ file, line: 4, column: 1 });
    expect(thrown(() => toCallableAgent(definition("tools: serch"))).code).toBe("JUNE_UNKNOWN_TOOL");
  });

  it("the model is told which of the tools its file names it doesn't have here", async () => {
    const model = scripted([{ text: "done" }]);
    await run(markdownWorkflow(definition("tools: WebFetch, TodoWrite, search"), { registry: { search: aTool("search") }, warn: () => {} }, "task"), { model }).result;
    expect(model.calls[0]!.tools).toEqual(["search"]);
    expect(model.calls[0]!.prompt[0]).toEqual({
      role: "system",
      content: "You sort issues.\nLabel each one.\n\nNot available in this environment: WebFetch, TodoWrite (Claude Code tools June doesn't provide). Don't try to call them; work with the tools you have.",
    });
  });

  it("warnings go to context.warn and the agent still builds", () => {
    const warned: string[] = [];
    markdownWorkflow(definition("tools: WebFetch"), { warn: (d) => warned.push(d.code) }, "task");
    expect(warned).toEqual(["JUNE_BUILTIN_SKIPPED"]);
  });
});

describe("Claude Code compatibility: models", () => {
  it("an alias becomes Anthropic's exact dated model, made with June's anthropic() helper (no key needed yet)", () => {
    const model = modelOf(definition("model: haiku"));
    expect([model?.provider, model?.modelId]).toEqual(["anthropic.messages", "claude-haiku-5-5"]);
  });

  it("openai:<id> goes through June's openai() helper", () => {
    const model = modelOf(definition("model: openai:gpt-5-mini"));
    expect(model?.modelId).toBe("gpt-5-mini");
    expect(model?.provider).toMatch(/^openai/);
  });

  it("an unknown provider is an error at the model line listing the supported ones", () => {
    const { agent, diagnostics } = resolveAgent(definition("model: mistral:large"));
    expect(agent).toBeUndefined();
    expect(diagnostics).toEqual([expect.objectContaining({ code: "JUNE_UNKNOWN_MODEL_PROVIDER", field: "model", line: 4 })]);
    expect(diagnostics[0]!.message).toContain('"mistral"');
    expect(diagnostics[0]!.message).toContain("Supported providers: anthropic, openai");
    expect(resolveModelRef("mistral:large")).toMatchObject({ ok: false, code: "JUNE_UNKNOWN_MODEL_PROVIDER" });
  });

  it("context.resolveModel, when given, resolves every reference (and its failure is the agent's error)", () => {
    const local = scripted([]);
    expect(modelOf(definition("model: ollama:llama3"), { resolveModel: (ref: string) => (ref === "ollama:llama3" ? local : undefined!) })).toBe(local);
    const { diagnostics } = resolveAgent(definition("model: ollama:x"), {
      resolveModel: () => {
        throw new Error("no such local model");
      },
    });
    expect(diagnostics[0]!.message).toContain("no such local model");
  });

  it("inherit (or no model) takes context.defaultModel; with none, the run's default model runs it", async () => {
    const fallback = scripted([]);
    expect(modelOf(definition("model: inherit"), { defaultModel: fallback })).toBe(fallback);
    expect(modelOf(definition(""))).toBeUndefined();
    const runDefault = scripted([{ text: "done" }]);
    const result = await run(markdownWorkflow(definition("model: inherit"), {}, "go"), { model: runDefault }).result;
    expect(result.status).toBe("succeeded");
    expect(runDefault.calls).toHaveLength(1);
  });
});

describe("Offering a choice of model or thinking level", () => {
  const listed = () => definition("model:\n  - opus\n  - openai:gpt-5\nreasoning: [medium, high]");

  it("without a pick the first entry runs", () => {
    expect(modelOf(listed())?.modelId).toBe("claude-opus-5-5");
    expect((resolveAgent(listed()).agent?.settings as { reasoning?: string }).reasoning).toBe("medium");
  });

  it("a pick on the list runs (written as the file writes it, alias or provider:model)", () => {
    expect((resolveAgent(listed(), {}, { model: "openai:gpt-5", reasoning: "high" }).agent?.settings.model as LanguageModelV4).modelId).toBe("gpt-5");
    expect((resolveAgent(listed(), {}, { model: "opus" }).agent?.settings.model as LanguageModelV4).modelId).toBe("claude-opus-5-5");
  });

  it("the thinking level reaches each model call as the AI SDK's `reasoning` setting", async () => {
    const model = scripted([{ text: "ok" }]);
    const seen: unknown[] = [];
    // The scripted model, observed at the provider interface: what the AI SDK passed it.
    const observed: LanguageModelV4 = Object.assign(Object.create(model) as LanguageModelV4, {
      doStream: (options: LanguageModelV4CallOptions) => {
        seen.push(options.reasoning);
        return model.doStream(options);
      },
    });
    await run(markdownWorkflow(listed(), { resolveModel: () => observed }, "go", { reasoning: "high" })).result;
    expect(seen).toEqual(["high"]);
  });

  it("a pick that is not on the list is refused: what an agent runs on is its file's decision", () => {
    const error = thrown(() => markdownWorkflow(listed(), {}, "task", { model: "sonnet" }));
    expect(error.code).toBe("JUNE_CHOICE_NOT_OFFERED");
    expect(error.message).toContain('doesn\'t offer model "sonnet"');
    expect(error.message).toContain('"anthropic:claude-opus-5-5", "openai:gpt-5"');
    const reasoning = resolveAgent(definition("reasoning: low"), {}, { reasoning: "high" });
    expect(reasoning.diagnostics[0]).toMatchObject({ code: "JUNE_CHOICE_NOT_OFFERED", field: "reasoning" });
  });
});

describe("Turn cap (maxTurns)", () => {
  const looping = () =>
    scripted(Array.from({ length: 6 }, (_, i) => ({ toolCalls: [{ toolName: "search", input: { query: `try ${i}` } }] })));

  it("maxTurns caps the agent's model calls", async () => {
    const model = looping();
    const result = await run(markdownWorkflow(definition("maxTurns: 2\ntools: search"), { registry: { search: aTool("search") } }, "go"), { model }).result;
    expect(result.status).toBe("succeeded");
    expect(model.calls).toHaveLength(2);
  });

  it("without maxTurns the cap is 20", async () => {
    const model = scripted(Array.from({ length: 25 }, () => ({ toolCalls: [{ toolName: "search", input: { query: "again" } }] })));
    await run(markdownWorkflow(definition("tools: search"), { registry: { search: aTool("search") } }, "go"), { model }).result;
    expect(model.calls).toHaveLength(20);
  });
});
