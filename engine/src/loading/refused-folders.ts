// Folders that are never a project: a filesystem root, the home folder itself and the system's
// own folders. Opening one would walk (and watch) the whole machine or the user's every file, so
// it is refused with a clear error before anything is read; a folder inside them is fine.
import { homedir } from "node:os";
import { dirname, resolve, sep } from "node:path";
import { JuneError } from "../errors/index.ts";

/** System folders refused as a project themselves (their subfolders may still be projects). */
const SYSTEM_FOLDERS = ["/bin", "/boot", "/dev", "/etc", "/lib", "/lib32", "/lib64", "/opt", "/proc", "/root", "/run", "/sbin", "/snap", "/srv", "/sys", "/usr", "/var", "/tmp", "/home", "/Users", "/Volumes", "/System", "/Library", "/Applications", "/private", "/mnt", "/media"];
/** Pseudo-filesystems: nothing inside them is a project. */
const KERNEL_FOLDERS = ["/proc", "/sys", "/dev"];

/**
 * Why `folder` can't be a project, or undefined when it can.
 *
 * @example
 * refusalOf("/"); // "it is the root of the filesystem"
 */
export function refusalOf(folder: string, home: string = homedir()): string | undefined {
  const path = resolve(folder);
  if (dirname(path) === path) return "it is the root of the filesystem";
  if (home && path === resolve(home)) return "it is your home folder itself";
  if (process.platform !== "win32") {
    if (SYSTEM_FOLDERS.includes(path)) return "it is a system folder";
    if (KERNEL_FOLDERS.some((root) => path.startsWith(root + sep))) return "it is inside a system pseudo-filesystem";
  } else {
    const windows = process.env.SystemRoot ?? process.env.windir;
    if (windows && (path.toLowerCase() === resolve(windows).toLowerCase() || path.toLowerCase().startsWith(resolve(windows).toLowerCase() + sep))) {
      return "it is the Windows system folder";
    }
  }
  return undefined;
}

/** Throws JUNE_FOLDER_REFUSED when `folder` can't be a project. */
export function refuseSystemFolder(folder: string, home?: string): void {
  const reason = refusalOf(folder, home);
  if (reason) {
    throw new JuneError(
      "JUNE_FOLDER_REFUSED",
      `june: ${resolve(folder)} can't be opened as a project: ${reason}, and June would read (and watch) every file under it. Open the project's own folder instead.`,
    );
  }
}
