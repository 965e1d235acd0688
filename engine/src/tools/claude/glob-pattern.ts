// A small glob matcher for Glob and Grep's `glob`: `*`, `?`, `**`, `[...]`, `{a,b}` and `\`
// escapes, compiled to one RegExp over "/"-separated paths. Hidden files match like any other.
import { builtinError } from "./file-errors.ts";

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
 * `pattern` as an anchored RegExp over "/"-separated relative paths. `*` and `?` never cross a
 * "/"; a `**` segment matches any number of folders. Throws `JUNE_BUILTIN_FAILED` for a glob
 * that cannot compile (e.g. a reversed range `[z-a]`).
 *
 * @example
 * globToRegExp("**\/*.{ts,tsx}").test("src/app.tsx"); // true
 * globToRegExp("*.ts").test("src/app.ts"); // false: `*` stays in one folder
 */
export function globToRegExp(pattern: string): RegExp {
  const [source] = compileSequence(pattern, 0, false);
  try {
    return new RegExp(`^${source}$`);
  } catch (error) {
    throw builtinError(`june: the glob ${pattern} is not valid: ${(error as Error).message}`);
  }
}

// Compiles from `start` to the end, or (inside braces) to the next "," or "}" at this level.
function compileSequence(pattern: string, start: number, inBraces: boolean): [string, number] {
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
    } else if (char === "{") {
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

// `[abc]`, `[a-z]`, `[!abc]`/`[^abc]` as a RegExp class that never matches "/"; undefined when unclosed.
function compileSet(pattern: string, open: number): [string, number] | undefined {
  let index = open + 1;
  const negated = pattern[index] === "!" || pattern[index] === "^";
  if (negated) index++;
  let body = "";
  // A "]" right after the opening is a member, not the end.
  if (pattern[index] === "]") {
    body += "\\]";
    index++;
  }
  while (index < pattern.length && pattern[index] !== "]") {
    const char = pattern[index]!;
    if (char === "\\" && index + 1 < pattern.length) {
      body += escapeSetChar(pattern[index + 1]!);
      index += 2;
    } else {
      body += char === "-" ? "-" : escapeSetChar(char);
      index++;
    }
  }
  if (index >= pattern.length) return undefined;
  return [negated ? `[^/${body}]` : `(?!/)[${body}]`, index + 1];
}

function escapeSetChar(char: string): string {
  return /[\\\]\[^]/.test(char) ? `\\${char}` : char;
}

function escapeRegExp(char: string): string {
  return /[.*+?^${}()|[\]\\/]/.test(char) ? `\\${char}` : char;
}
