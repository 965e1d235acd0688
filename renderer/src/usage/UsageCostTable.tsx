// Token usage and cost as a table: one row per thing, the five numbers the engine counts and
// what they cost. A missing or partial cost says why under the figure.
import type { Cost, Usage } from "../contract/index.ts";
import { memo } from "react";
import { sameCost, sameUsage } from "../trace/index.ts";
import { costText, formatTokens } from "../ui/format.ts";


export interface UsageCostRow {
  key: string;
  label: string;
  /** A second, quieter line under the label (a run's start time). */
  sub?: string;
  usage: Usage;
  cost: Cost | undefined;
  current?: boolean;
  /** A row under the one before it (a step's model call). */
  nested?: boolean;
}

export function UsageCostTable({ caption, rowHeader, rows }: { caption: string; rowHeader: string; rows: readonly UsageCostRow[] }) {
  return (
    <table className="usage-table usage-cost-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{rowHeader}</th>
          <th scope="col">Input</th>
          <ColumnHeader short="Out" full="Output" />
          <ColumnHeader short="Reas." full="Reasoning" />
          <ColumnHeader short="Cache" full="Cached" />
          <th scope="col">Total</th>
          <th scope="col">Cost</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <UsageCostTr key={row.key} row={row} />
        ))}
      </tbody>
    </table>
  );
}

/** One row, redrawn only when its figures change (the rows are rebuilt from the trace on every batch). */
const UsageCostTr = memo(
  function UsageCostTr({ row }: { row: UsageCostRow }) {
    return (
      <tr aria-current={row.current || undefined} className={row.nested ? "usage-nested" : undefined}>
        <th scope="row" className="usage-label" title={row.sub ? `${row.label} ${row.sub}` : row.label}>
          {row.label}
          {row.sub && (
            <>
              {" "}
              <span className="usage-sub">{row.sub}</span>
            </>
          )}
        </th>
        <td>{formatTokens(row.usage.inputTokens)}</td>
        <td>{formatTokens(row.usage.outputTokens)}</td>
        <td>{formatTokens(row.usage.reasoningTokens)}</td>
        <td>{formatTokens(row.usage.cachedInputTokens)}</td>
        <td className="usage-total">{formatTokens(row.usage.totalTokens)}</td>
        <CostCell cost={row.cost} />
      </tr>
    );
  },
  ({ row: a }, { row: b }) =>
    a.label === b.label && a.sub === b.sub && a.current === b.current && a.nested === b.nested && sameUsage(a.usage, b.usage) && sameCost(a.cost, b.cost),
);

/** A header abbreviated to fit a narrow column; the full word for screen readers and as a tooltip. */
function ColumnHeader({ short, full }: { short: string; full: string }) {
  return (
    <th scope="col" title={full}>
      <span aria-hidden="true">{short}</span>
      <span className="sr-only">{full}</span>
    </th>
  );
}

export function CostCell({ cost }: { cost: Cost | undefined }) {
  const { text, note } = costText(cost);
  // No cost at all is only a dash (with the reason as a tooltip); a partial one says so in words.
  return (
    <td className="usage-cost" title={note}>
      {text}
      {note && cost && <span className="usage-cost-note"> {note}</span>}
    </td>
  );
}
