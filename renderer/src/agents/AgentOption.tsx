// One row of Agents (an option of its listbox) and a group's header. Both are memoized on plain
// props, so filtering 200 agents redraws only the rows whose tab stop or selection changed.
import { memo } from "react";
import { messageSummary } from "../problems/index.ts";
import type { AgentRow } from "./agent-rows.ts";
import { groupKey, rowKey, type RowGroup } from "./group-rows.ts";

export interface AgentOptionProps {
  row: AgentRow;
  /** The name shown: a plugin's agent shows its own part inside its plugin's group. */
  label: string;
  /** The path shown under the name: relative to the folder's header when grouped by folder. */
  path: string;
  /** Indented under a group's header. */
  inGroup: boolean;
  selected: boolean;
  tabbable: boolean;
  /** The id its error line gets (the option's description). */
  errorId: string;
  onSelect: (id: string) => void;
}

export const AgentOption = memo(function AgentOption({ row, label, path, inGroup, selected, tabbable, errorId, onSelect }: AgentOptionProps) {
  const problems = row.errors + row.warnings;
  const name = `${row.name} ${row.kind}${row.broken ? ", failed to load" : ""}${problems > 0 ? `, ${problems} ${plural(problems, "problem")}` : ""}`;
  const error = row.error ? messageSummary(row.error.message).summary : undefined;
  return (
    <div
      role="option"
      aria-selected={selected}
      // The full name (with its plugin): what a screen reader announces and a test picks stays unique.
      aria-label={name}
      aria-describedby={error !== undefined ? errorId : undefined}
      aria-disabled={row.broken || undefined}
      tabIndex={tabbable ? 0 : -1}
      data-entry-id={row.id}
      data-nav-key={rowKey(row.id)}
      className={`entry${inGroup ? " entry-in-group" : ""}${row.broken ? " entry-broken" : ""}${row.errors > 0 ? " entry-has-error" : ""}`}
      title={row.description ?? row.path}
      onClick={row.broken ? undefined : () => onSelect(row.id)}
    >
      {/* Only the name is text: the glyph, the path, the error and the count are drawn by CSS from
          data-text (styles/base.css), so the option's visible text is its accessible name's start
          (WCAG 2.5.3). The error is still its description (aria-describedby reads generated content). */}
      <span className={`entry-kind entry-kind-${row.kind}`} data-text={row.kind === "workflow" ? "⟨⟩" : "M↓"} aria-hidden="true" />
      <span className="entry-text">
        <span className="entry-name">{label}</span>
        {/* The kind is the icon's (and the accessible name's); the path gets the room. */}
        <span className="entry-sub" data-text={row.broken ? `failed to load · ${path}` : path} />
        {error !== undefined && <span className="entry-error" id={errorId} data-text={error} />}
      </span>
      {problems > 0 && <ProblemBadge errors={row.errors} warnings={row.warnings} />}
    </div>
  );
});

export interface GroupHeaderProps {
  group: RowGroup;
  /** The id of the group the header opens and closes. */
  controls: string;
  collapsed: boolean;
  tabbable: boolean;
  /** Whether a filter narrows the list: the header then says how many of its agents match. */
  filtered: boolean;
  /** Collapsed over the selected agent: the header says so, since the agent can't. */
  holdsSelected: boolean;
  onToggle: (key: string) => void;
}

export const GroupHeader = memo(function GroupHeader({ group, controls, collapsed, tabbable, filtered, holdsSelected, onToggle }: GroupHeaderProps) {
  const shown = group.rows.length;
  const count = filtered ? `${shown} of ${group.total} ${plural(group.total, "agent")}` : `${shown} ${plural(shown, "agent")}`;
  // A collapsed group's problems, since its agents can't show them.
  let errors = 0;
  let warnings = 0;
  if (collapsed) {
    for (const row of group.rows) {
      errors += row.errors;
      warnings += row.warnings;
    }
  }
  return (
    <div role="presentation" className="entry-group-header">
      <button
        type="button"
        className={`entry-group-toggle${holdsSelected ? " holds-selected" : ""}`}
        aria-expanded={!collapsed}
        aria-controls={controls}
        aria-label={`${groupName(group)}, ${count}${holdsSelected ? ", holds the selected agent" : ""}`}
        tabIndex={tabbable ? 0 : -1}
        data-nav-key={groupKey(group.key)}
        title={group.kind === "plugin" ? `Agents of the ${group.label} plugin` : `Agents in ${group.label}`}
        onClick={() => onToggle(group.key)}
      >
        <span className="entry-group-chevron" aria-hidden="true">
          {collapsed ? "▸" : "▾"}
        </span>
        <span className="entry-group-name">{group.label}</span>
        <span className="entry-group-count" aria-hidden="true">
          {filtered ? `${shown}/${group.total}` : shown}
        </span>
        {errors + warnings > 0 && <ProblemBadge errors={errors} warnings={warnings} />}
      </button>
    </div>
  );
});

/** A group as a screen reader hears it: "review-kit plugin", ".claude/agents folder", "project root". */
export function groupName(group: RowGroup): string {
  if (group.kind === "plugin") return `${group.label} plugin`;
  if (group.key === "folder:") return "project root";
  return `${group.label} folder`;
}

function ProblemBadge({ errors, warnings }: { errors: number; warnings: number }) {
  const total = errors + warnings;
  return (
    <span className={`badge ${errors > 0 ? "badge-error" : "badge-warning"}`} title={`${total} ${plural(total, "problem")}`} data-text={String(total)} />
  );
}

const plural = (n: number, word: string) => (n === 1 ? word : `${word}s`);
