// A markdown agent as June agents: a callable agent (declared inside a JSX <Agent> like any
// defineAgent) and a workflow of its own (run with a prompt, as the studio does).
import { stepCountIs } from "ai";
import { z } from "zod";
import { defineAgent, type AgentSettings, type CallableAgent } from "../capabilities/index.ts";
import { JuneError, type JuneErrorCode } from "../errors/index.ts";
import type { JuneElement } from "../jsx/index.ts";
import { jsx } from "../jsx/jsx-runtime.ts";
import { Agent, Step } from "../workflow/index.ts";
import type { AgentDefinition } from "./agent-definition.ts";
import type { ReasoningLevel } from "./agent-fields.ts";
import type { MarkdownContext } from "./context.ts";
import { errorAt, fileLine, formatDiagnostic, hasErrors, type Diagnostic } from "./diagnostic.ts";
import { modelReference } from "./model-alias.ts";
import { resolveModelRef } from "./resolve-model.ts";
import { resolveAgentTools } from "./resolve-tools.ts";

/** A markdown agent called as a tool: the calling model passes the task as `prompt`. */
export type MarkdownAgent = CallableAgent<{ prompt: string }>;

/** What a person picked from the agent's `model`/`reasoning` lists; refused when not on them. */
export interface AgentChoice {
  model?: string;
  reasoning?: ReasoningLevel;
}

/** A definition resolved against a context: the agent's settings and capability elements. */
export interface ResolvedMarkdownAgent {
  definition: AgentDefinition;
  /** model (when the file or the context gives one), instructions, stopWhen = the turn cap, reasoning. */
  settings: AgentSettings;
  capabilities: JuneElement[];
}

const PROMPT_INPUT = z.object({ prompt: z.string().describe("The task for the agent") });

/**
 * Resolves a definition's model and tools against a context. Never throws for a user's mistake:
 * an unknown tool, MCP server or model provider is an error diagnostic, and then no agent.
 *
 * @example
 * const { agent, diagnostics } = resolveAgent(definition, { registry: { search }, defaultModel });
 * agent?.capabilities; // [<Tool name="search" value={search} />]
 */
export function resolveAgent(
  definition: AgentDefinition,
  context: MarkdownContext = {},
  choice: AgentChoice = {},
): { agent?: ResolvedMarkdownAgent; diagnostics: Diagnostic[] } {
  const { capabilities, diagnostics, unavailable, undelegated, guard } = resolveAgentTools(definition, context);
  const place = (field: string) => ({ file: definition.file, field, line: definition.lines[field], column: 1 });
  const modelRef = choose(definition, "model", choice.model, diagnostics);
  const reasoning = choose(definition, "reasoning", choice.reasoning, diagnostics);

  const settings: AgentSettings = { stopWhen: stepCountIs(definition.maxTurns) };
  const instructions = [definition.instructions, unavailableNote(unavailable), undelegatedNote(undelegated)].filter((part) => part !== "").join("\n\n");
  if (instructions !== "") settings.instructions = instructions;
  if (modelRef !== undefined) {
    const resolved = resolveModelRef(modelRef, context);
    if (resolved.ok) settings.model = resolved.model;
    else diagnostics.push(errorAt(place("model"), resolved.code, `june: ${fileLine(place("model"))}: \`model\`: ${resolved.message}.`));
  } else if (context.defaultModel !== undefined) {
    settings.model = context.defaultModel;
  }
  // The AI SDK's own `reasoning` call setting; an agent's settings reach each step's tool loop as is.
  if (reasoning !== undefined) Object.assign(settings, { reasoning });
  // Claude Code's Stop hooks (SubagentStop for a delegated agent) may send the agent on.
  const stopHook = guard?.stopHook(context.subagents ? "Stop" : "SubagentStop");
  // A Stop hook may send the agent on, but never past its turn cap: one that always blocks would
  // otherwise run it forever (each continuation restarts the SDK's step count).
  if (stopHook) settings.onStepStop = (event) => (event.turns >= definition.maxTurns ? Promise.resolve({ checks: [] }) : stopHook(event));
  // Only the person's own prompt is a submitted prompt: a delegated agent's brief is not.
  const onStepStart = context.subagents ? guard?.startHook() : undefined;
  if (onStepStart) settings.onStepStart = onStepStart;
  if (hasErrors(diagnostics)) return { diagnostics };
  return { agent: { definition, settings, capabilities }, diagnostics };
}

/**
 * What the model is told of the tools its file names that it doesn't have here, so it doesn't
 * plan around them ("" when it has them all): Claude Code's prompt would offer them.
 */
function unavailableNote(names: readonly string[]): string {
  if (names.length === 0) return "";
  const list = names.join(", ");
  return `Not available in this environment: ${list} (Claude Code tools June doesn't provide). Don't try to call ${names.length === 1 ? "it" : "them"}; work with the tools you have.`;
}

/**
 * What a delegated agent whose file lists `Agent` (or `Task`) is told: as in Claude Code, an agent
 * another agent handed a task to can't hand it on ("" when its file lists neither).
 */
function undelegatedNote(names: readonly string[]): string {
  if (names.length === 0) return "";
  return `You are running as a delegated agent, so you can't hand tasks to other agents (${names.join(", ")} is not available); do the task yourself with the tools you have.`;
}

/**
 * A markdown agent as a callable agent: declare it inside an `<Agent>` and the calling model
 * gets one tool, named after the agent, taking `{ prompt }`. Throws a JuneError (the first
 * error's code, every error in the message) when the definition doesn't resolve; warnings go
 * to `context.warn` (default console.warn).
 *
 * @example
 * const { definitions } = await loadAgentDefinitions(".claude/agents");
 * const Reviewer = toCallableAgent(definitions.find((d) => d.name === "reviewer")!, { registry: { search } });
 * // <Agent model={model}><Reviewer /><Step id="ship" prompt="Review, then summarise" /></Agent>
 */
export function toCallableAgent(definition: AgentDefinition, context: MarkdownContext = {}): MarkdownAgent {
  return callableAgent(settle(resolveAgent(definition, context), context));
}

/**
 * The callable agent of an already resolved definition, for a caller that has handled the
 * diagnostics itself (as `agents()` does); `blocks` are its system-context blocks (a project's
 * CLAUDE.md, its skills).
 *
 * @example
 * const { agent, diagnostics } = resolveAgent(definition, context);
 * if (agent) team[definition.name] = callableAgent(agent);
 */
export function callableAgent(agent: ResolvedMarkdownAgent, blocks?: Record<string, unknown>): MarkdownAgent {
  const { definition, settings, capabilities } = agent;
  return defineAgent({
    ...settings,
    name: definition.toolName,
    description: definition.description,
    input: PROMPT_INPUT,
    prompt: ({ prompt }) => prompt,
    capabilities: () => capabilities,
    ...(blocks ? { blocks } : {}),
  });
}

/**
 * A markdown agent as a workflow of its own, to run with a task:
 * `<Agent name model instructions stopWhen>{tools}<Step id="main" prompt={prompt} /></Agent>`.
 * `choice` picks from the file's `model`/`reasoning` lists (JUNE_CHOICE_NOT_OFFERED otherwise).
 *
 * @example
 * const handle = run(markdownWorkflow(definition, { registry: { search } }, "Triage issue #12"));
 * const { steps } = await handle.result; // steps.main: the agent's answer
 */
export function markdownWorkflow(definition: AgentDefinition, context: MarkdownContext, prompt: string, choice: AgentChoice = {}): JuneElement {
  const { settings, capabilities } = settle(resolveAgent(definition, context, choice), context);
  return jsx(Agent, {
    ...settings,
    name: definition.name,
    children: [...capabilities, jsx(Step, { id: "main", prompt })],
  });
}

/** The agent, with warnings reported; or a JuneError carrying every error. */
function settle(result: { agent?: ResolvedMarkdownAgent; diagnostics: Diagnostic[] }, context: MarkdownContext): ResolvedMarkdownAgent {
  const errors = result.diagnostics.filter((d) => d.severity === "error");
  if (!result.agent || errors.length > 0) {
    const first = errors[0];
    throw new JuneError(
      // Only warnings carry codes of their own; every error's code is a JuneErrorCode.
      (first?.code ?? "JUNE_INTERNAL") as JuneErrorCode,
      errors.map((e) => e.message).join("\n") || "june: the agent could not be resolved.",
      first?.line !== undefined ? { source: { file: first.file, line: first.line, column: first.column ?? 1 } } : undefined,
    );
  }
  const warn = context.warn ?? ((d: Diagnostic) => console.warn(formatDiagnostic(d)));
  for (const diagnostic of result.diagnostics) warn(diagnostic);
  return result.agent;
}

/** The file's first entry, or a picked one that must be on the file's list. */
function choose<K extends "model" | "reasoning">(
  definition: AgentDefinition,
  field: K,
  picked: string | undefined,
  diagnostics: Diagnostic[],
): string | undefined {
  const first = definition[field];
  if (picked === undefined) return first;
  const offered = (field === "model" ? definition.models : definition.reasoningLevels) ?? (first !== undefined ? [first] : []);
  // A picked model may be written as the file writes them: an alias, or provider:model.
  const reference = field === "model" ? modelReference(picked) : undefined;
  const wanted = reference?.ok ? reference.ref : picked;
  if (wanted !== undefined && offered.includes(wanted)) return wanted;
  const place = { file: definition.file, field, line: definition.lines[field], column: 1 };
  diagnostics.push(
    errorAt(place, "JUNE_CHOICE_NOT_OFFERED",
      `june: the agent "${definition.name}" (${fileLine(place)}) doesn't offer ${field} ${JSON.stringify(picked)}; ` +
        `${offered.length > 1 ? `it offers ${offered.map((o) => JSON.stringify(o)).join(", ")}` : "its file offers no choice of " + field}. ` +
        "What an agent runs on is its file's decision: add the entry to the file's list to offer it."),
  );
  return first;
}
