// Preparing an agent when it renders: its children split into capabilities (collected into
// declarations) and workflow (expanded into steps, agents and catches); then resolution.
import type { ToolSet } from "ai";
import {
  at,
  collectDeclarations,
  isCapabilityElement,
  resolveCapabilities,
  type CompositeRunner,
  type Declaration,
  type ParentScope,
  type Scope,
  type ToolPolicy,
  type ToolSourceCache,
} from "../capabilities/index.ts";
import { flattenChildren, type JuneElement, type JuneNode } from "../jsx/index.ts";
import type { AgentProps } from "./agent.ts";
import { expandWorkflow, type WorkflowItem } from "./expand.ts";
import type { SandboxSettings } from "../sandbox/index.ts";

export interface PreparedAgent {
  name: string;
  /** How messages name it: `<Agent> "Release" (release.tsx:12:5)`. */
  label: string;
  element: JuneElement;
  props: AgentProps;
  declarations: Declaration[];
  workflow: WorkflowItem[];
}

export function agentLabel(name: string, element: JuneElement): string {
  return `<Agent> ${JSON.stringify(name)}${at(element.source)}`;
}

/** Splits and collects an agent's children; synchronous, so every static error comes first. */
export function prepareAgent(element: JuneElement, name: string): PreparedAgent {
  const props = element.props as AgentProps;
  const capabilities: JuneElement[] = [];
  const workflow: JuneNode[] = [];
  for (const child of flattenChildren(props.children)) {
    if ("$$typeof" in child && isCapabilityElement(child)) capabilities.push(child);
    else workflow.push("$$typeof" in child ? child : "text" in child ? child.text : (child.invalid as JuneNode));
  }
  return {
    name,
    label: agentLabel(name, element),
    element,
    props,
    declarations: collectDeclarations(capabilities),
    workflow: expandWorkflow(workflow, { insideAgent: true }),
  };
}

export interface ResolveAgentOptions {
  parent: ParentScope;
  signal?: AbortSignal;
  cache?: ToolSourceCache;
  composites?: CompositeRunner;
  policies?: readonly ToolPolicy[];
  sandbox?: SandboxSettings;
}

export function resolveAgent(agent: PreparedAgent, options: ResolveAgentOptions): Promise<Scope> {
  const toolsProp: ToolSet | undefined = agent.props.tools;
  return resolveCapabilities(agent.declarations, {
    agent: agent.label,
    parent: options.parent,
    ...(toolsProp ? { toolsProp } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.cache ? { cache: options.cache } : {}),
    ...(options.composites ? { composites: options.composites } : {}),
    ...(options.policies ? { policies: options.policies } : {}),
    ...(options.sandbox ? { sandbox: options.sandbox } : {}),
  });
}
