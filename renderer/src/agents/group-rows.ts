// How Agents orders and groups its rows: sorted by name or by path, then grouped by folder, by
// Claude Code plugin (the project's own agents first, without a header) or not at all. Grouping
// happens once per project and choice; the filter then only drops rows from the groups.
import type { AgentRow } from "./agent-rows.ts";
import { filterRows } from "./filter-rows.ts";

export type GroupBy = "folder" | "plugin" | "none";
export type SortBy = "name" | "path";

export interface RowGroup {
  /** Stable while the grouping stays: `plugin:<name>`, `folder:<path>`, `own` or `all`. */
  key: string;
  kind: "folder" | "plugin" | "flat";
  /** The header's text; a flat group (the project's own agents by plugin, or every agent ungrouped) has none. */
  label?: string;
  rows: readonly AgentRow[];
  /** How many rows the group has before the filter. */
  total: number;
}

/** One collation for every machine: the same order in any locale, "agent-2" before "agent-10". */
const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true });
export const compareText = (a: string, b: string): number => collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);

/** The rows by name (then path) or by path (then the loader's order). */
export function sortRows(rows: readonly AgentRow[], sortBy: SortBy): AgentRow[] {
  const byPath = (a: AgentRow, b: AgentRow) => compareText(a.path, b.path) || a.order - b.order;
  return [...rows].sort(sortBy === "name" ? (a, b) => compareText(a.name, b.name) || byPath(a, b) : byPath);
}

/**
 * Sorted rows in groups, in the order the list draws them.
 *
 * @example
 * groupRows(sortRows(rows, "name"), "plugin").map((g) => g.label); // [undefined, "docs-kit", "review-kit"]
 */
export function groupRows(sorted: readonly AgentRow[], groupBy: GroupBy): RowGroup[] {
  if (groupBy === "none") return [{ key: "all", kind: "flat", rows: sorted, total: sorted.length }];
  const groups = new Map<string, AgentRow[]>();
  for (const row of sorted) {
    const key = groupBy === "plugin" ? (row.plugin === undefined ? "" : row.plugin) : row.folder;
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  // The project's own agents (and the project folder itself) come first; the rest by name.
  const keys = [...groups.keys()].sort((a, b) => (a === "" ? -1 : b === "" ? 1 : compareText(a, b)));
  return keys.map((key) => {
    const rows = groups.get(key)!;
    if (groupBy === "plugin") return key === "" ? { key: "own", kind: "flat", rows, total: rows.length } : { key: `plugin:${key}`, kind: "plugin", label: key, rows, total: rows.length };
    return { key: `folder:${key}`, kind: "folder", label: key === "" ? "project root" : key, rows, total: rows.length };
  });
}

/** The groups with only the rows that match; a group nothing in matches is left out. */
export function filterGroups(groups: readonly RowGroup[], terms: readonly string[]): RowGroup[] {
  if (terms.length === 0) return [...groups];
  return groups.map((group) => ({ ...group, rows: filterRows(group.rows, terms) })).filter((group) => group.rows.length > 0);
}

/** The name a row shows in its group: a plugin's group shows its agents by their own part. */
export function rowLabel(row: AgentRow, group: RowGroup): string {
  if (group.kind !== "plugin") return row.name;
  const prefix = `${group.label}:`;
  return row.name.startsWith(prefix) && row.name.length > prefix.length ? row.name.slice(prefix.length) : row.name;
}

/** A row the keyboard reaches: an agent (an option) or a group's header. */
export type NavItem = { key: string; row: AgentRow; label: string } | { key: string; group: RowGroup };

/** The rows the keyboard walks, top to bottom: a collapsed group's agents are not among them. */
export function navItems(groups: readonly RowGroup[], collapsed: ReadonlySet<string>): NavItem[] {
  const items: NavItem[] = [];
  for (const group of groups) {
    if (group.label !== undefined) items.push({ key: groupKey(group.key), group });
    if (group.label !== undefined && collapsed.has(group.key)) continue;
    for (const row of group.rows) items.push({ key: rowKey(row.id), row, label: rowLabel(row, group) });
  }
  return items;
}

export const rowKey = (id: string): string => `row:${id}`;
export const groupKey = (key: string): string => `group:${key}`;
