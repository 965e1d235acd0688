// Composite tools and defined agents end in one AI SDK tool whose execute runs a workflow. What
// the run does is supplied by the run engine (a CompositeRunner); resolution only shapes the tool.
import { tool, type FlexibleSchema, type Tool as AiTool, type ToolExecutionOptions } from "ai";
import type { ToolResultOutput } from "@ai-sdk/provider-utils";
import { JuneError } from "../errors/index.ts";
import { callableConfig, type CallableAgentConfig } from "./callable-agent.ts";
import type { Declaration } from "./declaration.ts";
import type { Scope } from "./scope.ts";
import type { CompositeToolProps } from "./tool.ts";

export type CompositeSpec =
  | { kind: "composite"; name: string; props: CompositeToolProps<unknown> }
  | {
      kind: "callable-agent";
      name: string;
      config: CallableAgentConfig<unknown>;
      /** An agent that sets no model runs on its caller's (a delegated agent, as Claude Code's `inherit`). */
      inheritModel?: true;
    };

/** Runs a composite's workflow for one call; the run engine implements it. */
export interface CompositeRunner {
  run(
    spec: CompositeSpec,
    input: unknown,
    context: { caller: Scope; declaration: Declaration; toolName: string; options: ToolExecutionOptions<any> },
  ): Promise<unknown>;
}

/** For `inspect()`: composites that say clearly they don't run there. */
export const INSPECT_ONLY: CompositeRunner = {
  run(spec) {
    return Promise.reject(
      new JuneError("JUNE_TOOL_FAILED", `june: the tool "${spec.name}" can't run inside inspect(); use run() to call it.`),
    );
  },
};

export function compositeSpec(declaration: Declaration): CompositeSpec {
  if (declaration.kind === "callable-agent") {
    const config = callableConfig(declaration.element.type)!;
    return { kind: "callable-agent", name: config.name, config };
  }
  return { kind: "composite", name: declaration.name!, props: declaration.element.props as CompositeToolProps<unknown> };
}

/** The AI SDK tool for a composite; `caller` is read at call time, once the scope is complete. */
export function compositeTool(
  declaration: Declaration,
  runner: CompositeRunner,
  caller: () => Scope,
  toolName: () => string,
): AiTool<any, any> {
  const spec = compositeSpec(declaration);
  const shape =
    spec.kind === "composite"
      ? { description: spec.props.description, inputSchema: spec.props.input }
      : { description: spec.config.description, inputSchema: spec.config.input };
  if (typeof shape.description !== "string" || !shape.inputSchema) {
    throw new JuneError(
      "JUNE_INVALID_PROPS",
      `june: ${declaration.label} runs a workflow, so it needs a description and an input schema.`,
      declaration.source ? { source: declaration.source } : undefined,
    );
  }
  return tool({
    description: shape.description,
    inputSchema: shape.inputSchema as FlexibleSchema<unknown>,
    execute: (input: unknown, options: ToolExecutionOptions<any>) =>
      runner.run(spec, input, { caller: caller(), declaration, toolName: toolName(), options }),
    // The call's output is { output, trace, usage }; the model only ever sees `output`.
    toModelOutput: ({ output }: { output: unknown }) => modelOutput((output as { output?: unknown } | undefined)?.output),
  });
}

/** A string goes back to the model as text, anything else as JSON. */
export function modelOutput(output: unknown): ToolResultOutput {
  if (typeof output === "string") return { type: "text", value: output };
  return { type: "json", value: (output ?? null) as never };
}
