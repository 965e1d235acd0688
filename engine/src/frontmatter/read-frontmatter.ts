// Reading a markdown file's frontmatter (an agent's, a skill's) as tolerantly as Claude Code does:
// a BOM, CRLF, `---` in the body, and the unquoted `: ` inside a description that strict YAML
// refuses all load. Line numbers stay those of the file, so every diagnostic can point at the key
// at fault.
import { LineCounter, isMap, isPair, isScalar, isSeq, parseDocument, type Document } from "yaml";
import type { JuneErrorCode } from "../errors/index.ts";
import { quoteSpans, plainScalarSpans, type ScalarSpan } from "./recovery.ts";

/** A markdown file (an agent, a skill) split into its frontmatter (as data) and its body. */
export interface Frontmatter {
  data: Record<string, unknown>;
  /** The 1-based file line of each top-level key. */
  keyLines: Record<string, number>;
  /** Everything after the closing `---`, untrimmed, with `\n` line endings. */
  body: string;
  /** The file line of the opening `---`. */
  startLine: number;
  /** True when strict YAML refused the frontmatter and quoting plain values made it parse. */
  recovered: boolean;
}

/**
 * Why the frontmatter could not be read, and where. Shaped like markdown/'s Diagnostic (an error
 * of the file, at a line and column), so an agent file's loader reports it as it is.
 */
export interface FrontmatterProblem {
  severity: "error";
  code: Extract<JuneErrorCode, "JUNE_FRONTMATTER_INVALID">;
  message: string;
  file: string;
  /** 1-based file line. */
  line: number;
  column: number;
}

export type FrontmatterResult = { ok: true; frontmatter: Frontmatter } | { ok: false; diagnostic: FrontmatterProblem };

/** Rounds of re-quoting after the first parse; each round must fix something or we stop. */
const MAX_RECOVERY_ROUNDS = 4;

/**
 * Splits `text` into frontmatter and body. The frontmatter opens on the first non-blank line
 * with `---` and closes at the next `---` line; later `---` lines belong to the body.
 *
 * @example
 * const result = readFrontmatter("triage.md", "---\nname: triage\ndescription: Sorts: bugs\n---\nYou sort.");
 * if (result.ok) result.frontmatter.data.description; // "Sorts: bugs"
 */
export function readFrontmatter(file: string, text: string): FrontmatterResult {
  const lines = (text.startsWith("\uFEFF") ? text.slice(1) : text).split(/\r\n|\r|\n/);
  let open = 0;
  while (open < lines.length && lines[open]!.trim() === "") open++;
  if (open >= lines.length || lines[open]!.trimEnd() !== "---") {
    const line = Math.min(open, Math.max(lines.length - 1, 0)) + 1;
    return fail(file, line,
      `june: ${file}:${line}: the file has no frontmatter. An agent file starts with a \`---\` line, then YAML with at least ` +
        "`name:` and `description:`, then a closing `---` line, then the agent's instructions.");
  }
  let close = open + 1;
  while (close < lines.length && lines[close]!.trimEnd() !== "---") close++;
  if (close >= lines.length) {
    return fail(file, open + 1,
      `june: ${file}:${open + 1}: the frontmatter opened here is never closed: add a \`---\` line after its last key.`);
  }
  // File line of the frontmatter's first YAML line (1-based).
  const firstLine = open + 2;
  const parsed = parseTolerantly(lines.slice(open + 1, close));
  if (!parsed.ok) {
    const { line, col, message } = parsed;
    return fail(file, firstLine + line - 1,
      `june: ${file}:${firstLine + line - 1}: the frontmatter is not valid YAML: ${message}. ` +
        'Quote the value (e.g. description: "…"), or use a block scalar (description: |).', col);
  }
  const { doc, lineCounter, recovered } = parsed;
  if (doc.contents !== null && !isMap(doc.contents)) {
    return fail(file, firstLine, `june: ${file}:${firstLine}: the frontmatter must be \`key: value\` lines (a YAML mapping), not a list or a single value.`);
  }
  // No prototype: a key named `constructor` or `__proto__` is a key like any other.
  const keyLines: Record<string, number> = Object.create(null) as Record<string, number>;
  for (const pair of isMap(doc.contents) ? doc.contents.items : []) {
    if (isScalar(pair.key) && pair.key.range) keyLines[String(pair.key.value)] = firstLine + lineCounter.linePos(pair.key.range[0]).line - 1;
  }
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: 100 }) ?? {};
  } catch (error) {
    return fail(file, firstLine, `june: ${file}:${firstLine}: the frontmatter could not be read: ${error instanceof Error ? error.message : String(error)}`);
  }
  return {
    ok: true,
    frontmatter: { data: data as Record<string, unknown>, keyLines, body: lines.slice(close + 1).join("\n"), startLine: open + 1, recovered },
  };
}

type Parsed =
  | { ok: true; doc: Document; lineCounter: LineCounter; recovered: boolean }
  | { ok: false; line: number; col: number; message: string };

/** One YAML error, where it is (1-based line and column) and what it says. */
interface YamlError {
  offset: number;
  line: number;
  col: number;
  message: string;
}

interface Attempt {
  doc: Document;
  lineCounter: LineCounter;
  errors: YamlError[];
}

// Strict first; then quote plain values holding ": " (what Claude Code files most often carry);
// then quote whatever values the remaining errors sit in, until none remain or nothing changes.
function parseTolerantly(lines: string[]): Parsed {
  let attempt = parse(lines);
  if (attempt.errors.length === 0) return { ok: true, doc: attempt.doc, lineCounter: attempt.lineCounter, recovered: false };
  let current = lines;
  const spans = plainScalarSpans(lines);
  const done = new Set<ScalarSpan>();
  // A flow collection ({a: b}) holds colons legitimately; it is quoted only if an error sits in it.
  const colonSpans = spans.filter((span) => /:(\s|$)/.test(span.value) && !/^[[{]/.test(span.value));
  for (let round = 0; round <= MAX_RECOVERY_ROUNDS; round++) {
    const errorLines = new Set(attempt.errors.map((e) => e.line));
    const pending = colonSpans.filter((s) => !done.has(s));
    const next = pending.length > 0 ? pending : spans.filter((s) => !done.has(s) && touches(s, errorLines));
    if (next.length === 0) break;
    next.forEach((span) => done.add(span));
    current = quoteSpans(current, next);
    attempt = parse(current);
    if (attempt.errors.length === 0) return { ok: true, doc: attempt.doc, lineCounter: attempt.lineCounter, recovered: true };
  }
  const { line, col, message } = attempt.errors[0]!;
  return { ok: false, line, col, message };
}

function parse(lines: string[]): Attempt {
  const lineCounter = new LineCounter();
  // Neither of yaml's own uniqueKeys and prettyErrors: the first compares each key with every key
  // before it (100,000 keys took minutes), the second copies the whole line into every error (a
  // megabyte line with a thousand errors took seconds). Both are done here in one pass instead.
  const doc = parseDocument(lines.join("\n"), { lineCounter, uniqueKeys: false, prettyErrors: false });
  const found = [
    ...doc.errors.map((error) => ({ offset: error.pos[0], message: error.message.split(/ at line \d+/)[0]!.trim() })),
    ...duplicateKeyOffsets(doc).map((offset) => ({ offset, message: "Map keys must be unique" })),
  ];
  const errors = found.map(({ offset, message }) => ({ offset, message, ...(offset >= 0 ? lineCounter.linePos(offset) : { line: 1, col: 1 }) }));
  return { doc, lineCounter, errors: errors.sort((a, b) => a.offset - b.offset) };
}

/**
 * Where each key repeating an earlier key of its mapping starts (yaml's rule: scalar keys with
 * the same value), at any depth. Walked with a stack, not recursion: nesting can be thousands deep.
 */
function duplicateKeyOffsets(doc: Document): number[] {
  const offsets: number[] = [];
  const stack: unknown[] = [doc.contents];
  while (stack.length > 0) {
    const node = stack.pop();
    if (isMap(node)) {
      const seen = new Set<unknown>();
      for (const pair of node.items) {
        if (isScalar(pair.key) && pair.key.range) {
          if (seen.has(pair.key.value)) offsets.push(pair.key.range[0]);
          else seen.add(pair.key.value);
        }
        stack.push(pair.key, pair.value);
      }
    } else if (isSeq(node)) {
      for (const item of node.items) stack.push(item);
    } else if (isPair(node)) {
      stack.push(node.key, node.value);
    }
  }
  return offsets;
}

/** Whether a value's lines (0-based start..end, errors 1-based) hold one of the error lines. */
function touches(span: ScalarSpan, errorLines: Set<number>): boolean {
  for (let line = span.start + 1; line <= span.end + 1; line++) if (errorLines.has(line)) return true;
  return false;
}

function fail(file: string, line: number, message: string, column = 1): FrontmatterResult {
  return { ok: false, diagnostic: { severity: "error", code: "JUNE_FRONTMATTER_INVALID", message, file, line, column } };
}
