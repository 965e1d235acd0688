// Folder trust, as VS Code's Workspace Trust does it: a folder opens in restricted mode (none of
// its code runs) until the user trusts it. Trust is remembered per folder, by real path, in a JSON
// file only the user can read and write (0600 in a 0700 folder); trusting a folder trusts the
// folders inside it. Folders the user named to the studio itself (on the command line) and June's
// samples are trusted for the session without being written down.
import { mkdir, readFile, realpath, rename, writeFile } from "node:fs/promises";
import { dirname, isAbsolute, resolve, sep } from "node:path";

/** What the service asks of a trust store. */
export interface FolderTrust {
  /** Whether the folder at the real path `folder` may run its code. */
  isTrusted(folder: string): Promise<boolean>;
  /** Trusts the folder at the real path `folder` from now on. */
  trust(folder: string): Promise<void>;
}

export interface TrustStoreOptions {
  /** The JSON file that remembers trusted folders (see defaultTrustFile). */
  file: string;
  /** Folders trusted for this session only: the one named on the command line, the samples. */
  trusted?: readonly string[];
  /** Where a trust file that can't be read is reported; default console.warn. */
  log?: (message: string) => void;
}

/** The trust file's shape. */
interface TrustFile {
  version: 1;
  /** Real paths, each trusted with everything inside it. */
  folders: string[];
}

/**
 * The trust the studio remembers.
 *
 * @example
 * const trust = new TrustStore({ file: defaultTrustFile(process.env), trusted: [folderFromCommandLine] });
 * const service = new StudioService({ trust });
 */
export class TrustStore implements FolderTrust {
  readonly file: string;
  readonly #session: string[];
  readonly #log: (message: string) => void;

  constructor(options: TrustStoreOptions) {
    this.file = options.file;
    this.#session = [...(options.trusted ?? [])];
    this.#log = options.log ?? ((message) => console.warn(message));
  }

  /** Trusts `folder` for this session only (a folder named on the command line of a second instance). */
  trustForSession(folder: string): void {
    this.#session.push(folder);
  }

  async isTrusted(folder: string): Promise<boolean> {
    const session = await Promise.all(this.#session.map((f) => realpath(f).catch(() => resolve(f))));
    const remembered = (await this.#read()).folders;
    return [...session, ...remembered].some((trusted) => folder === trusted || folder.startsWith(trusted.endsWith(sep) ? trusted : trusted + sep));
  }

  async trust(folder: string): Promise<void> {
    const current = await this.#read();
    if (current.folders.includes(folder)) return;
    const next: TrustFile = { version: 1, folders: [...current.folders, folder].sort() };
    await mkdir(dirname(this.file), { recursive: true, mode: 0o700 });
    const temp = `${this.file}.${process.pid}.tmp`;
    await writeFile(temp, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 });
    await rename(temp, this.file);
  }

  /** The remembered folders; a missing file trusts none, and so does one that can't be read (said once). */
  async #read(): Promise<TrustFile> {
    let text: string;
    try {
      text = await readFile(this.file, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") this.#warn(`june studio: the trusted folders in ${this.file} can't be read (${messageOf(error)}); folders open in restricted mode.`);
      return { version: 1, folders: [] };
    }
    try {
      const parsed = JSON.parse(text) as Partial<TrustFile>;
      if (parsed.version === 1 && Array.isArray(parsed.folders) && parsed.folders.every((f) => typeof f === "string" && isAbsolute(f))) {
        return { version: 1, folders: parsed.folders as string[] };
      }
    } catch {
      // Reported below, like any other shape it doesn't know.
    }
    this.#warn(`june studio: ${this.file} is not a trusted-folders file June wrote; folders open in restricted mode until you trust them again (which rewrites it).`);
    return { version: 1, folders: [] };
  }

  #warned = new Set<string>();
  #warn(message: string): void {
    if (this.#warned.has(message)) return;
    this.#warned.add(message);
    this.#log(message);
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
