// "Agents": the open folder's workflows and markdown agents, each with its kind and problem count.
import { useMemo, useRef, type KeyboardEvent } from "react";
import type { Problem, ProjectEntry } from "../contract/index.ts";
import { useStudio } from "../store/index.ts";
import { EmptyState, Panel } from "../ui/Panel.tsx";
import { Notices } from "../ui/Notices.tsx";
import { projectPath } from "../ui/format.ts";

export function AgentsPanel() {
  const project = useStudio((s) => s.project);
  const loadingFolder = useStudio((s) => s.loadingFolder);
  const ready = useStudio((s) => s.ready);
  const selectedId = useStudio((s) => s.selectedEntryId);
  const selectEntry = useStudio((s) => s.selectEntry);
  const listRef = useRef<HTMLUListElement>(null);

  const problemsByEntry = useMemo(() => countProblems(project?.entries ?? [], project?.problems ?? []), [project]);
  const entries = project?.entries ?? [];

  // Arrow keys move the selection, as in any listbox.
  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const index = entries.findIndex((e) => e.id === selectedId);
    const next = event.key === "ArrowDown" ? index + 1 : event.key === "ArrowUp" ? index - 1 : event.key === "Home" ? 0 : event.key === "End" ? entries.length - 1 : null;
    if (next === null) return;
    event.preventDefault();
    const entry = entries[Math.max(0, Math.min(entries.length - 1, next))];
    if (!entry) return;
    selectEntry(entry.id);
    listRef.current?.querySelector<HTMLElement>(`[data-entry-id="${CSS.escape(entry.id)}"]`)?.focus();
  };

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
        <ul role="listbox" aria-label="Agents of this folder" className="entry-list" ref={listRef} onKeyDown={onKeyDown}>
          {entries.map((entry) => {
            const selected = entry.id === selectedId;
            const counts = problemsByEntry.get(entry.id);
            const problemCount = counts ? counts.errors + counts.warnings : 0;
            return (
              <li
                key={entry.id}
                role="option"
                aria-selected={selected}
                aria-label={`${entry.name} ${entry.kind}${problemCount ? `, ${problemCount} ${problemCount === 1 ? "problem" : "problems"}` : ""}`}
                tabIndex={selected || (selectedId === null && entry === entries[0]) ? 0 : -1}
                data-entry-id={entry.id}
                className="entry"
                title={entry.description ?? projectPath(entry.file, project.folder)}
                onClick={() => selectEntry(entry.id)}
              >
                <span className={`entry-kind entry-kind-${entry.kind}`} aria-hidden="true">
                  {entry.kind === "workflow" ? "⟨⟩" : "M↓"}
                </span>
                <span className="entry-text">
                  <span className="entry-name">{entry.name}</span>
                  <span className="entry-sub">
                    {entry.kind} · {projectPath(entry.file, project.folder)}
                  </span>
                </span>
                {counts && (
                  <span className={`badge ${counts.errors > 0 ? "badge-error" : "badge-warning"}`} title={`${problemCount} ${problemCount === 1 ? "problem" : "problems"}`}>
                    {problemCount}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </Panel>
  );
}

function countProblems(entries: ProjectEntry[], problems: Problem[]): Map<string, { errors: number; warnings: number }> {
  const counts = new Map<string, { errors: number; warnings: number }>();
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
