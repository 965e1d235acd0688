// The "Open Recent" list: the folders opened last, newest first, kept as JSON in the app's
// user-data folder so they survive a restart. A missing or unreadable file is an empty list.
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";

/** How many folders the menu lists. */
export const MAX_RECENT_FOLDERS = 10;
/** The file, in `app.getPath("userData")`. */
export const RECENT_FOLDERS_FILE = "recent-folders.json";

/**
 * `folders` with `folder` moved (or added) to the front, at most `max` long.
 *
 * @example
 * withRecentFolder(["/a", "/b"], "/b"); // ["/b", "/a"]
 */
export function withRecentFolder(folders: readonly string[], folder: string, max = MAX_RECENT_FOLDERS): string[] {
  return [folder, ...folders.filter((known) => known !== folder)].slice(0, max);
}

/** The folders a file's JSON names (`{ "folders": [...] }`), ignoring anything that isn't one. */
export function parseRecentFolders(text: string): string[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return [];
  }
  const folders = (data as { folders?: unknown } | null)?.folders;
  if (!Array.isArray(folders)) return [];
  const strings = folders.filter((folder): folder is string => typeof folder === "string" && folder.length > 0);
  return [...new Set(strings)].slice(0, MAX_RECENT_FOLDERS);
}

/**
 * The recent-folders file of one user-data folder.
 *
 * @example
 * const recent = new RecentFolders(app.getPath("userData"));
 * await recent.add("/home/me/agents"); // ["/home/me/agents", …]
 */
export class RecentFolders {
  readonly file: string;
  #folders: string[] | undefined;

  constructor(userDataDir: string) {
    this.file = join(userDataDir, RECENT_FOLDERS_FILE);
  }

  /** The list, newest first (read from disk once). */
  async list(): Promise<string[]> {
    if (this.#folders === undefined) {
      const text = await readFile(this.file, "utf8").catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return "";
        throw error;
      });
      this.#folders = parseRecentFolders(text);
    }
    return [...this.#folders];
  }

  /** Puts `folder` first and saves; returns the new list. */
  async add(folder: string): Promise<string[]> {
    return this.#save(withRecentFolder(await this.list(), folder));
  }

  /** Forgets every folder. */
  async clear(): Promise<string[]> {
    return this.#save([]);
  }

  async #save(folders: string[]): Promise<string[]> {
    this.#folders = folders;
    await mkdir(dirname(this.file), { recursive: true });
    // Written beside and renamed over, so a crash never leaves half a file.
    const temp = `${this.file}.${process.pid}.tmp`;
    await writeFile(temp, `${JSON.stringify({ folders }, null, 2)}\n`, "utf8");
    await rename(temp, this.file);
    return [...folders];
  }
}
