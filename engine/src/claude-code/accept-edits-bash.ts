// The Bash commands acceptEdits runs unasked, as Claude Code's does: the common filesystem
// commands (mkdir, touch, mv, cp) on paths inside the project's folders. Read narrowly: anything
// June can't be sure of — quotes, escapes, variables, globs, home paths, redirections,
// substitutions, assignments, flags with values attached, a path through a symlink that leaves, a
// protected path — is not accepted, and the call asks as it would in the default mode.
import { lstatSync, realpathSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { isWithin } from "../paths/index.ts";
import { hasSubstitution, splitCommand } from "./permission-rules-bash.ts";
import { isProtected } from "./protected-paths.ts";

const COMMANDS: readonly string[] = ["mkdir", "touch", "mv", "cp"];

/** Characters whose meaning the shell changes (quoting, expansion, redirection, globbing). */
const SHELL_SPECIAL = /['"\\$`~*?[\]{}<>()!#]/;
const FLAG = /^(?:-[A-Za-z]+|--[a-z][a-z-]*|--)$/;

/**
 * True when every command of `command` is mkdir, touch, mv or cp whose paths are all inside one of
 * `folders` (real locations, not protected); Bash runs in `root`.
 *
 * @example
 * acceptedFileCommand("mkdir -p build && touch build/.keep", ["/p"], "/p"); // true
 * acceptedFileCommand("cp /etc/passwd x", ["/p"], "/p");                   // false
 */
export function acceptedFileCommand(command: string, folders: readonly string[], root: string): boolean {
  if (hasSubstitution(command) || SHELL_SPECIAL.test(command)) return false;
  const commands = splitCommand(command);
  if (commands.length === 0) return false;
  // Each folder's real location, found once for every path of every command.
  const project = folders.map((folder) => ({ folder, real: realLocation(folder) }));
  return commands.every((one) => acceptedOne(one, project, root));
}

interface ProjectFolder {
  folder: string;
  real: string | undefined;
}

function acceptedOne(command: string, folders: readonly ProjectFolder[], root: string): boolean {
  const [name, ...args] = command.split(/\s+/);
  if (name === undefined || !COMMANDS.includes(name)) return false;
  // A flag with its value attached (`--target-directory=/etc`) would hide a path: not accepted.
  if (args.some((arg) => arg.startsWith("-") && !FLAG.test(arg))) return false;
  const paths = args.filter((arg) => !FLAG.test(arg));
  return paths.length > 0 && paths.every((path) => insideProject(resolve(root, path), folders));
}

function insideProject(target: string, folders: readonly ProjectFolder[]): boolean {
  const inside = folders.find(({ folder }) => isWithin(folder, target));
  if (inside === undefined || inside.real === undefined || isProtected(inside.folder, target)) return false;
  const real = realLocation(target);
  return real !== undefined && isWithin(inside.real, real) && !isProtected(inside.real, real);
}

// Where `path` really is: its deepest existing ancestor's real path with the rest appended, so a
// symlink on the way that points out of the project is seen.
function realLocation(path: string): string | undefined {
  let existing = path;
  while (!exists(existing)) {
    const parent = dirname(existing);
    if (parent === existing) return undefined;
    existing = parent;
  }
  try {
    return join(realpathSync(existing), relative(existing, path));
  } catch {
    // A link that leads nowhere (touch would create its target, wherever that is).
    return undefined;
  }
}

// The path itself, a link that leads nowhere included.
function exists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}
