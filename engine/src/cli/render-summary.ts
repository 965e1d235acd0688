// What `june run` prints once the run is over: a token table for the run and each agent, the
// final status with how long it took, the error if any, and the output. Pure, like the tree.
import type { RunResult } from "../run/index.ts";
import type { TraceNode, Usage } from "../trace/index.ts";
import { formatDuration, jsonText } from "./format-values.ts";
import { createStyle } from "./style.ts";

const COLUMNS: { title: string; field: keyof Usage }[] = [
  { title: "input", field: "inputTokens" },
  { title: "output", field: "outputTokens" },
  { title: "reasoning", field: "reasoningTokens" },
  { title: "cached", field: "cachedInputTokens" },
  { title: "total", field: "totalTokens" },
];

/**
 * The summary lines for a finished run.
 *
 * @example
 * renderSummary(await handle.result, { color: false });
 * // ["", "usage (tokens)   input  output  reasoning  cached  total", "run Report          42      15 …", …,
 * //  "", "✓ succeeded in 112ms", "output:", "  Summary: Suspense waits."]
 */
export function renderSummary(result: RunResult, options: { color: boolean }): string[] {
  const s = createStyle(options.color);
  const lines = ["", ...usageTable(result), ""];
  const run = result.trace;
  const took = run && run.startedAt !== null && run.endedAt !== null ? ` in ${formatDuration(run.endedAt - run.startedAt)}` : "";
  if (result.status === "succeeded") lines.push(`${s.green("✓")} ${s.green(s.bold("succeeded"))}${took}`);
  else if (result.status === "failed") lines.push(`${s.red("✗")} ${s.red(s.bold("failed"))}${took}`);
  else lines.push(`${s.yellow("■")} ${s.yellow(s.bold("aborted"))}${took}`);
  if (result.error) {
    for (const line of `${result.error.code}: ${result.error.message}`.split("\n")) lines.push(`  ${s.red(line)}`);
  }
  lines.push(s.bold("output:"));
  const output = result.output === undefined ? s.dim("(none)") : typeof result.output === "string" ? result.output : jsonText(result.output, 2);
  for (const line of output.split("\n")) lines.push(line === "" ? "" : `  ${line}`);
  return lines;
}

/** The run's row, then one per agent, labelled with the agents and composite tools around it. */
function usageTable(result: RunResult): string[] {
  const rows: { label: string; usage: Usage }[] = [];
  const run = result.trace;
  rows.push({ label: `run ${run?.name ?? "workflow"}`, usage: result.usage });
  if (run) collectAgents(run, [], 0, rows);
  const title = "usage (tokens)";
  const labelWidth = Math.max(title.length, ...rows.map((row) => row.label.length));
  const widths = COLUMNS.map((column) => Math.max(column.title.length, ...rows.map((row) => String(row.usage[column.field]).length)));
  const header = [title.padEnd(labelWidth), ...COLUMNS.map((column, i) => column.title.padStart(widths[i]!))].join("  ");
  const body = rows.map((row) =>
    [row.label.padEnd(labelWidth), ...COLUMNS.map((column, i) => String(row.usage[column.field]).padStart(widths[i]!))].join("  "),
  );
  return [header, ...body];
}

/** Rows indent by how many agents enclose them; the label also names the composite tools. */
function collectAgents(node: TraceNode, trail: string[], depth: number, rows: { label: string; usage: Usage }[]): void {
  for (const child of node.children) {
    if (child.kind === "agent") {
      const path = [...trail, child.name];
      rows.push({ label: `${"  ".repeat(depth + 1)}agent ${path.join(" › ")}`, usage: child.usage });
      collectAgents(child, path, depth + 1, rows);
    } else {
      collectAgents(child, child.kind === "composite" ? [...trail, child.name] : trail, depth, rows);
    }
  }
}
