// <Delegate>: one tool through which the model hands a task to one of several defined agents by
// name — Claude Code's `Agent` (formerly `Task`) tool. Each call runs the chosen agent as a run of
// its own inside the calling run, exactly as calling that defined agent's own tool would: its
// approvals are asked there, abort carries across, and its trace hangs under the tool call.
import { tool, type Tool as AiTool, type ToolExecutionOptions } from "ai";
import { z } from "zod";
import { JuneError } from "../errors/index.ts";
import { marked, type JuneNode } from "../jsx/index.ts";
import { callableConfig, type CallableAgent, type CallableAgentConfig } from "./callable-agent.ts";
import { modelOutput, type CompositeRunner } from "./composite.ts";
import type { Declaration } from "./declaration.ts";
import type { Scope } from "./scope.ts";

/** A defined agent a `<Delegate>` can hand a task to: it takes the task as `prompt`. */
export type DelegateAgent = CallableAgent<{ prompt: string }>;

export interface DelegateProps {
  /** The tool name the model sees (Claude Code's is `Agent`; older files call it `Task`). */
  name: string;
  /** The agents on offer, each by its own name (`subagent_type`). */
  agents: readonly DelegateAgent[];
  /** What the model reads first; the list of agents and what each is for follows it. */
  description?: string;
  /**
   * Whether inspect() draws each offered agent under the declaring one (default true); false
   * leaves them to the tool's description (the agents are drawn where they are declared).
   */
  inspectAgents?: boolean;
  /**
   * Wraps the tool once made (a Claude Code project's permissions and hooks, which may match
   * `Agent`): it must call the tool's execute in the same tick it is called, as a guard does.
   */
  wrap?: (tool: AiTool<any, any>) => AiTool<any, any>;
}

/**
 * Declares a tool that runs one of `agents`, picked by the model by name, on a task it writes.
 * The input is Claude Code's: `{ description, prompt, subagent_type }`.
 *
 * @example
 * const Reviewer = defineAgent({ name: "reviewer", description: "Reviews a diff", input: z.object({ prompt: z.string() }), prompt: ({ prompt }) => prompt });
 * <Agent model={model}>
 *   <Delegate name="Agent" agents={[Reviewer, Tester]} />
 *   <Step id="ship" prompt="Get the change reviewed and tested" />
 * </Agent>
 */
export const Delegate = marked("delegate", "Delegate", (_props: DelegateProps): JuneNode => null);

const DEFAULT_DESCRIPTION =
  "Hand a self-contained task to one of the agents below, which works on it on its own (with its own tools and instructions) " +
  "and reports back once, in its final message. Write the prompt as a complete brief: the agent sees nothing of this conversation. " +
  "Set subagent_type to the agent's name.";

/** The agents of a `<Delegate>`, by name; throws JUNE_INVALID_PROPS naming what is wrong. */
export function delegateAgents(props: DelegateProps, label: string): Map<string, CallableAgentConfig<{ prompt: string }>> {
  if (!Array.isArray(props.agents)) throw new JuneError("JUNE_INVALID_PROPS", `june: ${label} needs agents={[...]}, a list of defined agents.`);
  const byName = new Map<string, CallableAgentConfig<{ prompt: string }>>();
  for (const agent of props.agents) {
    const config = callableConfig(agent) as CallableAgentConfig<{ prompt: string }> | undefined;
    if (!config) throw new JuneError("JUNE_INVALID_PROPS", `june: ${label} lists something that is not a defined agent (defineAgent({...})).`);
    if (byName.has(config.name)) throw new JuneError("JUNE_INVALID_PROPS", `june: ${label} lists two agents named ${JSON.stringify(config.name)}.`);
    byName.set(config.name, config);
  }
  return byName;
}

/** The model's view of the agents: one line each, name then what it is for. */
export function delegateDescription(props: DelegateProps, agents: Map<string, CallableAgentConfig<{ prompt: string }>>): string {
  const lines = [...agents.values()].map((a) => `- ${a.name}: ${a.description.replace(/\s+/g, " ").trim()}`);
  return `${props.description ?? DEFAULT_DESCRIPTION}\n\nAvailable agents (subagent_type):\n${lines.length ? lines.join("\n") : "(none)"}`;
}

/** The step-id prefix and node name of a delegated agent's run: `Agent:reviewer`. */
export function delegatedName(toolName: string, agent: string): string {
  return `${toolName}:${agent}`;
}

/** The AI SDK tool for a `<Delegate>`; `caller` and `toolName` are read at call time. */
export function delegateTool(declaration: Declaration, runner: CompositeRunner, caller: () => Scope, toolName: () => string): AiTool<any, any> {
  const props = declaration.element.props as DelegateProps;
  const agents = delegateAgents(props, declaration.label);
  const names = [...agents.keys()];
  const input = z.object({
    description: z.string().describe("A short (3-5 word) label for the task"),
    prompt: z.string().describe("The task for the agent: a complete brief, since it sees nothing else"),
    subagent_type: z.string().describe(`The agent to run: ${names.map((n) => JSON.stringify(n)).join(", ") || "none are offered"}`),
  });
  const made = tool({
    description: delegateDescription(props, agents),
    inputSchema: input,
    // Synchronous up to runner.run: the runner takes the traced call's hand-off first thing.
    execute: (call: z.infer<typeof input>, options: ToolExecutionOptions<any>) => {
      const config = agents.get(call.subagent_type);
      if (!config) {
        return Promise.reject(
          new JuneError(
            "JUNE_TOOL_FAILED",
            `june: there is no agent ${JSON.stringify(call.subagent_type)} to hand the task to; set subagent_type to one of ${names.map((n) => JSON.stringify(n)).join(", ") || "(none)"}.`,
          ),
        );
      }
      return runner.run({ kind: "callable-agent", name: config.name, config: config as CallableAgentConfig<unknown>, inheritModel: true }, { prompt: call.prompt }, {
        caller: caller(),
        declaration,
        toolName: delegatedName(toolName(), config.name),
        options,
      });
    },
    toModelOutput: ({ output }: { output: unknown }) => modelOutput((output as { output?: unknown } | undefined)?.output),
  });
  return props.wrap ? props.wrap(made) : made;
}
