// Whether a path is a folder or inside it: the one containment check the file tools, the
// sandbox, a Claude Code project's permission modes and its plugin layouts share. Lexical: both
// paths are absolute and already resolved (real, where symlinks matter). A name that merely
// starts with two dots (`..cache`) is inside; only `..` itself or a path through it leaves.
import path from "node:path";

/**
 * True when `candidate` is `folder` or inside it.
 *
 * @example
 * isWithin("/p", "/p/..cache/x"); // true
 * isWithin("/p", "/p/../q");      // false (resolved: /q)
 */
export function isWithin(folder: string, candidate: string): boolean {
  const relative = path.relative(folder, candidate);
  return !(relative === ".." || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative));
}
