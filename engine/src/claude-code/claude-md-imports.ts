// Finding a CLAUDE.md's `@path` imports the way Claude Code reads them: an `@` at the start of a
// line or after whitespace, followed by a path, and never inside a fenced code block or an inline
// code span (so `@anthropic-ai/sdk` in backticks stays text).

/** One `@path` import: the path as written (`\ ` unescaped to a space) and its 1-based line. */
export interface MemoryImport {
  path: string;
  line: number;
}

// `@` then a run of non-space characters, where `\ ` is an escaped space inside the path.
const IMPORT = /(^|\s)@((?:\\ |\S)+)/g;
// What a path may start with: `./`, `../`, `~/`, an absolute `/x`, or a file-name character.
// This leaves out `@@`, `@#`, `@*` and a lone `@/`, which are prose, not imports.
const PATH_START = /^(?:\.{1,2}\/|~\/|\/[^/]|[A-Za-z0-9._-])/;
// Sentence punctuation after a path ("see @README.") belongs to the sentence, not to the path.
const TRAILING_PUNCTUATION = /[.,;:!?)\]}>"']+$/;
// A fence opener: up to three spaces, then three or more backticks or tildes.
const FENCE = /^ {0,3}(`{3,}|~{3,})(.*)$/;

/**
 * The `@path` imports in a CLAUDE.md's `text`, in order, skipping fenced code blocks (``` or ~~~,
 * closed by a fence of the same character at least as long) and inline code spans (a run of
 * backticks closed by a run of the same length on the same line).
 *
 * @example
 * findImports("See @README and @docs/git.md.\n`@not/this`\n```\n@nor/this\n```\n");
 * // [{ path: "README", line: 1 }, { path: "docs/git.md", line: 1 }]
 */
export function findImports(text: string): MemoryImport[] {
  const found: MemoryImport[] = [];
  let fence: { char: string; length: number } | undefined;
  text.split(/\r?\n/).forEach((line, index) => {
    const opener = FENCE.exec(line);
    if (fence) {
      if (opener && opener[1]![0] === fence.char && opener[1]!.length >= fence.length && opener[2]!.trim() === "") fence = undefined;
      return;
    }
    // A backtick fence's info string can't hold a backtick (CommonMark); then it is inline code.
    if (opener && !(opener[1]![0] === "`" && opener[2]!.includes("`"))) {
      fence = { char: opener[1]![0]!, length: opener[1]!.length };
      return;
    }
    for (const match of withoutCodeSpans(line).matchAll(IMPORT)) {
      const path = match[2]!.replace(/\\ /g, " ").replace(TRAILING_PUNCTUATION, "");
      if (PATH_START.test(path) && path !== "." && path !== "..") found.push({ path, line: index + 1 });
    }
  });
  return found;
}

/** `line` with each inline code span blanked out (a space, so words on either side stay apart). */
function withoutCodeSpans(line: string): string {
  let out = "";
  let at = 0;
  while (at < line.length) {
    const open = line.indexOf("`", at);
    if (open === -1) break;
    const length = runLength(line, open);
    const close = closingRun(line, open + length, length);
    if (close === -1) {
      // An unclosed run of backticks is literal text.
      out += line.slice(at, open + length);
      at = open + length;
      continue;
    }
    out += `${line.slice(at, open)} `;
    at = close + length;
  }
  return out + line.slice(at);
}

function runLength(line: string, from: number): number {
  let end = from;
  while (line[end] === "`") end++;
  return end - from;
}

/** Where the next run of exactly `length` backticks starts at or after `from`; -1 if none. */
function closingRun(line: string, from: number, length: number): number {
  let at = line.indexOf("`", from);
  while (at !== -1) {
    const run = runLength(line, at);
    if (run === length) return at;
    at = line.indexOf("`", at + run);
  }
  return -1;
}
