// Token usage as a table: one row per thing, the five numbers the engine counts.
import type { Usage } from "../contract/index.ts";
import { formatTokens } from "./format.ts";

export interface UsageRow {
  key: string;
  label: string;
  usage: Usage;
  current?: boolean;
}

export function UsageTable({ caption, rowHeader, rows }: { caption: string; rowHeader: string; rows: UsageRow[] }) {
  return (
    <table className="usage-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{rowHeader}</th>
          <th scope="col">Input</th>
          <th scope="col">Output</th>
          <th scope="col">Reasoning</th>
          <th scope="col">Cached</th>
          <th scope="col">Total</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} aria-current={row.current || undefined}>
            <th scope="row" className="usage-label" title={row.label}>
              {row.label}
            </th>
            <td>{formatTokens(row.usage.inputTokens)}</td>
            <td>{formatTokens(row.usage.outputTokens)}</td>
            <td>{formatTokens(row.usage.reasoningTokens)}</td>
            <td>{formatTokens(row.usage.cachedInputTokens)}</td>
            <td className="usage-total">{formatTokens(row.usage.totalTokens)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
