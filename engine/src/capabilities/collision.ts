// Names are unique in an agent: two capabilities exposing one name fail with one error that names
// both declarations, their bundles and wrappers, and the <Inherit> that brought a granted tool.
import { JuneError } from "../errors/index.ts";
import { at, sourceString } from "./labels.ts";
import type { ResolvedTool } from "./scope.ts";

export function describeForCollision(entry: ResolvedTool): string {
  if (entry.grantedFrom && entry.declaration) {
    const inherit = sourceString(entry.declaration.label, entry.declaration.frames);
    return `${entry.record.granted}, brought by ${inherit}${at(entry.declaration.source)}`;
  }
  return `${entry.record.source}${at(entry.declaration?.source)}`;
}

export function checkCollisions(entries: readonly ResolvedTool[], agent: string): void {
  const byName = new Map<string, ResolvedTool[]>();
  for (const entry of entries) {
    const same = byName.get(entry.name);
    if (same) same.push(entry);
    else byName.set(entry.name, [entry]);
  }
  const clashes = [...byName.entries()].filter(([, same]) => same.length > 1);
  if (clashes.length === 0) return;
  const parts = clashes.map(
    ([name, same]) => `the tool name ${JSON.stringify(name)} comes from\n${same.map((e) => `  - ${describeForCollision(e)}`).join("\n")}`,
  );
  const first = clashes[0]![1][1]!;
  throw new JuneError(
    "JUNE_COLLISION",
    `june: two capabilities of ${agent} expose one tool name; ${parts.join(";\n")}\n` +
      `Tool names are unique in an agent: rename one, put one in a <Namespace name="…">, or remove one.`,
    first.declaration?.source ? { source: first.declaration.source } : undefined,
  );
}
