// The search half of Grep: compiles the model's pattern with RE2 (re2js), as ripgrep's default
// engine does, and finds the matching lines of one file's text, line by line or (multiline)
// across lines. RE2 matches in time linear in the text, so no pattern can stall the host the way
// `^(a+)+$` stalls a backtracking engine; the price is no backreferences and no lookaround.
import { RE2JS } from "re2js";
import { builtinError } from "./file-errors.ts";
import type { Pace } from "./pace.ts";
import { splitLines } from "./text-file.ts";

/** A compiled Grep pattern. */
export interface GrepMatcher {
  regex: RE2JS;
  multiline: boolean;
}

/** One file's lines and which of them match (0-based, ascending). */
export interface LineMatches {
  lines: string[];
  matched: number[];
}

/**
 * Compiles `pattern` in RE2 syntax (ripgrep's: inline flags like `(?i)`, `\p{L}`, `\b`, lazy
 * quantifiers). Throws `JUNE_BUILTIN_FAILED` naming the pattern when it does not compile, saying
 * so plainly for the backtracking-only syntax RE2 lacks (backreferences, lookaround).
 *
 * @example
 * compileGrepPattern("(?i)todo", { ignoreCase: false, multiline: false }).regex.test("TODO"); // true
 * compileGrepPattern("(a)\\1", { ignoreCase: false, multiline: false }); // throws: backreferences are not supported
 */
export function compileGrepPattern(pattern: string, options: { ignoreCase: boolean; multiline: boolean }): GrepMatcher {
  // Multiline searches the whole text: `.` crosses newlines, ^ and $ still anchor at lines.
  const flags = (options.ignoreCase ? RE2JS.CASE_INSENSITIVE : 0) | (options.multiline ? RE2JS.MULTILINE | RE2JS.DOTALL : 0);
  try {
    return { regex: RE2JS.compile(pattern, flags), multiline: options.multiline };
  } catch (error) {
    throw builtinError(patternError(pattern, error));
  }
}

const RE2_NOTE = "Grep uses RE2 syntax, as ripgrep does, which matches in time linear in the text";

function patternError(pattern: string, error: unknown): string {
  if (/\\[1-9]|\\k</.test(pattern)) {
    return (
      `june: Grep's pattern ${pattern} uses a backreference, which is not supported: ${RE2_NOTE}, and backreferences need ` +
      "a backtracking engine; match the repeated text itself, or search for its parts"
    );
  }
  if (/\(\?<?[=!]/.test(pattern)) {
    return (
      `june: Grep's pattern ${pattern} uses lookaround ((?=, (?!, (?<= or (?<!), which is not supported: ${RE2_NOTE}, and ` +
      "lookaround needs a backtracking engine; match the surrounding text as part of the pattern instead"
    );
  }
  const reason = (error instanceof Error ? error.message : String(error)).replace(/^error parsing regexp: /, "");
  return `june: Grep's pattern ${pattern} is not a valid regular expression: ${reason}; ${RE2_NOTE} (escape ( ) [ ] { } . * + ? | with \\ to match them literally)`;
}

/**
 * The lines of `text` and which match. A multiline match marks every line it spans. The work is
 * reported to `pace`, which may wait a turn of the event loop or throw an abort.
 *
 * @example
 * (await findMatches("a\nb\na", compileGrepPattern("a", { ignoreCase: false, multiline: false }), pace)).matched; // [0, 2]
 */
export async function findMatches(text: string, matcher: GrepMatcher, pace: Pace): Promise<LineMatches> {
  const lines = splitLines(text);
  if (!matcher.multiline) {
    const matched: number[] = [];
    for (let index = 0; index < lines.length; index++) {
      const line = lines[index]!;
      const wait = pace.spend(line.length + 1);
      if (wait) await wait;
      if (matcher.regex.test(line)) matched.push(index);
    }
    return { lines, matched };
  }
  // One search over the whole text: linear in it, and it cannot be split without changing what matches.
  await pace.spend(text.length);
  const starts = lineStarts(text);
  const matched = new Set<number>();
  const found = matcher.regex.matcher(text);
  while (found.find()) {
    const start = found.start();
    const first = lineOf(starts, start, lines.length);
    const last = lineOf(starts, Math.max(start, found.end() - 1), lines.length);
    for (let line = first; line <= last; line++) matched.add(line);
  }
  return { lines, matched: [...matched].sort((a, b) => a - b) };
}

/** True when `text` has a match; stops at the first. */
export async function hasMatch(text: string, matcher: GrepMatcher, pace: Pace): Promise<boolean> {
  if (matcher.multiline) {
    await pace.spend(text.length);
    return matcher.regex.test(text);
  }
  for (const line of splitLines(text)) {
    const wait = pace.spend(line.length + 1);
    if (wait) await wait;
    if (matcher.regex.test(line)) return true;
  }
  return false;
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
