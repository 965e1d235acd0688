// Recovering frontmatter strict YAML refuses, line-wise: a plain value (with its continuation
// lines) is rewritten as one double-quoted string on its key's line, and the continuation lines
// are blanked, so every other line keeps its number.

/** One `key: value` whose value is a plain (unquoted, non-block) scalar, maybe over several lines. */
export interface ScalarSpan {
  /** 0-based index of the key's line. */
  start: number;
  /** 0-based index of the value's last line. */
  end: number;
  /** The line up to and including the `:` after the key. */
  head: string;
  /** The value as YAML would fold it: lines joined by spaces, a blank line as a newline. */
  value: string;
}

// A key (plain, or quoted) then `:` and a value on the same line. A plain key runs to the first
// `:` with nothing after it that can also match blanks: `[^:#]*?\s*:` backtracked quadratically
// over a long blank run (a megabyte of spaces took minutes).
const KEY_LINE = /^(\s*(?:[^\s#'"\-?:,[\]{}][^:#]*|"[^"]*"\s*|'[^']*'\s*):)[ \t]+(\S.*)$/;
// Values YAML reads as something other than a plain scalar: quoted, block, alias, tag, anchor.
const NOT_PLAIN = /^["'|>&*!%@`]/;

/** Every plain-valued `key: value` in the lines, with the continuation lines that belong to it. */
export function plainScalarSpans(lines: readonly string[]): ScalarSpan[] {
  const spans: ScalarSpan[] = [];
  for (let i = 0; i < lines.length; i++) {
    const match = KEY_LINE.exec(lines[i]!);
    // No match, or a comment where the value would be (a nested mapping may follow).
    if (!match || match[2]!.startsWith("#")) continue;
    const end = lastContinuation(lines, i);
    // A block scalar's or a quoted string's own lines are never keys: skip them whole.
    if (NOT_PLAIN.test(match[2]!)) {
      i = end;
      continue;
    }
    spans.push({ start: i, end, head: match[1]!, value: fold(match[2]!, lines.slice(i + 1, end + 1)) });
    i = end;
  }
  return spans;
}

/** The lines with each span's value written as a double-quoted YAML string (JSON's escapes). */
export function quoteSpans(lines: readonly string[], spans: readonly ScalarSpan[]): string[] {
  const out = [...lines];
  for (const span of spans) {
    out[span.start] = `${span.head} ${JSON.stringify(span.value)}`;
    for (let j = span.start + 1; j <= span.end; j++) out[j] = "";
  }
  return out;
}

/** The last line more indented than line `i` before the next line that is not (blank lines skipped). */
function lastContinuation(lines: readonly string[], i: number): number {
  const indent = indentOf(lines[i]!);
  let end = i;
  for (let j = i + 1; j < lines.length; j++) {
    const line = lines[j]!;
    if (line.trim() === "") continue;
    if (indentOf(line) <= indent) break;
    end = j;
  }
  return end;
}

function fold(first: string, rest: readonly string[]): string {
  let value = first.trimEnd();
  let newlines = 0;
  for (const line of rest) {
    if (line.trim() === "") {
      newlines++;
      continue;
    }
    value += newlines > 0 ? "\n".repeat(newlines) : " ";
    value += line.trim();
    newlines = 0;
  }
  return value;
}

function indentOf(line: string): number {
  return line.length - line.trimStart().length;
}
