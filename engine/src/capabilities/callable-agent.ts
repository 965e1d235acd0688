// defineAgent: an agent other agents declare as a capability and call as one tool. Calling it
// runs the agent as a run of its own, with its own model, instructions and private capabilities.
import type { FlexibleSchema, LanguageModel, OutputInterface, StopCondition, ToolSet } from "ai";
import { KIND, marked, type JuneNode } from "../jsx/index.ts";
import type { StepStartHook, StepStopHook } from "./call-host.ts";

export const CALLABLE = Symbol.for("june.callable-agent");

/** Model settings an agent passes to each step's tool loop. */
export interface AgentSettings {
  model?: LanguageModel;
  instructions?: string;
  stopWhen?: StopCondition<ToolSet> | StopCondition<ToolSet>[];
  temperature?: number;
  topP?: number;
  topK?: number;
  seed?: number;
  maxOutputTokens?: number;
  maxRetries?: number;
  presencePenalty?: number;
  frequencyPenalty?: number;
  stopSequences?: string[];
  headers?: Record<string, string>;
  providerOptions?: Record<string, Record<string, any>>;
  /** Called when the model ends a step; may make the agent go on (a Claude Code project's Stop hooks). */
  onStepStop?: StepStopHook;
  /** Called before a step's first model call; may add to its prompt or block it (a Claude Code project's UserPromptSubmit hooks). */
  onStepStart?: StepStartHook;
}

export interface CallableAgentConfig<INPUT> extends AgentSettings {
  /** The tool name the calling model sees. */
  name: string;
  description: string;
  input: FlexibleSchema<INPUT>;
  /** Builds the agent's prompt from the input alone; the caller's conversation never crosses. */
  prompt: (input: INPUT) => string;
  /** The agent's private capabilities, incl. <Inherit> to take named tools from the caller. */
  capabilities?: () => JuneNode;
  /** An AI SDK output, e.g. `Output.object({ schema })`; the caller gets the parsed object. */
  output?: OutputInterface<any, any>;
  /** Blocks of the agent's system context (see <Agent blocks>). */
  blocks?: Record<string, unknown>;
}

export type CallableAgent<INPUT> = ((props: {}) => JuneNode) & {
  [CALLABLE]: CallableAgentConfig<INPUT>;
};

/**
 * Makes a callable agent.
 *
 * @example
 * const Researcher = defineAgent({
 *   name: "researcher",
 *   description: "Researches a question and reports what it found",
 *   input: z.object({ question: z.string() }),
 *   model: openai("gpt-5-mini"),
 *   prompt: ({ question }) => `Research: ${question}`,
 *   capabilities: () => <Tool name="search" value={searchWeb} />,
 * });
 * // <Agent model={writer}><Researcher /><Step id="write" prompt="…" /></Agent>
 */
export function defineAgent<INPUT>(config: CallableAgentConfig<INPUT>): CallableAgent<INPUT> {
  const agent = marked("callable-agent", config.name, (_props: {}): JuneNode => null) as unknown as CallableAgent<INPUT>;
  agent[CALLABLE] = config;
  return agent;
}

export function callableConfig(type: unknown): CallableAgentConfig<unknown> | undefined {
  return typeof type === "function" && (type as { [KIND]?: string })[KIND] === "callable-agent"
    ? (type as CallableAgent<unknown>)[CALLABLE]
    : undefined;
}
