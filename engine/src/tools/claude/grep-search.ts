// The search half of Grep: compiles the model's pattern to a JavaScript RegExp and finds the
// matching lines of one file's text, line by line or (multiline) across lines.
import { builtinError } from "./file-errors.ts";
import { splitLines } from "./text-file.ts";

/** A compiled Grep pattern. */
export interface GrepMatcher {
  regex: RegExp;
  multiline: boolean;
}

/** One file's lines and which of them match (0-based, ascending). */
export interface LineMatches {
  lines: string[];
  matched: number[];
}

/**
 * Compiles `pattern` as a JavaScript RegExp, with Unicode mode when the pattern allows it. A
 * leading `(?i)` (ripgrep's inline flag, which JavaScript lacks) turns on ignoreCase. Throws
 * `JUNE_BUILTIN_FAILED` naming the pattern when it does not compile.
 *
 * @example
 * compileGrepPattern("(?i)todo", { ignoreCase: false, multiline: false }).regex.flags; // "iu"
 */
export function compileGrepPattern(pattern: string, options: { ignoreCase: boolean; multiline: boolean }): GrepMatcher {
  let source = pattern;
  let ignoreCase = options.ignoreCase;
  if (source.startsWith("(?i)")) {
    source = source.slice(4);
    ignoreCase = true;
  }
  // Multiline searches the whole text: `.` crosses newlines, ^ and $ still anchor at lines.
  const flags = `${options.multiline ? "gms" : ""}${ignoreCase ? "i" : ""}`;
  try {
    return { regex: new RegExp(source, `${flags}u`), multiline: options.multiline };
  } catch {
    // Unicode mode rejects some escapes plain mode accepts (e.g. `\-` outside a class).
  }
  try {
    return { regex: new RegExp(source, flags), multiline: options.multiline };
  } catch (error) {
    throw builtinError(`june: Grep's pattern ${pattern} is not a valid JavaScript regular expression: ${(error as Error).message}`);
  }
}

/**
 * The lines of `text` and which match. A multiline match marks every line it spans.
 *
 * @example
 * findMatches("a\nb\na", compileGrepPattern("a", { ignoreCase: false, multiline: false })).matched; // [0, 2]
 */
export function findMatches(text: string, matcher: GrepMatcher): LineMatches {
  const lines = splitLines(text);
  if (!matcher.multiline) {
    const matched: number[] = [];
    lines.forEach((line, index) => {
      if (matcher.regex.test(line)) matched.push(index);
    });
    return { lines, matched };
  }
  const starts = lineStarts(text);
  const matched = new Set<number>();
  for (const match of text.matchAll(matcher.regex)) {
    const first = lineOf(starts, match.index, lines.length);
    const last = lineOf(starts, Math.max(match.index, match.index + match[0].length - 1), lines.length);
    for (let line = first; line <= last; line++) matched.add(line);
  }
  return { lines, matched: [...matched].sort((a, b) => a - b) };
}

/** True when `text` has a match; stops at the first. */
export function hasMatch(text: string, matcher: GrepMatcher): boolean {
  if (matcher.multiline) {
    matcher.regex.lastIndex = 0;
    return matcher.regex.test(text);
  }
  return splitLines(text).some((line) => matcher.regex.test(line));
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let at = text.indexOf("\n"); at !== -1; at = text.indexOf("\n", at + 1)) starts.push(at + 1);
  return starts;
}

// The 0-based line holding `offset`, clamped to the last line (a match at the very end).
function lineOf(starts: readonly number[], offset: number, lineCount: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (starts[middle]! <= offset) low = middle;
    else high = middle - 1;
  }
  return Math.min(low, Math.max(lineCount - 1, 0));
}
