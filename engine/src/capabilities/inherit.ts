// <Inherit>: the named tools of the enclosing agent, as the parent has them (after its wrappers,
// approvals included). Nothing crosses unless named; the parent is the agent directly around.
import { JuneError } from "../errors/index.ts";
import type { JuneElement } from "../jsx/index.ts";
import type { Declaration } from "./declaration.ts";
import { at } from "./labels.ts";
import type { ResolvedTool, Scope } from "./scope.ts";

/** What an agent's <Inherit>s can take from: the parent's scope, or why there is none. */
export type ParentScope = { scope: Scope } | { none: "no-agent" | "top-level" } | { failed: true };

/** Finds the parent's tool for one inherit declaration, or fails with the names it does have. */
export function grant(declaration: Declaration, parent: ParentScope, agent: string): ResolvedTool | undefined {
  const where = at(declaration.source);
  const source = declaration.source ? { source: declaration.source } : undefined;
  if ("failed" in parent) return undefined;
  if ("none" in parent) {
    const why =
      parent.none === "no-agent"
        ? "is not inside any <Agent>"
        : `is in ${agent}, which has no enclosing agent to inherit from`;
    throw new JuneError(
      "JUNE_INHERIT_NO_PARENT",
      `june: ${declaration.label}${where} ${why}. <Inherit> takes tools from the agent directly around the one it is in; ` +
        `declare the tools in this agent instead.`,
      source,
    );
  }
  const found = parent.scope.byName.get(declaration.name!);
  if (!found) {
    const has = [...parent.scope.byName.keys()];
    throw new JuneError(
      "JUNE_INHERIT_MISSING",
      `june: ${declaration.label}${where} in ${agent} names ${JSON.stringify(declaration.name)}, which the enclosing <Agent> ` +
        `doesn't have. ${has.length ? `It has: ${has.map((n) => JSON.stringify(n)).join(", ")}.` : "It has no tools."} ` +
        `To pass a tool down two levels, each level inherits it.`,
      source,
    );
  }
  return found;
}

/** A name listed twice in one <Inherit> is an error of its own, not a collision. */
export function checkInheritDuplicates(declarations: readonly Declaration[], agent: string): void {
  const seen = new Map<JuneElement, Set<string>>();
  for (const d of declarations) {
    if (d.kind !== "inherit") continue;
    const names = seen.get(d.element) ?? new Set<string>();
    if (names.has(d.name!)) {
      throw new JuneError(
        "JUNE_INHERIT_DUPLICATE",
        `june: ${d.label}${at(d.source)} in ${agent} lists ${JSON.stringify(d.name)} twice; list each name once.`,
        d.source ? { source: d.source } : undefined,
      );
    }
    names.add(d.name!);
    seen.set(d.element, names);
  }
}
