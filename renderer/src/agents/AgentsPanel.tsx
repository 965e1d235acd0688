// "Agents": the open folder's workflows and markdown agents, each with its kind and problem count.
// Agents a Claude Code plugin brought (named `<plugin>:<agent>`) sit under their plugin's header,
// after the project's own; a header collapses its group. One listbox holds them all (its options
// are what a test or a screen reader picks), and the arrow keys walk options and headers alike.
import { useMemo, useRef, useState, type FocusEvent, type KeyboardEvent } from "react";
import type { Problem, ProjectEntry } from "../contract/index.ts";
import { useStudio } from "../store/index.ts";
import { EmptyState, Panel } from "../ui/Panel.tsx";
import { Notices } from "../ui/Notices.tsx";
import { projectPath } from "../ui/format.ts";

interface PluginGroup {
  plugin: string;
  entries: ProjectEntry[];
}

type ProblemCounts = Map<string, { errors: number; warnings: number }>;

/** A row the arrow keys reach: an agent (an option) or a plugin's header. */
type NavItem = { key: string; entry: ProjectEntry } | { key: string; plugin: string };

export function AgentsPanel() {
  const project = useStudio((s) => s.project);
  const loadingFolder = useStudio((s) => s.loadingFolder);
  const ready = useStudio((s) => s.ready);
  const selectedId = useStudio((s) => s.selectedEntryId);
  const selectEntry = useStudio((s) => s.selectEntry);
  const listRef = useRef<HTMLDivElement>(null);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => new Set());
  // The row that keeps the list's one tab stop once the arrows moved there (a header, say).
  const [activeKey, setActiveKey] = useState<string | null>(null);

  const problemsByEntry = useMemo(() => countProblems(project?.entries ?? [], project?.problems ?? []), [project]);
  const entries: readonly ProjectEntry[] = useMemo(() => project?.entries ?? [], [project]);
  const { own, plugins } = useMemo(() => groupByPlugin(entries), [entries]);
  const items = useMemo(() => navItems(own, plugins, collapsed), [own, plugins, collapsed]);
  const keys = items.map((item) => item.key);
  const selectedKey = selectedId === null ? null : entryKey(selectedId);
  // The list's one tab stop: where the arrows last were, else the selected agent (or the header
  // of the collapsed group that hides it), else the first row.
  const hiddenIn = plugins.find((group) => collapsed.has(group.plugin) && group.entries.some((e) => e.id === selectedId));
  const selectedRow = hiddenIn ? groupKey(hiddenIn.plugin) : selectedKey;
  const tabKey = activeKey !== null && keys.includes(activeKey) ? activeKey : selectedRow !== null && keys.includes(selectedRow) ? selectedRow : (keys[0] ?? null);

  const setGroupCollapsed = (plugin: string, value: boolean) => {
    if (collapsed.has(plugin) === value) return;
    const next = new Set(collapsed);
    if (value) next.add(plugin);
    else next.delete(plugin);
    setCollapsed(next);
  };

  const focusItem = (key: string) => listRef.current?.querySelector<HTMLElement>(`[data-nav-key="${CSS.escape(key)}"]`)?.focus();

  // Arrow keys move the selection, as in any listbox; on a plugin's header they only move focus,
  // and Left/Right collapse and expand its group (Left on one of its agents goes to the header).
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const key = (event.target as HTMLElement).closest<HTMLElement>("[data-nav-key]")?.dataset.navKey;
    const index = key === undefined ? keys.indexOf(tabKey ?? "") : keys.indexOf(key);
    const current = items[index];
    if (current && "plugin" in current && (event.key === "ArrowLeft" || event.key === "ArrowRight")) {
      event.preventDefault();
      setGroupCollapsed(current.plugin, event.key === "ArrowLeft");
      return;
    }
    if (current && "entry" in current && event.key === "ArrowLeft" && current.entry.plugin !== undefined) {
      event.preventDefault();
      focusItem(groupKey(current.entry.plugin));
      return;
    }
    const next = event.key === "ArrowDown" ? index + 1 : event.key === "ArrowUp" ? index - 1 : event.key === "Home" ? 0 : event.key === "End" ? items.length - 1 : null;
    if (next === null) return;
    event.preventDefault();
    const item = items[Math.max(0, Math.min(items.length - 1, next))];
    if (!item) return;
    if ("entry" in item) selectEntry(item.entry.id);
    focusItem(item.key);
  };

  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    const key = event.target.closest<HTMLElement>("[data-nav-key]")?.dataset.navKey;
    if (key !== undefined && key !== activeKey) setActiveKey(key);
  };

  const option = (entry: ProjectEntry, label: string) => (
    <EntryOption
      key={entry.id}
      entry={entry}
      label={label}
      folder={project?.folder ?? ""}
      selected={entry.id === selectedId}
      tabbable={tabKey === entryKey(entry.id)}
      counts={problemsByEntry.get(entry.id)}
      onSelect={() => selectEntry(entry.id)}
    />
  );

  return (
    <Panel title="Agents" meta={project ? entries.length : undefined} className="agents-panel">
      <Notices area="project" />
      {loadingFolder ? (
        <EmptyState title="Loading project…" tone="loading">
          <p className="muted">{loadingFolder}</p>
        </EmptyState>
      ) : !project ? (
        <EmptyState title={ready ? "Open a folder to see its agents" : "Connecting to June Studio…"} tone={ready ? "neutral" : "loading"}>
          {ready && (
            <p className="muted">
              Use <strong>Open folder</strong> in the top bar. Its workflows (<code>*.tsx</code>) and markdown agents in <code>.claude/agents/</code> show up here.
            </p>
          )}
        </EmptyState>
      ) : entries.length === 0 ? (
        <EmptyState title="No agents in this folder">
          <p className="muted">Add a workflow file or a markdown agent under <code>.claude/agents/</code>; the list updates as you save.</p>
        </EmptyState>
      ) : (
        <div role="listbox" aria-label="Agents of this folder" className="entry-list" ref={listRef} onKeyDown={onKeyDown} onFocus={onFocus}>
          {own.map((entry) => option(entry, entry.name))}
          {plugins.map((group, index) => {
            const isCollapsed = collapsed.has(group.plugin);
            return (
              <div key={group.plugin} role="group" id={groupId(index)} aria-label={`${group.plugin} plugin`} className="entry-group">
                <GroupHeader
                  group={group}
                  controls={groupId(index)}
                  collapsed={isCollapsed}
                  tabbable={tabKey === groupKey(group.plugin)}
                  holdsSelected={isCollapsed && group.entries.some((e) => e.id === selectedId)}
                  counts={isCollapsed ? sumCounts(group.entries, problemsByEntry) : undefined}
                  onToggle={() => setGroupCollapsed(group.plugin, !isCollapsed)}
                />
                {!isCollapsed && group.entries.map((entry) => option(entry, agentPart(entry)))}
              </div>
            );
          })}
        </div>
      )}
    </Panel>
  );
}

interface EntryOptionProps {
  entry: ProjectEntry;
  /** The name shown: a plugin's agent shows its own part, its header names the plugin. */
  label: string;
  folder: string;
  selected: boolean;
  tabbable: boolean;
  counts: { errors: number; warnings: number } | undefined;
  onSelect: () => void;
}

function EntryOption({ entry, label, folder, selected, tabbable, counts, onSelect }: EntryOptionProps) {
  const problemCount = counts ? counts.errors + counts.warnings : 0;
  return (
    <div
      role="option"
      aria-selected={selected}
      // The full name (with its plugin): what a screen reader announces and a test picks stays unique.
      aria-label={`${entry.name} ${entry.kind}${problemCount ? `, ${problemCount} ${plural(problemCount, "problem")}` : ""}`}
      tabIndex={tabbable ? 0 : -1}
      data-entry-id={entry.id}
      data-nav-key={entryKey(entry.id)}
      className={`entry${entry.plugin !== undefined ? " entry-in-group" : ""}`}
      title={entry.description ?? projectPath(entry.file, folder)}
      onClick={onSelect}
    >
      <span className={`entry-kind entry-kind-${entry.kind}`} aria-hidden="true">
        {entry.kind === "workflow" ? "⟨⟩" : "M↓"}
      </span>
      <span className="entry-text">
        <span className="entry-name">{label}</span>
        <span className="entry-sub">
          {entry.kind} · {projectPath(entry.file, folder)}
        </span>
      </span>
      {counts && <ProblemBadge counts={counts} />}
    </div>
  );
}

interface GroupHeaderProps {
  group: PluginGroup;
  /** The id of the group the header opens and closes. */
  controls: string;
  collapsed: boolean;
  tabbable: boolean;
  /** Collapsed over the selected agent: the header says so, since the agent can't. */
  holdsSelected: boolean;
  /** The group's problems, shown while its agents are hidden. */
  counts: { errors: number; warnings: number } | undefined;
  onToggle: () => void;
}

function GroupHeader({ group, controls, collapsed, tabbable, holdsSelected, counts, onToggle }: GroupHeaderProps) {
  const count = group.entries.length;
  return (
    <div role="presentation" className="entry-group-header">
      <button
        type="button"
        className={`entry-group-toggle${holdsSelected ? " holds-selected" : ""}`}
        aria-expanded={!collapsed}
        aria-controls={controls}
        aria-label={`${group.plugin} plugin, ${count} ${plural(count, "agent")}${holdsSelected ? ", holds the selected agent" : ""}`}
        tabIndex={tabbable ? 0 : -1}
        data-nav-key={groupKey(group.plugin)}
        title={`Agents of the ${group.plugin} plugin`}
        onClick={onToggle}
      >
        <span className="entry-group-chevron" aria-hidden="true">
          {collapsed ? "▸" : "▾"}
        </span>
        <span className="entry-group-name">{group.plugin}</span>
        <span className="entry-group-count" aria-hidden="true">
          {count}
        </span>
        {counts && counts.errors + counts.warnings > 0 && <ProblemBadge counts={counts} />}
      </button>
    </div>
  );
}

function ProblemBadge({ counts }: { counts: { errors: number; warnings: number } }) {
  const total = counts.errors + counts.warnings;
  return (
    <span className={`badge ${counts.errors > 0 ? "badge-error" : "badge-warning"}`} title={`${total} ${plural(total, "problem")}`}>
      {total}
    </span>
  );
}

/** The project's own agents in the folder's order, then each plugin's, plugins in the order they first appear. */
function groupByPlugin(entries: readonly ProjectEntry[]): { own: ProjectEntry[]; plugins: PluginGroup[] } {
  const own: ProjectEntry[] = [];
  const byPlugin = new Map<string, PluginGroup>();
  for (const entry of entries) {
    if (entry.plugin === undefined) {
      own.push(entry);
      continue;
    }
    let group = byPlugin.get(entry.plugin);
    if (!group) byPlugin.set(entry.plugin, (group = { plugin: entry.plugin, entries: [] }));
    group.entries.push(entry);
  }
  return { own, plugins: [...byPlugin.values()] };
}

/** The rows the arrow keys walk, top to bottom: a collapsed group's agents are not among them. */
function navItems(own: readonly ProjectEntry[], plugins: readonly PluginGroup[], collapsed: ReadonlySet<string>): NavItem[] {
  const items: NavItem[] = own.map((entry) => ({ key: entryKey(entry.id), entry }));
  for (const group of plugins) {
    items.push({ key: groupKey(group.plugin), plugin: group.plugin });
    if (!collapsed.has(group.plugin)) for (const entry of group.entries) items.push({ key: entryKey(entry.id), entry });
  }
  return items;
}

/** A plugin's agent is named `<plugin>:<agent>`; inside its group, the agent part is enough. */
function agentPart(entry: ProjectEntry): string {
  const prefix = `${entry.plugin}:`;
  return entry.name.startsWith(prefix) && entry.name.length > prefix.length ? entry.name.slice(prefix.length) : entry.name;
}

const entryKey = (id: string) => `entry:${id}`;
const groupKey = (plugin: string) => `plugin:${plugin}`;
const groupId = (index: number) => `agents-plugin-${index}`;
const plural = (n: number, word: string) => (n === 1 ? word : `${word}s`);

function sumCounts(entries: readonly ProjectEntry[], counts: ProblemCounts): { errors: number; warnings: number } {
  const sum = { errors: 0, warnings: 0 };
  for (const entry of entries) {
    const count = counts.get(entry.id);
    if (count) {
      sum.errors += count.errors;
      sum.warnings += count.warnings;
    }
  }
  return sum;
}

function countProblems(entries: readonly ProjectEntry[], problems: Problem[]): ProblemCounts {
  const counts: ProblemCounts = new Map();
  for (const problem of problems) {
    const entryId = problem.entryId ?? entries.find((e) => e.file === problem.file)?.id;
    if (!entryId) continue;
    const count = counts.get(entryId) ?? { errors: 0, warnings: 0 };
    if (problem.severity === "error") count.errors++;
    else count.warnings++;
    counts.set(entryId, count);
  }
  return counts;
}
