// <Tool>: one named tool, either an AI SDK tool (`value`) or a composite tool whose function
// child renders a workflow of its own for each call.
import type { FlexibleSchema, Tool as AiTool } from "ai";
import { marked, type JuneNode } from "../jsx/index.ts";

/** A `<Tool>` that exposes an AI SDK tool under `name`. */
export interface ValueToolProps {
  name: string;
  value: AiTool<any, any>;
}

/** What a composite tool's workflow produced, handed to its `output` selector. */
export interface CompositeResult {
  steps: Record<string, unknown>;
  output: unknown;
}

/** A `<Tool>` that runs a workflow of its own, rendered from the model's input on each call. */
export interface CompositeToolProps<INPUT> {
  name: string;
  description: string;
  input: FlexibleSchema<INPUT>;
  /** Picks what the calling model gets; default: the only step's result, or all steps by id. */
  output?: (result: CompositeResult) => unknown;
  children: (input: INPUT) => JuneNode;
}

export type ToolProps<INPUT = any> = ValueToolProps | CompositeToolProps<INPUT>;

/**
 * Declares a tool in the enclosing agent's scope.
 *
 * @example
 * <Agent model={model}>
 *   <Tool name="search" value={search} />
 *   <Step id="find" prompt="Find the docs page" />
 * </Agent>
 */
export const Tool = marked("tool", "Tool", <INPUT,>(_props: ToolProps<INPUT>): JuneNode => null) as <INPUT>(
  props: ValueToolProps | CompositeToolProps<INPUT>,
) => JuneNode;

export function isCompositeProps(props: ToolProps): props is CompositeToolProps<unknown> {
  return typeof (props as CompositeToolProps<unknown>).children === "function";
}
