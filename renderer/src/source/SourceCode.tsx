// The lines of a source file: numbered, the marked line (`aria-current="location"`) and its column
// shown, scrolled to the middle of the view. Plain text at once; colours arrive a block at a time
// from highlight.ts, which is imported only when a file is first shown. Lines come in blocks, and
// only the blocks near the view hold their lines (the others are empty boxes of the same height:
// every line is LINE_HEIGHT high), so a 20,000-line file opens as fast as a short one.
import { memo, useEffect, useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type ReactNode, type RefObject } from "react";
import type { SourceLanguage } from "../contract/index.ts";
import type { Token } from "./highlight.ts";

/** Lines per block: the unit of rendering and of highlighting. */
const BLOCK_LINES = 24;
/** Every line's height in CSS px (source.css reads it as --source-line-height). */
const LINE_HEIGHT = 18;
/** Blocks rendered on each side of those in view. */
const MARGIN_BLOCKS = 8;

export interface SourceCodeProps {
  text: string;
  language: SourceLanguage;
  /** What the list is called: "Lines of flows/release.tsx". */
  label: string;
  line?: number | undefined;
  column?: number | undefined;
  /** Changes on each open: the marked line is scrolled into view again. */
  viewId: number;
  listRef: RefObject<HTMLDivElement | null>;
}

/** The text as lines (a final line end ends the last line, it does not start another). */
export function splitLines(text: string): string[] {
  const lines = text.split(/\r?\n/);
  if (lines.length > 1 && lines.at(-1) === "") lines.pop();
  return lines;
}

export function SourceCode({ text, language, label, line, column, viewId, listRef }: SourceCodeProps) {
  const lines = useMemo(() => splitLines(text), [text]);
  const blocks = useMemo(() => Array.from({ length: Math.ceil(lines.length / BLOCK_LINES) }, (_, i) => lines.slice(i * BLOCK_LINES, (i + 1) * BLOCK_LINES)), [lines]);
  const { painted, note } = useHighlight(lines, language);
  const marked = line !== undefined && line >= 1 && line <= lines.length ? line - 1 : undefined;
  const range = useRenderedRange(viewId, marked === undefined ? 0 : Math.floor(marked / BLOCK_LINES), listRef);

  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    centerMarked(list, true);
    if (typeof ResizeObserver === "undefined") return;
    // A message above the lines (the editor's answer) shrinks them: bring the line back if it left the view.
    const observer = new ResizeObserver(() => centerMarked(list, false));
    observer.observe(list);
    return () => observer.disconnect();
  }, [viewId, blocks, listRef]);

  return (
    <>
      {note && <p className="source-note muted">{note}</p>}
      <div
        ref={listRef}
        className="source-lines"
        role="list"
        aria-label={label}
        tabIndex={0}
        style={{ "--source-line-height": `${LINE_HEIGHT}px` } as CSSProperties}
        onScroll={range.onScroll}
      >
        {blocks.map((block, b) => {
          const first = b * BLOCK_LINES;
          if (b < range.from || b > range.to) return <div key={b} className="source-block" role="none" style={{ height: block.length * LINE_HEIGHT }} />;
          const inBlock = marked !== undefined && marked >= first && marked < first + block.length;
          return (
            <Block
              key={b}
              first={first}
              total={lines.length}
              lines={block}
              tokens={painted[b]}
              marked={inBlock ? marked - first : undefined}
              column={inBlock ? column : undefined}
            />
          );
        })}
      </div>
    </>
  );
}

/**
 * The blocks that hold their lines: those around the marked line when a source opens, then those
 * around what the list shows as it scrolls (once a frame).
 */
function useRenderedRange(viewId: number, markedBlock: number, listRef: RefObject<HTMLDivElement | null>): { from: number; to: number; onScroll: () => void } {
  const around = (first: number, last: number) => ({ from: Math.max(0, first - MARGIN_BLOCKS), to: last + MARGIN_BLOCKS });
  const [range, setRange] = useState(() => ({ viewId, ...around(markedBlock, markedBlock) }));
  const frame = useRef(0);
  useEffect(() => () => cancelAnimationFrame(frame.current), []);
  // A new open starts around its own line (state adjusted while rendering, so the line is there to scroll to).
  const current = range.viewId === viewId ? range : { viewId, ...around(markedBlock, markedBlock) };
  if (current !== range) setRange(current);
  const onScroll = () => {
    if (frame.current) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = 0;
      const list = listRef.current;
      if (!list) return;
      const block = BLOCK_LINES * LINE_HEIGHT;
      const first = Math.floor(list.scrollTop / block);
      const last = Math.floor((list.scrollTop + list.clientHeight) / block);
      setRange((r) => (first >= r.from && last <= r.to ? r : { viewId: r.viewId, ...around(first, last) }));
    });
  };
  return { from: current.from, to: current.to, onScroll };
}

/** Scrolls the marked line to the middle of the list (only when it is out of view, unless `always`), and its column into view. */
function centerMarked(list: HTMLElement, always: boolean): void {
  const target = list.querySelector<HTMLElement>('[aria-current="location"]');
  if (!target) return;
  // From rectangles, not offsetTop: each block contains its layout, so a line's offsetTop is within its block.
  const box = list.getBoundingClientRect();
  const line = target.getBoundingClientRect();
  if (!always && line.top >= box.top && line.bottom <= box.top + list.clientHeight) return;
  list.scrollTop = Math.max(0, list.scrollTop + line.top - box.top - list.clientHeight / 2 + line.height / 2);
  const mark = target.querySelector<HTMLElement>("mark")?.getBoundingClientRect();
  const markLeft = mark ? mark.left - box.left + list.scrollLeft : 0;
  list.scrollLeft = mark && markLeft + mark.width > list.clientWidth ? Math.max(0, markLeft - list.clientWidth / 3) : 0;
}

interface BlockProps {
  first: number;
  /** The file's number of lines (each line says its place in them). */
  total: number;
  lines: string[];
  tokens: Token[][] | undefined;
  /** The marked line's index in this block. */
  marked: number | undefined;
  column: number | undefined;
}

const Block = memo(function Block({ first, total, lines, tokens, marked, column }: BlockProps) {
  return (
    <div className="source-block" role="none">
      {lines.map((text, i) => {
        const isMarked = i === marked;
        const parts: Token[] = tokens?.[i] ?? [{ content: text }];
        return (
          <div
            key={i}
            role="listitem"
            aria-posinset={first + i + 1}
            aria-setsize={total}
            className={`source-line${isMarked ? " is-marked" : ""}`}
            aria-current={isMarked ? "location" : undefined}
          >
            <span className="source-number">{first + i + 1}</span>
            <span className="source-text">{isMarked && column !== undefined ? withColumn(parts, column) : parts.map(token)}</span>
          </div>
        );
      })}
    </div>
  );
});

function token(part: Token, key: number): ReactNode {
  return part.htmlStyle ? (
    <span key={key} style={part.htmlStyle as CSSProperties}>
      {part.content}
    </span>
  ) : (
    part.content
  );
}

/** The tokens, with the character at `column` (1-based) wrapped in a <mark>. */
function withColumn(parts: Token[], column: number): ReactNode[] {
  const at = column - 1;
  const out: ReactNode[] = [];
  let offset = 0;
  let key = 0;
  let placed = false;
  for (const part of parts) {
    const end = offset + part.content.length;
    if (!placed && at >= offset && at < end) {
      const before = part.content.slice(0, at - offset);
      const char = part.content.slice(at - offset, at - offset + 1);
      const after = part.content.slice(at - offset + 1);
      if (before) out.push(token({ ...part, content: before }, key++));
      out.push(
        <mark key={key++} className="source-column" title={`column ${column}`}>
          {token({ ...part, content: char }, 0)}
        </mark>,
      );
      if (after) out.push(token({ ...part, content: after }, key++));
      placed = true;
    } else out.push(token(part, key++));
    offset = end;
  }
  // A column past the line's end (its line end): a mark after the text.
  if (!placed) out.push(<mark key={key} className="source-column source-column-end" title={`column ${column}`} />);
  return out;
}

/** The lines' tokens per block as highlight.ts hands them out, and what to say when it stopped short. */
function useHighlight(lines: string[], language: SourceLanguage): { painted: (Token[][] | undefined)[]; note?: string } {
  const [state, setState] = useState<{ lines: string[]; painted: (Token[][] | undefined)[]; note?: string }>({ lines, painted: [] });
  useEffect(() => {
    setState({ lines, painted: [] });
    if (language === "text") return;
    const controller = new AbortController();
    import("./highlight.ts")
      .then(async ({ highlight, HIGHLIGHT_MAX_LINES }) => {
        await highlight(
          lines,
          language,
          (from, tokens) => {
            if (controller.signal.aborted) return;
            setState((previous) => {
              const painted = previous.painted.slice();
              painted[from / BLOCK_LINES] = tokens;
              return { ...previous, painted };
            });
          },
          controller.signal,
          BLOCK_LINES,
        );
        if (!controller.signal.aborted && lines.length > HIGHLIGHT_MAX_LINES) {
          setState((previous) => ({ ...previous, note: `Colours stop at line ${HIGHLIGHT_MAX_LINES.toLocaleString("en-US")}: the rest of this long file is plain text.` }));
        }
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setState((previous) => ({ ...previous, note: `Shown without colours: the highlighter failed (${error instanceof Error ? error.message : String(error)}).` }));
      });
    return () => controller.abort();
  }, [lines, language]);
  // Tokens of other lines (the file changed) are never painted over these.
  return state.lines === lines ? state : { painted: [] };
}
