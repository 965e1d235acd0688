// Keeps every path a built-in touches inside the project folder. A path is resolved against the
// folder, then through `..` and every symlink (for a file not yet created, through its nearest
// existing ancestor), and refused when the real location is outside the folder's real location,
// or inside the studio's run records (`.june/`), which hold other runs' inputs and outputs.
// This checks the path; opened-file.ts checks again what was actually opened.
import { lstat, readlink, realpath } from "node:fs/promises";
import path from "node:path";
import { JuneError } from "../../errors/index.ts";
import { isWithin } from "../../paths/index.ts";
import { errnoCode, fileError } from "./file-errors.ts";

/** A path the model gave, resolved and known to be inside the project folder. */
export interface ConfinedPath {
  /** Absolute, with every symlink resolved; what the tools open. */
  real: string;
  /** Relative to the project folder with "/" separators ("." for the folder itself); what the model is shown. */
  display: string;
  /** The project folder's real path. */
  root: string;
  /** Real locations of the studio-data folders the tools neither open nor list (empty when allowed). */
  studioData: readonly string[];
}

/** The studio's own folder in a project (run records under `runs/`); out of the file tools' reach by default. */
export const STUDIO_DATA_FOLDER = ".june";

/** The studio-data folders kept out of reach when a tool is not told otherwise. */
export const DEFAULT_STUDIO_DATA: readonly string[] = Object.freeze([STUDIO_DATA_FOLDER]);

// Linux gives up after 40 symlinks in one path; so do we, for links we follow ourselves.
const MAX_LINK_HOPS = 40;

/**
 * Resolves `filePath` (absolute, or relative to `root`) to its real location and checks it is
 * inside `root` and outside every `studioData` folder (absolute, or relative to `root`). Throws
 * `JUNE_PATH_OUTSIDE_ROOT` naming both when it is outside, `JUNE_PATH_STUDIO_DATA` naming the
 * path when it is in studio data, and `JUNE_INVALID_PROPS` when `root` itself does not exist.
 *
 * @example
 * await confine("/work/app", "src/../README.md"); // { real: "/work/app/README.md", display: "README.md", root: "/work/app", studioData: ["/work/app/.june"] }
 * await confine("/work/app", "/etc/passwd"); // throws JUNE_PATH_OUTSIDE_ROOT
 * await confine("/work/app", ".june/runs/r1.jsonl"); // throws JUNE_PATH_STUDIO_DATA
 */
export async function confine(root: string, filePath: string, studioData: readonly string[] = DEFAULT_STUDIO_DATA): Promise<ConfinedPath> {
  const realRoot = await projectRoot(root);
  const absolute = path.resolve(root, filePath);
  const real = await realLocation(absolute, filePath);
  if (!isWithin(realRoot, real)) {
    const via = real === absolute ? "" : ` (it resolves to ${real})`;
    throw new JuneError(
      "JUNE_PATH_OUTSIDE_ROOT",
      `june: the path ${filePath} is outside the project folder ${root}${via}; only paths inside the project folder can be used`,
    );
  }
  const fenced = await Promise.all(studioData.map((folder) => realLocation(path.resolve(root, folder), folder)));
  const confined = { real, display: displayPath(path.relative(realRoot, real)), root: realRoot, studioData: fenced };
  if (inStudioData(confined, real)) throw studioDataError(filePath);
  return confined;
}


/** True when the real location `candidate` is in one of `scope`'s studio-data folders. */
export function inStudioData(scope: Pick<ConfinedPath, "studioData">, candidate: string): boolean {
  return scope.studioData.some((folder) => isWithin(folder, candidate));
}

/** `JUNE_PATH_STUDIO_DATA` for `shown`, a path in the studio's run records. */
export function studioDataError(shown: string): JuneError {
  return new JuneError(
    "JUNE_PATH_STUDIO_DATA",
    `june: the path ${shown} is in the studio's run records (${STUDIO_DATA_FOLDER}/ or the configured runs folder), which hold other runs' ` +
      "inputs and outputs, so the file tools neither open nor list it; work with the project's own files " +
      "(a workflow that needs the records can pass allowStudioData: true to claudeBuiltins)",
  );
}

/** The real path of the project folder; `JUNE_INVALID_PROPS` when it is missing or not a folder. */
export async function projectRoot(root: string): Promise<string> {
  let real: string;
  try {
    real = await realpath(root);
  } catch (error) {
    throw new JuneError("JUNE_INVALID_PROPS", `june: the project folder ${root} does not exist; pass an existing folder as root`, { cause: error });
  }
  if (!(await lstat(real)).isDirectory()) {
    throw new JuneError("JUNE_INVALID_PROPS", `june: the project folder ${root} is not a folder; pass a folder as root`);
  }
  return real;
}

/** `relative` (from the project folder) as the model is shown it. */
export function displayPath(relative: string): string {
  return relative === "" ? "." : relative.split(path.sep).join("/");
}

// The real location of `absolute`: realpath of the longest existing prefix plus the rest. A
// dangling symlink on the way is followed by hand, since realpath fails on it but writing
// through it would still land at its target.
async function realLocation(absolute: string, shown: string, hops = 0): Promise<string> {
  const missing: string[] = [];
  let current = absolute;
  for (;;) {
    const real = await realpathIfExists(current, shown);
    if (real !== undefined) return path.join(real, ...missing);
    const link = await symlinkTarget(current, shown);
    if (link !== undefined) {
      if (hops >= MAX_LINK_HOPS) throw fileError("resolve", shown, Object.assign(new Error("symlink loop"), { code: "ELOOP" }));
      const target = await realLocation(path.resolve(path.dirname(current), link), shown, hops + 1);
      return path.join(target, ...missing);
    }
    const parent = path.dirname(current);
    // The file system root always exists, so this only guards against a broken platform.
    if (parent === current) return path.join(current, ...missing);
    missing.unshift(path.basename(current));
    current = parent;
  }
}

async function realpathIfExists(candidate: string, shown: string): Promise<string | undefined> {
  try {
    return await realpath(candidate);
  } catch (error) {
    if (isAbsent(error)) return undefined;
    throw fileError("resolve", shown, error);
  }
}

async function symlinkTarget(candidate: string, shown: string): Promise<string | undefined> {
  try {
    if (!(await lstat(candidate)).isSymbolicLink()) return undefined;
    return await readlink(candidate);
  } catch (error) {
    if (isAbsent(error)) return undefined;
    throw fileError("resolve", shown, error);
  }
}

function isAbsent(error: unknown): boolean {
  const code = errnoCode(error);
  return code === "ENOENT" || code === "ENOTDIR";
}
