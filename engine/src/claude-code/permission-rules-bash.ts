// How a Bash permission rule meets a command, as Claude Code matches them: a compound command
// (`a && b`, `a; b`, `a | b`, `a || b`, `a & b`, one per line) is split into its commands, each
// matched on its own, so `Bash(npm test *)` never allows `npm test && rm -rf /`; process wrappers
// (`timeout 10`, `time`, `nice`, `nohup`) are stripped first. A pattern is the legacy prefix form
// `npm test:*`, the wildcard form (`git log *`, `* --version`; a trailing ` *` also matches the bare
// command) or an exact command.
import { RE2JS } from "re2js";

/** The commands of a compound command line, wrappers stripped; quotes and escapes respected. */
export function splitCommand(command: string): string[] {
  const parts: string[] = [];
  let current = "";
  let quote: "'" | '"' | undefined;
  for (let i = 0; i < command.length; i++) {
    const char = command[i]!;
    if (quote) {
      current += char;
      if (char === "\\" && quote === '"' && i + 1 < command.length) current += command[++i]!;
      else if (char === quote) quote = undefined;
      continue;
    }
    if (char === "\\" && i + 1 < command.length) {
      current += char + command[++i]!;
    } else if (char === "'" || char === '"') {
      quote = char;
      current += char;
    } else if (char === ";" || char === "\n" || char === "|" || char === "&") {
      // `2>&1` and `&>` are redirections, not a separator.
      if (char === "&" && (command[i - 1] === ">" || command[i + 1] === ">")) {
        current += char;
        continue;
      }
      parts.push(current);
      current = "";
      if ((char === "|" || char === "&") && command[i + 1] === char) i++;
    } else {
      current += char;
    }
  }
  parts.push(current);
  return parts.map((part) => stripWrappers(part.trim())).filter((part) => part !== "");
}

const WRAPPERS: readonly RegExp[] = [/^timeout(?:\s+-{1,2}[\w-]+(?:=\S+)?)*\s+\d+(?:\.\d+)?[smhd]?\s+/, /^time\s+/, /^nice(?:\s+-n\s*-?\d+|\s+-\d+)?\s+/, /^nohup\s+/];

function stripWrappers(command: string): string {
  for (let changed = true; changed; ) {
    changed = false;
    for (const wrapper of WRAPPERS) {
      const stripped = command.replace(wrapper, "");
      if (stripped !== command) {
        command = stripped;
        changed = true;
      }
    }
  }
  return command;
}

/** `FOO=1 BAR=2 cmd` without its assignments (a deny rule on `cmd` must still see it). */
export function withoutAssignments(command: string): string {
  return command.replace(/^(?:[A-Za-z_][A-Za-z0-9_]*=(?:'[^']*'|"[^"]*"|\S*)\s+)+/, "");
}

/** True when the command runs another inside it (`$(…)`, backticks): no allow rule vouches for that. */
export function hasSubstitution(command: string): boolean {
  return /\$\(|`|<\(|>\(/.test(command);
}

/**
 * Whether one (already split) command matches a Bash rule's specifier.
 *
 * @example
 * bashPatternMatches("npm test:*", "npm test -- --watch"); // true
 * bashPatternMatches("git log *", "git log"); // true
 * bashPatternMatches("ls *", "lsof"); // false: the space is a word boundary
 */
export function bashPatternMatches(pattern: string, command: string): boolean {
  if (pattern === "*") return true;
  if (pattern.endsWith(":*") && !pattern.slice(0, -2).includes("*")) {
    const prefix = pattern.slice(0, -2);
    return command === prefix || command.startsWith(`${prefix} `);
  }
  if (!pattern.includes("*")) return command === pattern;
  // A trailing " *" may also be nothing at all: `git log *` matches `git log` too.
  const optionalTail = pattern.endsWith(" *");
  const body = optionalTail ? pattern.slice(0, -2) : pattern;
  return compiled(pattern, () => body.split("*").map(escape).join(".*") + (optionalTail ? "(?: .*)?" : "")).matches(command);
}

// Each starred pattern compiled once (a rule is matched against every call of its tool). The
// patterns come from settings files, so the cache is small; it starts over past its bound.
const COMPILED_LIMIT = 1_000;
const compiledPatterns = new Map<string, RE2JS>();

function compiled(pattern: string, source: () => string): RE2JS {
  let regex = compiledPatterns.get(pattern);
  if (regex === undefined) {
    if (compiledPatterns.size >= COMPILED_LIMIT) compiledPatterns.clear();
    // RE2: linear in the command whatever the rule's stars.
    regex = RE2JS.compile(`^${source()}$`, RE2JS.DOTALL);
    compiledPatterns.set(pattern, regex);
  }
  return regex;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
