// Opens a file a tool was pointed at without trusting its path a second time. confine() checked
// the path; between that check and the open the path could change (a folder swapped for a
// symlink), and a hard link passes any path check while naming a file outside. So the file is
// opened first, not following a final symlink and not blocking on a FIFO, and then the opened
// descriptor is checked: a regular file with a single link, whose actual location (on Linux
// the kernel's /proc/self/fd answer, elsewhere the path's current real location proven to be the
// same file) is inside the project folder and outside the studio's run records.
import { constants } from "node:fs";
import type { Stats } from "node:fs";
import { mkdir, open, readlink, realpath, stat, unlink } from "node:fs/promises";
import type { FileHandle } from "node:fs/promises";
import path from "node:path";
import { JuneError } from "../../errors/index.ts";
import { isWithin } from "../../paths/index.ts";
import { inStudioData, studioDataError } from "./confine.ts";
import type { ConfinedPath } from "./confine.ts";
import { builtinError, errnoCode, fileError } from "./file-errors.ts";

/** What opening found: an open regular file, or why there is none to use. */
export type OpenVerdict =
  | { kind: "file"; handle: FileHandle; stats: Stats }
  | { kind: "missing" }
  | { kind: "folder" }
  /** A device, socket or FIFO. */
  | { kind: "special" }
  /** A regular file with more than one name: another may be outside the project folder. */
  | { kind: "hard-linked"; links: number }
  /** It turned out, once open, to be outside the project folder or in studio data. */
  | { kind: "elsewhere"; location: string | undefined; studioData: boolean };

/** How a file is opened: to read it, to replace it, or both (Edit). */
export type OpenMode = "read" | "write" | "read-write";

// O_NOFOLLOW and O_NONBLOCK are missing on Windows; there the descriptor checks still apply.
const NOFOLLOW = constants.O_NOFOLLOW ?? 0;
const NONBLOCK = constants.O_NONBLOCK ?? 0;
const OPEN_FLAGS: Record<OpenMode, number> = {
  read: constants.O_RDONLY | NOFOLLOW | NONBLOCK,
  write: constants.O_WRONLY | NOFOLLOW | NONBLOCK,
  "read-write": constants.O_RDWR | NOFOLLOW | NONBLOCK,
};

/**
 * Opens the existing file at `file` and checks the descriptor (see the file header). Throws only
 * for file-system failures other than the ones it names (e.g. permission denied), as fileError.
 * The caller closes a returned handle.
 *
 * @example
 * const opened = await openVerified(await confine(root, "a.txt"), "read", "read");
 * if (opened.kind === "file") try { await opened.handle.readFile(); } finally { await opened.handle.close(); }
 */
export async function openVerified(file: ConfinedPath, mode: OpenMode, action: string): Promise<OpenVerdict> {
  let handle: FileHandle;
  try {
    handle = await open(file.real, OPEN_FLAGS[mode]);
  } catch (error) {
    const code = errnoCode(error);
    if (code === "ENOENT") return { kind: "missing" };
    if (code === "EISDIR") return { kind: "folder" };
    // ENXIO: a FIFO with no reader, opened for writing; ELOOP: the file became a symlink since confine().
    if (code === "ENXIO") return { kind: "special" };
    if (code === "ELOOP") return { kind: "elsewhere", location: undefined, studioData: false };
    throw fileError(action, file.display, error);
  }
  try {
    const verdict = await check(handle, file);
    if (verdict.kind !== "file") await handle.close();
    return verdict;
  } catch (error) {
    await handle.close();
    throw fileError(action, file.display, error);
  }
}

/**
 * Opens the file at `file` as the tool needs it, turning every verdict but "file" and "missing"
 * into the error the model sees. `folder` is the message for a folder.
 *
 * @example
 * const opened = await openFile(file, "read", "read", "it is a folder, not a file; use Glob to list the files in it");
 */
export async function openFile(file: ConfinedPath, mode: OpenMode, action: string, folder: string): Promise<{ kind: "file"; handle: FileHandle; stats: Stats } | { kind: "missing" }> {
  const opened = await openVerified(file, mode, action);
  if (opened.kind === "file" || opened.kind === "missing") return opened;
  throw refusal(opened, file, action, folder);
}

/**
 * Creates `file`, which must not exist yet (O_EXCL: nothing at the path, not even a symlink, is
 * followed), and checks where it landed; a file that landed outside is removed again. Returns
 * undefined when something appeared at the path meanwhile, so the caller can open that instead.
 */
export async function createFile(file: ConfinedPath, action: string): Promise<{ handle: FileHandle; stats: Stats } | undefined> {
  let handle: FileHandle;
  try {
    handle = await open(file.real, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | NOFOLLOW | NONBLOCK, 0o666);
  } catch (error) {
    if (errnoCode(error) === "EEXIST") return undefined;
    throw fileError(action, file.display, error);
  }
  let verdict: Checked;
  try {
    verdict = await check(handle, file);
  } catch (error) {
    await handle.close();
    throw fileError(action, file.display, error);
  }
  if (verdict.kind === "file") return verdict;
  await handle.close();
  // We made it a moment ago (O_EXCL), so removing it where it actually is undoes only our own
  // work; if that fails, an empty file is left there, and the refusal below still stands.
  if (verdict.kind === "elsewhere" && verdict.location !== undefined) await unlink(verdict.location).catch(() => undefined);
  throw refusal(verdict, file, action, "it is a folder, not a file");
}

/**
 * The file at `file` open for writing: the existing one (checked), or a new one with its missing
 * folders. `folder` is the message when the path is a folder. Used by Write and Edit.
 */
export async function openForWriting(file: ConfinedPath, action: string, folder: string): Promise<{ handle: FileHandle; created: boolean }> {
  const existing = await openFile(file, "write", action, folder);
  if (existing.kind === "file") return { handle: existing.handle, created: false };
  try {
    await mkdir(path.dirname(file.real), { recursive: true });
  } catch (error) {
    throw fileError(action, file.display, error);
  }
  const created = await createFile(file, action);
  if (created) return { handle: created.handle, created: true };
  // Something appeared at the path since we looked: use it if it passes the checks.
  const appeared = await openFile(file, "write", action, folder);
  if (appeared.kind === "missing") throw builtinError(`june: could not ${action} ${file.display}: it appeared and vanished again as it was being created; try again`);
  return { handle: appeared.handle, created: false };
}

/**
 * Replaces the whole content of an open file with `text` (UTF-8), writing at offset 0.
 *
 * @example
 * await overwrite(handle, "new content\n");
 */
export async function overwrite(handle: FileHandle, text: string): Promise<void> {
  const bytes = Buffer.from(text, "utf8");
  await handle.truncate(0);
  let written = 0;
  while (written < bytes.length) {
    const { bytesWritten } = await handle.write(bytes, written, bytes.length - written, written);
    written += bytesWritten;
  }
}

/** The error for a file a tool cannot use, by verdict. */
export function refusal(verdict: Exclude<OpenVerdict, { kind: "file" } | { kind: "missing" }>, file: ConfinedPath, action: string, folder: string): JuneError {
  switch (verdict.kind) {
    case "folder":
      return builtinError(`june: could not ${action} ${file.display}: ${folder}`);
    case "special":
      return builtinError(`june: could not ${action} ${file.display}: it is not a regular file (a device, socket or pipe)`);
    case "hard-linked":
      return new JuneError(
        "JUNE_PATH_OUTSIDE_ROOT",
        `june: could not ${action} ${file.display}: it has ${verdict.links} hard links, so it may be the same file as one outside the project folder ` +
          `${file.root}, and the file tools only open files with a single link; ask the user to replace it with a copy if it is needed`,
      );
    case "elsewhere":
      if (verdict.studioData) return studioDataError(file.display);
      return new JuneError(
        "JUNE_PATH_OUTSIDE_ROOT",
        `june: could not ${action} ${file.display}: once opened it was ${verdict.location ? `at ${verdict.location}` : "somewhere else"}, ` +
          `outside the project folder ${file.root} (the path changed while it was being opened); only files inside the project folder can be used`,
      );
  }
}

type Checked = Exclude<OpenVerdict, { kind: "missing" }>;

// The checks on an open descriptor, in order: what it is, how many names it has, where it is.
async function check(handle: FileHandle, file: ConfinedPath): Promise<Checked> {
  const stats = await handle.stat();
  if (stats.isDirectory()) return { kind: "folder" };
  if (!stats.isFile()) return { kind: "special" };
  if (stats.nlink > 1) return { kind: "hard-linked", links: stats.nlink };
  const location = await openedLocation(handle, file.real, stats);
  if (location === undefined || !isWithin(file.root, location)) return { kind: "elsewhere", location, studioData: false };
  if (inStudioData(file, location)) return { kind: "elsewhere", location, studioData: true };
  return { kind: "file", handle, stats };
}

// Where the open file actually is. Linux names a descriptor's file in /proc/self/fd; elsewhere the
// path's current real location counts only if it is this very file (same device and inode), and
// with a single link that is its only name.
async function openedLocation(handle: FileHandle, real: string, stats: Stats): Promise<string | undefined> {
  if (process.platform === "linux") {
    try {
      return await readlink(`/proc/self/fd/${handle.fd}`);
    } catch {
      // No /proc (a restricted sandbox): fall back to the path.
    }
  }
  try {
    const now = await realpath(real);
    const current = await stat(now);
    return current.dev === stats.dev && current.ino === stats.ino ? now : undefined;
  } catch {
    return undefined;
  }
}
