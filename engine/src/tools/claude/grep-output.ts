// How Grep's results read: ripgrep-style `path:line:text` content, file lists and counts, paged
// by offset/head_limit and always bounded, with a note saying what was left out.

/** Result entries (lines, files) one Grep returns at most. */
export const GREP_MAX_ENTRIES = 1000;
/** Characters one Grep returns at most. */
export const GREP_MAX_CHARS = 60_000;
/** Characters kept of one content line (minified files have very long ones). */
export const GREP_MAX_LINE_CHARS = 500;

/** Which entries to show: skip `offset`, then at most `limit`. */
export interface Page {
  offset: number;
  limit: number;
}

/** The page for the model's offset/head_limit, within {@link GREP_MAX_ENTRIES}. */
export function pageOf(offset: number | undefined, headLimit: number | undefined): Page {
  return { offset: offset ?? 0, limit: Math.min(headLimit ?? GREP_MAX_ENTRIES, GREP_MAX_ENTRIES) };
}

/**
 * The content-mode lines for one file: each match (`path:12:text`) with `before`/`after`
 * context lines (`path-11-text`), and `--` between groups that are not adjacent.
 *
 * @example
 * contentLines("a.ts", ["x", "y"], [1], { before: 0, after: 0, numbers: true }); // ["a.ts:2:y"]
 */
export function contentLines(
  display: string,
  lines: readonly string[],
  matched: readonly number[],
  options: { before: number; after: number; numbers: boolean },
): string[] {
  const isMatch = new Set(matched);
  const out: string[] = [];
  let printedTo = -1;
  for (const line of matched) {
    const from = Math.max(0, line - options.before, printedTo + 1);
    const to = Math.min(lines.length - 1, line + options.after);
    if (from > to) continue;
    if (printedTo >= 0 && from > printedTo + 1) out.push("--");
    for (let index = from; index <= to; index++) {
      const mark = isMatch.has(index) ? ":" : "-";
      const number = options.numbers ? `${index + 1}${mark}` : "";
      out.push(`${display}${mark}${number}${cutLine(lines[index]!)}`);
    }
    printedTo = to;
  }
  return out;
}

/**
 * `entries` paged and bounded, with `header`/`footer` around them and a note when entries were
 * left out. `total` is how many entries there are when `entries` holds only the first ones.
 *
 * @example
 * pagedResult(["a", "b", "c"], { offset: 1, limit: 1 }); // "b\n\n(showing results 2-2 of 3; ...)"
 */
export function pagedResult(entries: readonly string[], page: Page, parts: { header?: string; footer?: string; total?: number } = {}): string {
  const total = parts.total ?? entries.length;
  const shown: string[] = [];
  let chars = 0;
  for (const entry of entries.slice(page.offset, page.offset + page.limit)) {
    if (shown.length > 0 && chars + entry.length + 1 > GREP_MAX_CHARS) break;
    shown.push(entry);
    chars += entry.length + 1;
  }
  const shownTo = page.offset + shown.length;
  // A page can end on a group separator; it separates nothing there.
  if (shown.length > 1 && shown.at(-1) === "--") shown.pop();
  const out = parts.header === undefined ? [] : [parts.header];
  out.push(...shown);
  if (shown.length === 0 && total > 0) {
    out.push(`(nothing from offset ${page.offset}: there ${total === 1 ? "is 1 result" : `are ${total} results`}; use a smaller offset)`);
  } else if (shownTo < total) {
    out.push(
      "",
      `(showing results ${page.offset + 1}-${shownTo} of ${total}; narrow the search with path, glob or type, or pass offset: ${shownTo} for the next ones)`,
    );
  }
  if (parts.footer !== undefined) out.push("", parts.footer);
  return out.join("\n");
}

function cutLine(line: string): string {
  return line.length > GREP_MAX_LINE_CHARS ? `${line.slice(0, GREP_MAX_LINE_CHARS)}… (line cut)` : line;
}
