// The "Filter agents" box: every word typed must occur in an agent's name, description, path or
// one of its tool names, in any case. Rows keep their identity, so a row that still matches is
// not drawn again.
import type { AgentRow } from "./agent-rows.ts";

/** The words of a query, lower-cased; none for an empty or blank query. */
export function queryTerms(query: string): string[] {
  return query.toLowerCase().split(/\s+/).filter(Boolean);
}

/**
 * Whether a row matches every term.
 *
 * @example
 * matches(row, queryTerms("review grep")); // a reviewer with the Grep tool: true
 */
export function matches(row: AgentRow, terms: readonly string[]): boolean {
  return terms.every((term) => row.haystack.includes(term));
}

/** The rows that match, in their order; the same array when there is nothing to filter by. */
export function filterRows(rows: readonly AgentRow[], terms: readonly string[]): readonly AgentRow[] {
  return terms.length === 0 ? rows : rows.filter((row) => matches(row, terms));
}
