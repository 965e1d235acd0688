// Test helpers over inspect() trees: real AI SDK tools, finding agents, and the errors a tree holds.
import { tool } from "ai";
import { z } from "zod";
import { collectErrors, inspect, type JuneNode, type TraceNode } from "june";

/** A real AI SDK tool that answers with its own name. */
export function aTool(name: string, extra: { needsApproval?: boolean } = {}) {
  return tool({
    description: `the ${name} tool`,
    inputSchema: z.object({ query: z.string() }),
    execute: async ({ query }) => `${name}: ${query}`,
    ...extra,
  });
}

export function agents(tree: TraceNode, out: TraceNode[] = []): TraceNode[] {
  if (tree.kind === "agent") out.push(tree);
  for (const child of tree.children) agents(child, out);
  return out;
}

/** The agent whose steps include `stepId`. */
export function agentOfStep(tree: TraceNode, stepId: string): TraceNode {
  const found = agents(tree).find((a) => a.children.some((c) => c.kind === "step" && c.name === stepId));
  if (!found) throw new Error(`no agent has a step "${stepId}"`);
  return found;
}

/** The first node, depth first, that `pred` accepts. */
export function findNode(node: TraceNode, pred: (n: TraceNode) => boolean): TraceNode | undefined {
  if (pred(node)) return node;
  for (const child of node.children) {
    const hit = findNode(child, pred);
    if (hit) return hit;
  }
  return undefined;
}

export function toolNames(agent: TraceNode): string[] {
  return (agent.tools ?? []).map((t) => t.name);
}

/** Inspects and returns the one error the tree holds (fails the test if none or several). */
export async function errorOf(element: JuneNode): Promise<{ code: string; message: string }> {
  const errors = collectErrors(await inspect(element));
  if (errors.length !== 1) throw new Error(`expected exactly one error, got ${errors.length}: ${errors.map((e) => e.error!.message).join(" | ")}`);
  return errors[0]!.error!;
}

export async function noErrors(element: JuneNode): Promise<TraceNode> {
  const tree = await inspect(element);
  const errors = collectErrors(tree);
  if (errors.length) throw new Error(`unexpected errors: ${errors.map((e) => e.error!.message).join(" | ")}`);
  return tree;
}
