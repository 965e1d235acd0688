// How a Read/Edit permission rule meets a file path, as Claude Code reads them: gitignore-style
// patterns, with `//abs/path` from the filesystem root, `~/path` from the home folder, `/path` from
// the project root and `path` or `./path` from the project (Claude Code's working folder). A
// pattern without a slash matches a name at any depth (`*.env`); `**` crosses folders; a pattern
// that names a folder covers everything inside it. Compiled for RE2 (re2js): linear in the path.
import { homedir } from "node:os";
import { isAbsolute, posix, resolve } from "node:path";
import { RE2JS } from "re2js";
import { globSource } from "../tools/index.ts";

/** A compiled path rule: `test` takes an absolute path. */
export interface PathMatcher {
  test(absolutePath: string): boolean;
}

export interface PathBase {
  /** The project root. */
  root: string;
  /** The home folder for `~/` (default: the user's). */
  home?: string;
}

/**
 * Compiles a rule's path specifier.
 *
 * @example
 * const secrets = compilePathRule("./secrets/**", { root: "/work/app" });
 * secrets.test("/work/app/secrets/prod/key.pem"); // true
 * compilePathRule("*.env", { root: "/work/app" }).test("/work/app/config/.env"); // true: any depth
 */
export function compilePathRule(specifier: string, base: PathBase): PathMatcher {
  let anchor: string;
  let pattern: string;
  if (specifier.startsWith("//")) {
    anchor = "/";
    pattern = specifier.slice(2);
  } else if (specifier === "~" || specifier.startsWith("~/")) {
    anchor = base.home ?? homedir();
    pattern = specifier.slice(2);
  } else if (specifier.startsWith("/")) {
    anchor = base.root;
    pattern = specifier.slice(1);
  } else {
    anchor = base.root;
    pattern = specifier.startsWith("./") ? specifier.slice(2) : specifier;
    // gitignore: a pattern with no slash but a trailing one matches at any depth.
    if (!pattern.replace(/\/$/, "").includes("/")) pattern = `**/${pattern}`;
  }
  if (pattern.endsWith("/")) pattern += "**";
  const prefix = anchor.endsWith("/") ? anchor : `${anchor}/`;
  const regex = RE2JS.compile(`^${escape(prefix)}${globSource(pattern, { braces: false })}(?:/.*)?$`, RE2JS.DOTALL);
  return { test: (path) => regex.matches(path) };
}

/**
 * The absolute path a file tool's input names, resolved against the project root.
 *
 * @example
 * absoluteToolPath("src/app.ts", "/work/app"); // "/work/app/src/app.ts"
 */
export function absoluteToolPath(path: string, root: string): string {
  return posix.normalize(isAbsolute(path) ? path : resolve(root, path));
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
