// <Agent>: a scope. Its capabilities are what its own children declare; its steps run in
// document order once they have resolved.
import type { ToolSet } from "ai";
import type { Blocks } from "../blocks/index.ts";
import type { AgentSettings } from "../capabilities/index.ts";
import { marked, type JuneNode } from "../jsx/index.ts";

export interface AgentProps extends AgentSettings {
  /** How traces, errors and the studio call this agent; default: the component that returned it. */
  name?: string;
  /** The AI SDK's own tools setting; same scope and rules as <Tool>. */
  tools?: ToolSet;
  /** Named contributions to the system context: inject blocks join the instructions, progressive
   * ones become `_block__load__<name>` tools the model calls on demand. */
  blocks?: Blocks;
  children?: JuneNode;
}

/**
 * An agent: capabilities and steps as children.
 *
 * @example
 * <Agent model={openai("gpt-5-mini")} instructions="Be brief.">
 *   <Tool name="readFile" value={readFile} />
 *   <Step id="read" prompt="Read package.json" />
 * </Agent>
 */
export const Agent = marked("agent", "Agent", (_props: AgentProps): JuneNode => null);
