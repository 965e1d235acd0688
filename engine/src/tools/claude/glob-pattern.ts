// A small glob matcher for Glob and Grep's `glob`: `*`, `?`, `**`, `[...]`, `{a,b}` and `\`
// escapes, compiled to one regular expression over "/"-separated paths and run by RE2 (re2js),
// which matches in time linear in the path. A backtracking engine (JavaScript's RegExp, and so
// picomatch, which compiles to one: 22 s measured) stalls on `*a*a*a*a*a*a*a*a*a*a*b` against a
// 40-character name of a's. Hidden files match like any other.
import { RE2JS } from "re2js";
import { builtinError } from "./file-errors.ts";

/** A compiled glob: `test` says whether a "/"-separated relative path matches all of it. */
export interface GlobMatcher {
  test(relativePath: string): boolean;
}

/** A glob split into the folder it starts from and the part that needs matching. */
export interface GlobParts {
  /** The leading segments without glob syntax ("" when the first segment has some; "/" for an absolute glob at the root). */
  base: string;
  /** The rest, matched against paths relative to `base`. */
  rest: string;
  /** How deep below `base` a match can be: Infinity with `**`, else the number of segments of `rest`. */
  maxDepth: number;
}

const MAGIC = /[*?[\]{}\\]/;

/**
 * Splits `pattern` into a literal base folder and the part to match, so a search walks only
 * what it must. The last segment always stays in `rest`.
 *
 * @example
 * splitGlob("src/**\/*.ts"); // { base: "src", rest: "**\/*.ts", maxDepth: Infinity }
 * splitGlob("/work/app/*.md"); // { base: "/work/app", rest: "*.md", maxDepth: 1 }
 */
export function splitGlob(pattern: string): GlobParts {
  const segments = pattern.split("/");
  let literal = 0;
  while (literal < segments.length - 1 && !MAGIC.test(segments[literal]!)) literal++;
  let base = segments.slice(0, literal).join("/");
  if (base === "" && pattern.startsWith("/")) base = "/";
  const rest = segments.slice(literal).join("/");
  const maxDepth = rest.includes("**") ? Infinity : rest.split("/").length;
  return { base, rest, maxDepth };
}

/**
 * `pattern` as a matcher of whole "/"-separated relative paths. `*` and `?` never cross a "/";
 * a `**` segment matches any number of folders. Throws `JUNE_BUILTIN_FAILED` for a glob that
 * cannot compile (e.g. a reversed range `[z-a]`).
 *
 * @example
 * compileGlob("**\/*.{ts,tsx}").test("src/app.tsx"); // true
 * compileGlob("*.ts").test("src/app.ts"); // false: `*` stays in one folder
 */
export function compileGlob(pattern: string): GlobMatcher {
  const source = globSource(pattern);
  try {
    // DOTALL: a name may hold a newline, and `**`'s `.*` must cross it.
    return RE2JS.compile(`^${source}$`, RE2JS.DOTALL);
  } catch (error) {
    throw builtinError(`june: the glob ${pattern} is not valid: ${(error as Error).message}`);
  }
}

/**
 * `pattern` as the source of a regular expression (RE2 syntax, unanchored) over "/"-separated
 * paths: the one glob grammar Glob, Grep and a Claude Code permission rule's path share.
 * `braces: false` reads `{` literally (gitignore's grammar, which permission rules follow).
 *
 * @example
 * globSource("src/**\/*.ts"); // "src\\/(?:.*\/)?[^/]*\\.ts"
 */
export function globSource(pattern: string, options: { braces?: boolean } = {}): string {
  return compileSequence(pattern, 0, false, options.braces ?? true)[0];
}

// Compiles from `start` to the end, or (inside braces) to the next "," or "}" at this level.
function compileSequence(pattern: string, start: number, inBraces: boolean, braces = true): [string, number] {
  let source = "";
  let index = start;
  while (index < pattern.length) {
    const char = pattern[index]!;
    if (inBraces && (char === "," || char === "}")) break;
    if (char === "\\" && index + 1 < pattern.length) {
      source += escapeRegExp(pattern[index + 1]!);
      index += 2;
    } else if (char === "*") {
      let end = index;
      while (pattern[end] === "*") end++;
      const segmentStart = index === start || pattern[index - 1] === "/";
      const next = pattern[end];
      const segmentEnd = next === undefined || next === "/" || (inBraces && (next === "," || next === "}"));
      if (end - index >= 2 && segmentStart && segmentEnd) {
        // `**/` is zero or more folders; a final `**` is anything below.
        source += next === "/" ? "(?:.*/)?" : ".*";
        index = next === "/" ? end + 1 : end;
      } else {
        source += "[^/]*";
        index = end;
      }
    } else if (char === "?") {
      source += "[^/]";
      index++;
    } else if (char === "[") {
      const set = compileSet(pattern, index);
      source += set ? set[0] : "\\[";
      index = set ? set[1] : index + 1;
    } else if (char === "{" && braces) {
      const alternatives = compileBraces(pattern, index);
      source += alternatives ? alternatives[0] : "\\{";
      index = alternatives ? alternatives[1] : index + 1;
    } else {
      source += escapeRegExp(char);
      index++;
    }
  }
  return [source, index];
}

// `{a,b,c}` (nestable) as `(?:a|b|c)`; undefined when unclosed, so "{" is then literal.
function compileBraces(pattern: string, open: number): [string, number] | undefined {
  const alternatives: string[] = [];
  let index = open + 1;
  for (;;) {
    const [source, end] = compileSequence(pattern, index, true);
    alternatives.push(source);
    if (pattern[end] === ",") index = end + 1;
    else if (pattern[end] === "}") return [`(?:${alternatives.join("|")})`, end + 1];
    else return undefined;
  }
}

// `[abc]`, `[a-z]`, `[!abc]`/`[^abc]` as a class that never matches "/"; undefined when unclosed.
// Members are read as code-point ranges so "/" can be taken out of them (RE2 has no lookahead).
function compileSet(pattern: string, open: number): [string, number] | undefined {
  let index = open + 1;
  const negated = pattern[index] === "!" || pattern[index] === "^";
  if (negated) index++;
  const ranges: Array<[number, number]> = [];
  let first = true;
  // The member at `index` (a `\` escapes it), as a code point; only called before the end.
  const next = (): number => {
    if (pattern[index] === "\\" && index + 1 < pattern.length) index++;
    const code = pattern.codePointAt(index)!;
    index += code > 0xffff ? 2 : 1;
    return code;
  };
  // A "]" right after the opening is a member, not the end.
  while (index < pattern.length && (pattern[index] !== "]" || first)) {
    first = false;
    const low = next();
    if (pattern[index] === "-" && index + 1 < pattern.length && pattern[index + 1] !== "]") {
      index++;
      const high = next();
      if (high < low) {
        throw builtinError(
          `june: the glob ${pattern} is not valid: the range ${String.fromCodePoint(low)}-${String.fromCodePoint(high)} in it runs backwards; write it low to high`,
        );
      }
      ranges.push([low, high]);
    } else {
      ranges.push([low, low]);
    }
  }
  if (index >= pattern.length) return undefined;
  const members = withoutSlash(ranges).map(([low, high]) => (low === high ? codePoint(low) : `${codePoint(low)}-${codePoint(high)}`));
  if (negated) return [`[^/${members.join("")}]`, index + 1];
  // Only "/" was listed: a class that matches nothing.
  return [members.length === 0 ? "[^\\x{0}-\\x{10FFFF}]" : `[${members.join("")}]`, index + 1];
}

const SLASH = 0x2f;

function withoutSlash(ranges: ReadonlyArray<[number, number]>): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const [low, high] of ranges) {
    if (high < SLASH || low > SLASH) out.push([low, high]);
    else {
      if (low < SLASH) out.push([low, SLASH - 1]);
      if (high > SLASH) out.push([SLASH + 1, high]);
    }
  }
  return out;
}

// A code point as an RE2 escape, safe anywhere in a class.
function codePoint(code: number): string {
  return `\\x{${code.toString(16)}}`;
}

function escapeRegExp(char: string): string {
  return /[.*+?^${}()|[\]\\/]/.test(char) ? `\\${char}` : char;
}
