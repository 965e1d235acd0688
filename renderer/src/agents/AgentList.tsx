// The listbox "Agents of this folder": its groups' headers and its agents, with one tab stop that
// the keys move (roving focus, as a native listbox): Up/Down/Home/End move the active row, Enter
// or Space selects the agent there, letters typed move to the next agent they start, Left/Right
// close and open a group. Moving is cheap; selecting draws the agent's tree, so only Enter,
// Space or a click selects.
import { Fragment, useCallback, useEffect, useId, useMemo, useRef, useState, type FocusEvent, type KeyboardEvent, type Ref } from "react";
import { AgentOption, GroupHeader, groupName } from "./AgentOption.tsx";
import { groupKey, navItems, rowKey, rowLabel, type RowGroup } from "./group-rows.ts";
import { TYPE_AHEAD_RESET_MS, typeAheadIndex } from "./type-ahead.ts";

export interface AgentListProps {
  /** The groups to draw, already filtered. */
  groups: readonly RowGroup[];
  /** Whether a filter narrows them (headers then count "n of m"). */
  filtered: boolean;
  collapsed: ReadonlySet<string>;
  onCollapse: (key: string, collapsed: boolean) => void;
  selectedId: string | null;
  onSelect: (id: string) => void;
  listRef?: Ref<HTMLDivElement>;
}

export function AgentList({ groups, filtered, collapsed, onCollapse, selectedId, onSelect, listRef }: AgentListProps) {
  const ownRef = useRef<HTMLDivElement>(null);
  const idPrefix = useId();
  // The row that keeps the list's one tab stop once the keys moved there (a header, say).
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const typed = useRef<{ text: string; timer: ReturnType<typeof setTimeout> | undefined }>({ text: "", timer: undefined });
  useEffect(() => () => clearTimeout(typed.current.timer), []);

  const items = useMemo(() => navItems(groups, collapsed), [groups, collapsed]);
  const indexOf = useMemo(() => new Map(items.map((item, index) => [item.key, index])), [items]);
  const typeAheadNames = useMemo(() => items.map((item) => ("row" in item ? [item.label] : null)), [items]);

  // The list's one tab stop: where the keys last were, else the selected agent (or the header of
  // the collapsed group that hides it), else the first row.
  const hiddenIn = groups.find((group) => group.label !== undefined && collapsed.has(group.key) && group.rows.some((row) => row.id === selectedId));
  const selectedRow = hiddenIn ? groupKey(hiddenIn.key) : selectedId !== null ? rowKey(selectedId) : null;
  const tabKey = activeKey !== null && indexOf.has(activeKey) ? activeKey : selectedRow !== null && indexOf.has(selectedRow) ? selectedRow : (items[0]?.key ?? null);

  const onToggle = useCallback((key: string) => onCollapse(key, !collapsed.has(key)), [collapsed, onCollapse]);

  const focusItem = (key: string) => ownRef.current?.querySelector<HTMLElement>(`[data-nav-key="${CSS.escape(key)}"]`)?.focus();

  // A pause ends the prefix, as in a native list.
  const typeAhead = (char: string, from: number) => {
    const state = typed.current;
    clearTimeout(state.timer);
    state.text += char;
    state.timer = setTimeout(() => {
      state.text = "";
    }, TYPE_AHEAD_RESET_MS);
    const item = items[typeAheadIndex(typeAheadNames, from, state.text)];
    if (item) focusItem(item.key);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const key = (event.target as HTMLElement).closest<HTMLElement>("[data-nav-key]")?.dataset.navKey;
    const index = indexOf.get(key ?? tabKey ?? "") ?? -1;
    const current = items[index];
    // A printable character types ahead; Space does too while a prefix is being typed.
    if (event.key.length === 1 && (event.key !== " " || typed.current.text !== "")) {
      event.preventDefault();
      typeAhead(event.key, index);
      return;
    }
    if (current && "group" in current && (event.key === "ArrowLeft" || event.key === "ArrowRight")) {
      event.preventDefault();
      onCollapse(current.group.key, event.key === "ArrowLeft");
      return;
    }
    if (current && "row" in current && event.key === "ArrowLeft") {
      const group = groups.find((g) => g.label !== undefined && g.rows.includes(current.row));
      if (group) {
        event.preventDefault();
        focusItem(groupKey(group.key));
      }
      return;
    }
    if (current && "row" in current && (event.key === "Enter" || event.key === " ")) {
      event.preventDefault();
      if (!current.row.broken) onSelect(current.row.id);
      return;
    }
    const last = items.length - 1;
    const next = event.key === "ArrowDown" ? index + 1 : event.key === "ArrowUp" ? index - 1 : event.key === "Home" ? 0 : event.key === "End" ? last : null;
    if (next === null) return;
    event.preventDefault();
    const item = items[Math.max(0, Math.min(last, next))];
    if (item) focusItem(item.key);
  };

  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    const key = event.target.closest<HTMLElement>("[data-nav-key]")?.dataset.navKey;
    if (key !== undefined && key !== activeKey) setActiveKey(key);
  };

  const setRefs = (node: HTMLDivElement | null) => {
    ownRef.current = node;
    if (typeof listRef === "function") listRef(node);
    else if (listRef) listRef.current = node;
  };

  return (
    <div role="listbox" aria-label="Agents of this folder" className="entry-list" ref={setRefs} onKeyDown={onKeyDown} onFocus={onFocus}>
      {groups.map((group, groupIndex) => {
        const options = (inGroup: boolean) =>
          group.rows.map((row) => (
            <AgentOption
              key={row.id}
              row={row}
              label={rowLabel(row, group)}
              path={group.kind === "folder" && row.folder !== "" ? row.path.slice(row.folder.length + 1) : row.path}
              inGroup={inGroup}
              selected={row.id === selectedId}
              tabbable={tabKey === rowKey(row.id)}
              errorId={`${idPrefix}-error-${row.order}`}
              onSelect={onSelect}
            />
          ));
        if (group.label === undefined) return <Fragment key={group.key}>{options(false)}</Fragment>;
        const isCollapsed = collapsed.has(group.key);
        const id = `${idPrefix}-group-${groupIndex}`;
        return (
          <div key={group.key} role="group" id={id} aria-label={groupName(group)} className="entry-group">
            <GroupHeader
              group={group}
              controls={id}
              collapsed={isCollapsed}
              tabbable={tabKey === groupKey(group.key)}
              filtered={filtered}
              holdsSelected={isCollapsed && group.rows.some((row) => row.id === selectedId)}
              onToggle={onToggle}
            />
            {!isCollapsed && options(true)}
          </div>
        );
      })}
    </div>
  );
}
