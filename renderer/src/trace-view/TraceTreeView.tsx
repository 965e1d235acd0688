// The selected run's trace as an ARIA tree: a flat list of treeitems with level, position and
// expanded state, keyboard navigable (arrows, Home/End, Enter). Large runs render only the rows
// in view, so a 10,000-node run scrolls as smoothly as a ten-node one. Where the run is stopped is
// marked (aria-current="step", "stopped here"), expanded to and scrolled into view; rows with a
// breakpoint show its dot, and nodes answered from a record say "replayed".
import { memo, useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";
import type { TraceNode } from "../contract/index.ts";
import { pathTo, visibleRows, type TreeRow } from "../trace/index.ts";
import { KindIcon } from "../ui/KindIcon.tsx";
import { STATUS_LABEL, elapsed, formatDuration, formatTokens } from "../ui/format.ts";

const ROW_HEIGHT = 24;
/** Below this many rows everything renders (and tests in jsdom, which has no layout, see all rows). */
const WINDOW_THRESHOLD = 400;
const OVERSCAN = 20;

export interface TraceTreeViewProps {
  root: TraceNode;
  selectedId: string | null;
  onSelect: (id: string) => void;
  now: number;
  label: string;
  /** Every node by id (to reach the stopped node's ancestors). */
  nodes?: ReadonlyMap<string, TraceNode>;
  /** The node the run is stopped at. */
  currentId?: string;
  /** Nodes a breakpoint stops at. */
  armed?: ReadonlySet<string>;
  /** Nodes answered from a recorded run. */
  replayed?: ReadonlyMap<string, unknown>;
}

const NONE = new Set<string>();
const NO_REPLAYS = new Map<string, unknown>();

export function TraceTreeView({ root, selectedId, onSelect, now, label, nodes, currentId, armed = NONE, replayed = NO_REPLAYS }: TraceTreeViewProps) {
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => new Set());
  const rows = useMemo(() => visibleRows(root, collapsed), [root, collapsed]);
  const containerRef = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(600);
  const focusNext = useRef<string | null>(null);

  const windowed = rows.length > WINDOW_THRESHOLD;
  const first = windowed ? Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN) : 0;
  const last = windowed ? Math.min(rows.length, Math.ceil((scrollTop + viewport) / ROW_HEIGHT) + OVERSCAN) : rows.length;
  const activeId = selectedId && rows.some((r) => r.node.id === selectedId) ? selectedId : rows[0]?.node.id;

  // The viewport's height, observed rather than read: reading clientHeight per batch forces a layout.
  useEffect(() => {
    const el = containerRef.current;
    if (!el || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry && entry.contentRect.height > 0) setViewport(entry.contentRect.height);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  // A new stop: open the nodes above it, then bring its row into view (without moving focus).
  useEffect(() => {
    if (!currentId || !nodes) return;
    const above = pathTo(nodes, currentId).slice(0, -1);
    setCollapsed((before) => (above.some((n) => before.has(n.id)) ? new Set([...before].filter((id) => !above.some((n) => n.id === id))) : before));
  }, [currentId, nodes]);
  const currentIndex = currentId ? rows.findIndex((r) => r.node.id === currentId) : -1;
  useEffect(() => {
    const el = containerRef.current;
    if (!el || currentIndex < 0 || !currentId) return;
    if (windowed) {
      const top = currentIndex * ROW_HEIGHT;
      if (top < el.scrollTop || top + ROW_HEIGHT > el.scrollTop + el.clientHeight) {
        el.scrollTop = Math.max(0, top - el.clientHeight / 2);
        setScrollTop(el.scrollTop);
      }
      return;
    }
    const row = el.querySelector<HTMLElement>(`[data-node-id="${CSS.escape(currentId)}"]`);
    if (typeof row?.scrollIntoView === "function") row.scrollIntoView({ block: "nearest" });
    // Only a new stop scrolls; the rows growing under it afterwards leave the user's scroll alone.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [currentId, currentIndex >= 0]);

  // After a keyboard move, focus the row once it is rendered.
  useEffect(() => {
    const id = focusNext.current;
    if (!id) return;
    focusNext.current = null;
    containerRef.current?.querySelector<HTMLElement>(`[data-node-id="${CSS.escape(id)}"]`)?.focus();
  });

  const toggle = useCallback((id: string) => {
    setCollapsed((before) => {
      const next = new Set(before);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);

  const moveTo = (index: number) => {
    const row = rows[Math.max(0, Math.min(rows.length - 1, index))];
    if (!row) return;
    const el = containerRef.current;
    if (el && windowed) {
      const top = rows.indexOf(row) * ROW_HEIGHT;
      if (top < el.scrollTop) el.scrollTop = top;
      else if (top + ROW_HEIGHT > el.scrollTop + el.clientHeight) el.scrollTop = top + ROW_HEIGHT - el.clientHeight;
      setScrollTop(el.scrollTop);
    }
    focusNext.current = row.node.id;
    onSelect(row.node.id);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = rows.findIndex((r) => r.node.id === activeId);
    const row = rows[index];
    if (!row) return;
    const hasChildren = row.node.children.length > 0;
    switch (event.key) {
      case "ArrowDown":
        moveTo(index + 1);
        break;
      case "ArrowUp":
        moveTo(index - 1);
        break;
      case "Home":
        moveTo(0);
        break;
      case "End":
        moveTo(rows.length - 1);
        break;
      case "ArrowRight":
        if (hasChildren && !row.expanded) toggle(row.node.id);
        else if (hasChildren) moveTo(index + 1);
        break;
      case "ArrowLeft":
        if (hasChildren && row.expanded) toggle(row.node.id);
        else moveTo(rows.findIndex((r) => r.node.id === row.node.parentId));
        break;
      case "Enter":
      case " ":
        onSelect(row.node.id);
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  return (
    <div
      ref={containerRef}
      role="tree"
      aria-label={label}
      className="trace-tree"
      onKeyDown={onKeyDown}
      onScroll={windowed ? (e) => setScrollTop(e.currentTarget.scrollTop) : undefined}
    >
      {windowed && <div style={{ height: first * ROW_HEIGHT }} aria-hidden="true" />}
      {rows.slice(first, last).map((row) => (
        <TraceRow
          key={row.node.id}
          row={row}
          selected={row.node.id === selectedId}
          active={row.node.id === activeId}
          current={row.node.id === currentId}
          armed={armed.has(row.node.id)}
          replayed={replayed.has(row.node.id)}
          now={now}
          onSelect={onSelect}
          onToggle={toggle}
        />
      ))}
      {windowed && <div style={{ height: (rows.length - last) * ROW_HEIGHT }} aria-hidden="true" />}
    </div>
  );
}

interface TraceRowProps {
  row: TreeRow;
  selected: boolean;
  active: boolean;
  current: boolean;
  armed: boolean;
  replayed: boolean;
  now: number;
  onSelect: (id: string) => void;
  onToggle: (id: string) => void;
}

// Rows re-render only when their node (a new object whenever it or a descendant changes) or
// their state does; a running node's duration also follows `now`.
const TraceRow = memo(
  function TraceRow({ row, selected, active, current, armed, replayed, now, onSelect, onToggle }: TraceRowProps) {
    const { node } = row;
    const hasChildren = node.children.length > 0;
    const live = node.status === "running" || node.status === "waiting";
    return (
      <div
        role="treeitem"
        aria-label={`${node.kind} ${node.name}, ${statusLabel(node)}${replayed ? ", replayed" : ""}${current ? ", stopped here" : ""}`}
        aria-current={current ? "step" : undefined}
        aria-level={row.level}
        aria-posinset={row.position}
        aria-setsize={row.siblings}
        aria-expanded={hasChildren ? row.expanded : undefined}
        aria-selected={selected}
        tabIndex={active ? 0 : -1}
        data-node-id={node.id}
        className={`trace-row status-row-${node.status}${selected ? " is-selected" : ""}${current ? " is-current" : ""}`}
        style={{ paddingLeft: 6 + (row.level - 1) * 14 }}
        onClick={() => onSelect(node.id)}
      >
        <span
          className={`twisty${hasChildren ? "" : " is-leaf"}`}
          aria-hidden="true"
          onClick={(e) => {
            e.stopPropagation();
            if (hasChildren) onToggle(node.id);
          }}
        >
          {hasChildren ? (row.expanded ? "▾" : "▸") : ""}
        </span>
        <span className={`breakpoint-dot${armed ? " is-armed" : ""}`} aria-hidden="true" title={armed ? "Breakpoint" : undefined} />
        <KindIcon kind={node.kind} />
        <span className="trace-name">{node.name}</span>
        {/* The row's name is its aria-label (kind, name, state); what else the row shows is drawn by CSS
            from data-text (ui/base.css), so the visible text and the name agree as WCAG 2.5.3 asks. */}
        {current && <span className="stopped-here" data-text="stopped here" aria-hidden="true" />}
        {replayed && <span className="chip chip-replayed" data-text="replayed" aria-hidden="true" />}
        {shownModel(node) && <span className="trace-sub" data-text={shownModel(node)} aria-hidden="true" />}
        <span className={`status-dot status-${isDenied(node) ? "failed" : node.status}`} aria-hidden="true" title={statusLabel(node)} />
        <span className="trace-num" data-text={formatDuration(elapsed(node.startedAt, node.endedAt, live ? now : (node.endedAt ?? now)))} aria-hidden="true" />
        <span className="trace-num trace-num-tokens" data-text={node.usage.totalTokens > 0 ? `${formatTokens(node.usage.totalTokens)} tok` : ""} aria-hidden="true" />
      </div>
    );
  },
  (a, b) =>
    a.row.node === b.row.node &&
    a.row.expanded === b.row.expanded &&
    a.row.level === b.row.level &&
    a.row.position === b.row.position &&
    a.row.siblings === b.row.siblings &&
    a.selected === b.selected &&
    a.active === b.active &&
    a.current === b.current &&
    a.armed === b.armed &&
    a.replayed === b.replayed &&
    (a.now === b.now || a.row.node.endedAt !== null) &&
    a.onSelect === b.onSelect &&
    a.onToggle === b.onToggle,
);

// A model call is named for its provider; the model it asked for shows beside, when it differs.
function shownModel(node: TraceNode): string | undefined {
  return node.kind === "model-call" && node.input && node.input.modelId !== node.name ? node.input.modelId : undefined;
}

// An approval the person denied ended normally, but what a reader needs is the decision.
function isDenied(node: TraceNode): boolean {
  return node.kind === "approval" && node.output?.approved === false;
}

function statusLabel(node: TraceNode): string {
  return isDenied(node) ? "denied" : STATUS_LABEL[node.status];
}
