// Executing a workflow: agents resolve their capabilities when they render, then their steps
// run in document order, one at a time; a <Step> function child renders after its step; a
// <Catch> retries or replaces what is inside it. Every failure ends its node with the error.
import { resolveBlocks } from "../blocks/index.ts";
import { type ParentScope } from "../capabilities/index.ts";
import { JuneError } from "../errors/index.ts";
import type { JuneNode } from "../jsx/index.ts";
import type { NodeError } from "../trace/index.ts";
import {
  expandWorkflow,
  prepareAgent,
  resolveAgent,
  type CatchProps,
  type PreparedAgent,
  type StepProps,
  type WorkflowItem,
} from "../workflow/index.ts";
import { runModelLoop } from "./model-loop.ts";
import { inContext, isAbort, toNodeError } from "./node-errors.ts";
import { emit, endNode, newPlace, startNode, type Place } from "./run-context.ts";

/** An error already recorded on the node where it happened; ancestors only mark themselves. */
export class RecordedError extends Error {
  readonly nodeError: NodeError;
  constructor(nodeError: NodeError, cause: unknown) {
    super(nodeError.message, { cause });
    this.name = "RecordedError";
    this.nodeError = nodeError;
  }
}

export async function executeItems(items: readonly WorkflowItem[], place: Place): Promise<void> {
  for (const item of items) {
    if (place.signal.aborted) throw new JuneError("JUNE_ABORTED", "june: the run was aborted.");
    await executeItem(item, place);
  }
}

function executeItem(item: WorkflowItem, place: Place): Promise<void> {
  switch (item.kind) {
    case "agent":
      return executeAgentElement(item.element, item.name, place);
    case "step":
      return executeStep(item, place);
    case "catch":
      return executeCatch(item, place);
  }
}

async function executeAgentElement(element: WorkflowItem["element"], name: string, place: Place): Promise<void> {
  const nodeId = startNode(place.ctx, { parentId: place.parentNodeId, kind: "agent", name, ...(element.source ? { source: element.source } : {}) });
  await guard(place, nodeId, async () => executeAgentBody(prepareAgent(element, name), nodeId, place));
}

/** Runs a prepared agent under an agent node that is already started and ends it. */
export async function executePreparedAgent(prepared: PreparedAgent, place: Place): Promise<void> {
  const nodeId = startNode(place.ctx, {
    parentId: place.parentNodeId,
    kind: "agent",
    name: prepared.name,
    ...(prepared.element.source ? { source: prepared.element.source } : {}),
  });
  await guard(place, nodeId, async () => executeAgentBody(prepared, nodeId, place));
}

async function executeAgentBody(prepared: PreparedAgent, nodeId: string, place: Place): Promise<unknown> {
  const ctx = place.ctx;
  const scope = await resolveAgent(prepared, {
    parent: place.parentScope,
    signal: place.signal,
    cache: ctx.cache,
    composites: ctx.composites,
    policies: ctx.policies,
    ...(ctx.sandbox ? { sandbox: ctx.sandbox } : {}),
  });
  for (const denial of scope.denied) {
    ctx.warn(denial.message);
    emit(ctx, { type: "tool-denied", nodeId, denial: { tool: denial.tool, kind: denial.kind, reason: denial.reason, message: denial.message } });
  }
  emit(ctx, {
    type: "node-update",
    nodeId,
    ...(scope.records ? { capabilities: scope.records } : {}),
    tools: scope.entries.map((e) => e.info),
  });
  const blocks = prepared.props.blocks ? await resolveBlocks(prepared.props.blocks, { signal: place.signal }) : undefined;
  const instructions = [prepared.props.instructions, blocks?.instructions].filter((t) => t).join("\n\n") || undefined;
  const inner = newPlace({
    ...place,
    parentNodeId: nodeId,
    agentPath: [...place.agentPath, prepared.name],
    parentScope: { scope } satisfies ParentScope,
    agent: { name: prepared.name, label: prepared.label, nodeId, scope, props: prepared.props, instructions, loaders: blocks?.loaders ?? {} },
  });
  await executeItems(prepared.workflow, inner);
  return undefined;
}

async function executeStep(item: Extract<WorkflowItem, { kind: "step" }>, place: Place): Promise<void> {
  const props = item.element.props as StepProps;
  const agent = place.agent!;
  const stepName = `${place.stepPrefix}${item.id}`;
  if (item.id in place.steps) {
    throw new JuneError(
      "JUNE_DUPLICATE_STEP",
      `june: two steps have the id "${stepName}"; step ids are unique in a run so result.steps can hold each.`,
      item.element.source ? { source: item.element.source } : undefined,
    );
  }
  const nodeId = startNode(place.ctx, {
    parentId: place.parentNodeId,
    kind: "step",
    name: item.id,
    input: { prompt: props.prompt },
    ...(item.element.source ? { source: item.element.source } : {}),
  });
  const value = await guard(
    place,
    nodeId,
    () =>
      runModelLoop({
        place: newPlace({ ...place, stepId: stepName }),
        agent,
        stepNodeId: nodeId,
        stepId: item.id,
        prompt: String(props.prompt),
        ...(props.output ? { output: props.output } : {}),
      }),
    (error) => inContext(error, `<Step id="${stepName}"> in ${agent.label}`),
  );
  place.steps[item.id] = value;
  place.stepOrder.push(item.id);
  const wait = place.ctx.debug.boundary({
    kind: "step-end",
    agentPath: place.agentPath,
    step: stepName,
    stepNodeId: nodeId,
    agentNodeId: agent.nodeId,
    details: () => ({ nodeId, output: value }),
  });
  if (wait) await wait;
  if (typeof props.children === "function") {
    const rendered: JuneNode = props.children(value);
    await executeItems(expandWorkflow(rendered, { insideAgent: true }), place);
  }
}

async function executeCatch(item: Extract<WorkflowItem, { kind: "catch" }>, place: Place): Promise<void> {
  const props = item.element.props as CatchProps;
  const tries = 1 + Math.max(0, Math.floor(props.retry ?? 0));
  const nodeId = startNode(place.ctx, {
    parentId: place.parentNodeId,
    kind: "catch",
    name: "Catch",
    input: { retry: tries - 1 },
    ...(item.element.source ? { source: item.element.source } : {}),
  });
  const inner = newPlace({ ...place, parentNodeId: nodeId });
  let last: NodeError | undefined;
  for (let attempt = 1; attempt <= tries; attempt++) {
    // Steps of a failed attempt don't count: the retry runs them again under the same ids.
    const before = new Set(place.stepOrder);
    try {
      await executeItems(expandWorkflow(props.children, { insideAgent: place.agent !== undefined }), inner);
      endNode(place.ctx, nodeId, "succeeded", { output: { attempts: attempt } });
      return;
    } catch (error) {
      if (isAbort(error, place.signal)) {
        endNode(place.ctx, nodeId, "aborted", { error: toNodeError(error) });
        throw error;
      }
      last = error instanceof RecordedError ? error.nodeError : toNodeError(error);
      forgetStepsSince(place, before);
    }
  }
  if (props.fallback === undefined) {
    endNode(place.ctx, nodeId, "failed", { error: last! });
    throw new RecordedError(last!, undefined);
  }
  const fallback = typeof props.fallback === "function" ? props.fallback(last!) : props.fallback;
  try {
    await executeItems(expandWorkflow(fallback, { insideAgent: place.agent !== undefined }), inner);
    endNode(place.ctx, nodeId, "succeeded", { output: { attempts: tries, fellBack: true, error: last } });
  } catch (error) {
    const recorded = error instanceof RecordedError ? error.nodeError : toNodeError(error);
    endNode(place.ctx, nodeId, isAbort(error, place.signal) ? "aborted" : "failed", { error: recorded });
    throw error instanceof RecordedError ? error : new RecordedError(recorded, error);
  }
}

function forgetStepsSince(place: Place, before: Set<string>): void {
  for (const id of place.stepOrder.filter((id) => !before.has(id))) delete place.steps[id];
  place.stepOrder.splice(0, place.stepOrder.length, ...place.stepOrder.filter((id) => before.has(id)));
}

/**
 * Runs `body` for a started node and ends the node: succeeded with its value, or failed/aborted
 * with the error. An error recorded deeper keeps its message; this node only marks itself.
 */
export async function guard<T>(
  place: Place,
  nodeId: string,
  body: () => Promise<T>,
  describe: (error: unknown) => NodeError = toNodeError,
): Promise<T> {
  try {
    const value = await body();
    endNode(place.ctx, nodeId, "succeeded", value === undefined ? {} : { output: value });
    return value;
  } catch (error) {
    const aborted = isAbort(error, place.signal);
    // Stopped because its recorder failed: the run and the nodes around the failure failed for it.
    const unrecorded = aborted ? place.ctx.recordFailure : undefined;
    const nodeError = unrecorded
      ? toNodeError(unrecorded)
      : error instanceof RecordedError
        ? error.nodeError
        : aborted
          ? toNodeError(new JuneError("JUNE_ABORTED", "june: the run was aborted."))
          : describe(error);
    endNode(place.ctx, nodeId, aborted && !unrecorded ? "aborted" : "failed", { error: nodeError });
    throw error instanceof RecordedError ? error : new RecordedError(nodeError, error);
  }
}
