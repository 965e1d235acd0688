// Output selection: by default the only step's result, or an object of every step's result by
// id when there are several.
export function defaultOutput(steps: Record<string, unknown>, order: readonly string[]): unknown {
  if (order.length === 0) return undefined;
  if (order.length === 1) return steps[order[0]!];
  return Object.fromEntries(order.map((id) => [id, steps[id]]));
}
