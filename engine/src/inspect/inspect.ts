// inspect(): renders a workflow far enough to resolve every agent's capabilities, without
// calling a model, and returns the node shape a run produces. Errors land on the node they
// belong to, so one broken agent never hides the others.
import {
  INSPECT_ONLY,
  ToolSourceCache,
  checkPolicy,
  type ToolPolicy,
  callableConfig,
  collectCapabilityNode,
  delegateAgents,
  delegatedName,
  type CallableAgentConfig,
  type DelegateProps,
  compositeSpec,
  resolveCapabilities,
  type ParentScope,
  type ResolvedTool,
  type Scope,
} from "../capabilities/index.ts";
import { isJuneError } from "../errors/index.ts";
import { componentName, isElement, kindOf, type JuneElement, type JuneNode } from "../jsx/index.ts";
import { flattenBlocks, loaderToolName, type Blocks } from "../blocks/index.ts";
import { emptyUsage, type NodeKind, type ToolInfo, type TraceNode } from "../trace/index.ts";
import { expandWorkflow, prepareAgent, resolveAgent, type WorkflowItem } from "../workflow/index.ts";
import { placeholderInput } from "./placeholder-input.ts";
import type { SandboxSettings } from "../sandbox/index.ts";

export interface InspectOptions {
  /** Aborts capabilities that wait (e.g. an MCP server being listed). */
  signal?: AbortSignal;
  /** Project-wide tool policies; what they deny is listed on the agent's node as `denied`. */
  policies?: ToolPolicy[];
  /** The project's sandbox for `<Bash />` declared without one (what its description says). */
  sandbox?: SandboxSettings;
  /** Told each agent's model as declared (the object, which the tree names by id only), so a loader can check what it needs. */
  onModel?: (node: TraceNode, model: unknown) => void;
}

interface Walk {
  nextId: number;
  signal: AbortSignal | undefined;
  cache: ToolSourceCache;
  policies: readonly ToolPolicy[];
  sandbox: SandboxSettings | undefined;
  onModel: InspectOptions["onModel"];
}

/**
 * The agent tree of a workflow with each agent's resolved capabilities; no model is called.
 *
 * @example
 * const tree = await inspect(<Triage />);
 * tree.children[0].capabilities; // [{ name: "github_search", source: '<Tool name="search"> in <Namespace name="github">' }, …]
 */
export async function inspect(root: JuneNode, options: InspectOptions = {}): Promise<TraceNode> {
  const policies = (options.policies ?? []).map((p, i) => checkPolicy(p, `inspect() options.policies[${i}]`));
  const walk: Walk = { nextId: 0, signal: options.signal, cache: new ToolSourceCache(options.signal), policies, sandbox: options.sandbox, onModel: options.onModel };
  const name = isElement(root) && kindOf(root) === undefined ? componentName(root.type) : "workflow";
  const node = makeNode(walk, null, "run", name, isElement(root) ? root : undefined);
  try {
    await inspectWorkflow(walk, node, () => expandWorkflow(root, { insideAgent: false }), { none: "top-level" });
  } finally {
    await walk.cache.closeAll();
  }
  return node;
}

/** Every error in a tree, in document order: what the studio lists as Problems. */
export function collectErrors(node: TraceNode, out: TraceNode[] = []): TraceNode[] {
  if (node.error) out.push(node);
  for (const child of node.children) collectErrors(child, out);
  return out;
}

async function inspectWorkflow(walk: Walk, parent: TraceNode, items: () => WorkflowItem[], scope: ParentScope): Promise<void> {
  let list: WorkflowItem[];
  try {
    list = items();
  } catch (error) {
    fail(parent, error);
    return;
  }
  for (const item of list) parent.children.push(await inspectItem(walk, parent.id, item, scope));
}

async function inspectItem(walk: Walk, parentId: string, item: WorkflowItem, parent: ParentScope): Promise<TraceNode> {
  const props = item.element.props as Record<string, unknown>;
  switch (item.kind) {
    case "step": {
      const node = makeNode(walk, parentId, "step", item.id, item.element);
      node.input = { prompt: props.prompt, ...(typeof props.children === "function" ? { rendersAfter: true } : {}) };
      return node;
    }
    case "catch": {
      const node = makeNode(walk, parentId, "catch", "Catch", item.element);
      node.input = { retry: typeof props.retry === "number" ? props.retry : 0 };
      await inspectWorkflow(walk, node, () => expandWorkflow(props.children as JuneNode, { insideAgent: true }), parent);
      return node;
    }
    case "agent":
      return inspectAgent(walk, parentId, item.element, item.name, parent);
  }
}

async function inspectAgent(walk: Walk, parentId: string, element: JuneElement, name: string, parent: ParentScope): Promise<TraceNode> {
  const node = makeNode(walk, parentId, "agent", name, element);
  describeModel(walk, node, (element.props as { model?: unknown }).model);
  let prepared;
  try {
    prepared = prepareAgent(element, name);
  } catch (error) {
    return fail(node, error);
  }
  let scope: ParentScope = { failed: true };
  try {
    const resolved = await resolveAgent(prepared, { parent, cache: walk.cache, composites: INSPECT_ONLY, policies: walk.policies, ...sandboxOf(walk), ...signal(walk) });
    describeScope(node, resolved);
    if (prepared.props.blocks) node.tools!.push(...blockLoaderInfos(prepared.props.blocks));
    scope = { scope: resolved };
    for (const entry of resolved.entries) {
      if (entry.record.composite && !entry.grantedFrom) node.children.push(...(await inspectComposites(walk, node.id, entry, resolved)));
    }
  } catch (error) {
    fail(node, error);
  }
  await inspectWorkflow(walk, node, () => prepared.workflow, scope);
  return node;
}

/**
 * A composite tool or defined agent drawn as its own subtree, its caller as the parent scope; a
 * `<Delegate>` as one such subtree per agent it offers, named as their runs are (`Agent:reviewer`).
 */
async function inspectComposites(walk: Walk, parentId: string, entry: ResolvedTool, caller: Scope): Promise<TraceNode[]> {
  const declaration = entry.declaration!;
  const parent: ParentScope = { scope: caller };
  if (declaration.kind === "delegate") {
    const props = declaration.element.props as DelegateProps;
    const agents = delegateAgents(props, declaration.label);
    const nodes: TraceNode[] = [];
    if (props.inspectAgents === false) return nodes;
    for (const config of agents.values()) {
      const node = makeNode(walk, parentId, "composite", delegatedName(entry.name, config.name), declaration.element);
      await inspectDefinedAgent(walk, node, config as CallableAgentConfig<unknown>, declaration.element, parent);
      nodes.push(node);
    }
    return nodes;
  }
  const node = makeNode(walk, parentId, "composite", entry.name, declaration.element);
  const spec = compositeSpec(declaration);
  if (spec.kind === "composite") {
    await inspectWorkflow(walk, node, () => expandWorkflow(spec.props.children(placeholderInput()), { insideAgent: false }), parent);
    return [node];
  }
  await inspectDefinedAgent(walk, node, callableConfig(declaration.element.type)!, declaration.element, parent);
  return [node];
}

/** A defined agent's subtree under its composite node: the agent, its scope, its one step. */
async function inspectDefinedAgent(walk: Walk, node: TraceNode, config: CallableAgentConfig<unknown>, element: JuneElement, parent: ParentScope): Promise<void> {
  const agent = makeNode(walk, node.id, "agent", config.name, element);
  describeModel(walk, agent, config.model);
  node.children.push(agent);
  try {
    const holder = `defineAgent({ name: ${JSON.stringify(config.name)} }).capabilities`;
    const declarations = config.capabilities ? collectCapabilityNode(config.capabilities(), holder) : [];
    const resolved = await resolveCapabilities(declarations, {
      agent: `the defined agent ${JSON.stringify(config.name)}`,
      parent,
      cache: walk.cache,
      composites: INSPECT_ONLY,
      policies: walk.policies,
      ...sandboxOf(walk),
      ...signal(walk),
    });
    describeScope(agent, resolved);
    for (const inner of resolved.entries) {
      if (inner.record.composite && !inner.grantedFrom) agent.children.push(...(await inspectComposites(walk, agent.id, inner, resolved)));
    }
    const step = makeNode(walk, agent.id, "step", "main", undefined);
    step.input = { prompt: config.prompt(placeholderInput() as never) };
    agent.children.push(step);
  } catch (error) {
    fail(agent, error);
  }
}

/** The model an agent sets, by id (what the studio and `june inspect` show); unset models show nothing. */
function describeModel(walk: Walk, node: TraceNode, model: unknown): void {
  if (model !== undefined) walk.onModel?.(node, model);
  const id = typeof model === "string" ? model : (model as { modelId?: unknown } | undefined)?.modelId;
  if (typeof id === "string") node.input = { model: id };
}

function describeScope(node: TraceNode, scope: Scope): void {
  if (scope.records) node.capabilities = scope.records;
  node.tools = scope.entries.map((e) => e.info);
  if (scope.denied.length) node.denied = scope.denied.map(({ tool, kind, reason, message }) => ({ tool, kind, reason, message }));
}

/** Progressive blocks show as the loader tools the model will be offered (nothing is resolved). */
function blockLoaderInfos(blocks: Blocks): ToolInfo[] {
  return flattenBlocks(blocks)
    .filter((block) => block.mode === "progressive")
    .map((block) => ({
      name: loaderToolName(block.name),
      description: block.description ?? `Loads the block "${block.name}"`,
      approval: "never" as const,
      approvalReasons: [],
      provenance: [`block "${block.name}" (progressive)`],
    }));
}

function sandboxOf(walk: Walk): { sandbox?: SandboxSettings } {
  return walk.sandbox ? { sandbox: walk.sandbox } : {};
}

function signal(walk: Walk): { signal?: AbortSignal } {
  return walk.signal ? { signal: walk.signal } : {};
}

function makeNode(walk: Walk, parentId: string | null, kind: NodeKind, name: string, element: JuneElement | undefined): TraceNode {
  return {
    id: `n${++walk.nextId}`,
    parentId,
    kind,
    name,
    status: "pending",
    startedAt: null,
    endedAt: null,
    usage: emptyUsage(),
    ...(element?.source ? { source: element.source } : {}),
    children: [],
  };
}

function fail(node: TraceNode, error: unknown): TraceNode {
  node.status = "failed";
  node.error = isJuneError(error)
    ? { code: error.code, message: error.message, ...(error.source ? { source: error.source } : {}) }
    : { code: "JUNE_INTERNAL", message: error instanceof Error ? error.message : String(error) };
  return node;
}
