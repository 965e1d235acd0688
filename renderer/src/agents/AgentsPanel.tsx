// "Agents": the open folder's workflows and markdown agents, each with its kind, path and problem
// count, and the agent files that failed to load with their error. A filter box narrows them (by
// name, description, path or tool), a count says how many match, and they can be grouped by
// folder or by Claude Code plugin (or not) and sorted by name or path. A real folder has hundreds
// of agents: rows are built once per snapshot, grouped once per choice, and a keystroke only
// drops rows from the groups (a deferred value, so typing never waits on the list).
import { useCallback, useDeferredValue, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { useStudio } from "../store/index.ts";
import { EmptyState, Panel } from "../ui/Panel.tsx";
import { Notices } from "../ui/Notices.tsx";
import { agentRows } from "./agent-rows.ts";
import { AgentList } from "./AgentList.tsx";
import { queryTerms } from "./filter-rows.ts";
import { filterGroups, groupRows, sortRows, type GroupBy, type SortBy } from "./group-rows.ts";
import "./agents.css";

export function AgentsPanel() {
  const project = useStudio((s) => s.project);
  const loadingFolder = useStudio((s) => s.loadingFolder);
  const ready = useStudio((s) => s.ready);
  const selectedId = useStudio((s) => s.selectedEntryId);
  const selectEntry = useStudio((s) => s.selectEntry);
  const [query, setQuery] = useState("");
  const [groupBy, setGroupBy] = useState<GroupBy>("plugin");
  const [sortBy, setSortBy] = useState<SortBy>("name");
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => new Set());
  const filterRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);

  const rows = useMemo(() => (project ? agentRows(project) : []), [project]);
  const sorted = useMemo(() => sortRows(rows, sortBy), [rows, sortBy]);
  const groups = useMemo(() => groupRows(sorted, groupBy), [sorted, groupBy]);
  const deferredQuery = useDeferredValue(query);
  const terms = useMemo(() => queryTerms(deferredQuery), [deferredQuery]);
  const shown = useMemo(() => filterGroups(groups, terms), [groups, terms]);
  const matched = useMemo(() => shown.reduce((sum, group) => sum + group.rows.length, 0), [shown]);
  const filtered = terms.length > 0;

  const onCollapse = useCallback((key: string, value: boolean) => {
    setCollapsed((current) => {
      if (current.has(key) === value) return current;
      const next = new Set(current);
      if (value) next.add(key);
      else next.delete(key);
      return next;
    });
  }, []);

  const clearFilter = () => {
    setQuery("");
    filterRef.current?.focus();
  };

  // Down from the box goes into the list (to its tab stop); Escape empties the box.
  const onFilterKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown") {
      const stop = listRef.current?.querySelector<HTMLElement>('[tabindex="0"]');
      if (stop) {
        event.preventDefault();
        stop.focus();
      }
    } else if (event.key === "Escape" && query !== "") {
      event.preventDefault();
      setQuery("");
    }
  };

  const count = filtered ? `${matched} of ${rows.length}` : `${rows.length} ${rows.length === 1 ? "agent" : "agents"}`;

  return (
    <Panel title="Agents" meta={project && rows.length > 0 ? <span role="status">{count}</span> : undefined} className="agents-panel">
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
      ) : rows.length === 0 ? (
        <EmptyState title="No agents in this folder">
          <p className="muted">Add a workflow file or a markdown agent under <code>.claude/agents/</code>; the list updates as you save.</p>
        </EmptyState>
      ) : (
        <>
          <div className="agents-toolbar">
            <input
              ref={filterRef}
              type="search"
              className="text-input agents-filter"
              aria-label="Filter agents"
              placeholder="Filter by name, path, tool…"
              spellCheck={false}
              autoComplete="off"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              onKeyDown={onFilterKeyDown}
            />
            {/* Each choice says what it is ("Group: folder"), which keeps both on one line in a narrow column. */}
            <div className="agents-view">
              <select aria-label="Group" title="Group the agents" className="agents-select" value={groupBy} onChange={(event) => setGroupBy(event.target.value as GroupBy)}>
                <option value="folder">Group: folder</option>
                <option value="plugin">Group: plugin</option>
                <option value="none">Group: none</option>
              </select>
              <select aria-label="Sort" title="Sort the agents" className="agents-select" value={sortBy} onChange={(event) => setSortBy(event.target.value as SortBy)}>
                <option value="name">Sort: name</option>
                <option value="path">Sort: path</option>
              </select>
            </div>
          </div>
          {shown.length === 0 ? (
            <EmptyState title="No agents match">
              <p className="muted">
                Nothing matches “{deferredQuery.trim()}” in the names, descriptions, paths or tools of the {rows.length} {rows.length === 1 ? "agent" : "agents"}.
              </p>
              <button type="button" className="button button-small" onClick={clearFilter}>
                Clear filter
              </button>
            </EmptyState>
          ) : (
            <div className="entry-scroll">
              <AgentList groups={shown} filtered={filtered} collapsed={collapsed} onCollapse={onCollapse} selectedId={selectedId} onSelect={selectEntry} listRef={listRef} />
            </div>
          )}
        </>
      )}
    </Panel>
  );
}
