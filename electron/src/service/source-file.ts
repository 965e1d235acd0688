// Reading one of the open project's files for the studio's Source panel (readSource). Only what a
// reader of the project needs and nothing the studio should not put on a screen:
// - only a regular file whose real path is inside the folder's real path (a symlink leading out is
//   refused), and with one link only: a hard link's other names may lie outside, and nothing can
//   tell where, so a file with several is refused (the editor, the user's own tool, still opens it);
// - never the studio's run records (`.june/`, or the config's `runs` folder: other runs' inputs and
//   outputs, shown by Runs and Trace), git's internals (`.git/`, its config may carry credentials),
//   or an obvious secret (`.env` and `.env.*` but the templates `.env.example`/`.sample`/`.template`,
//   `.npmrc`, `.netrc`, `.pypirc`, private keys and certificates' key stores);
// - at most SOURCE_MAX_BYTES, cut at a line's end (`truncated`), and text only: a NUL byte or bytes
//   that are not UTF-8 are a binary file, refused.
// Each refusal is a coded error naming the file (docs/errors.md).
import { constants } from "node:fs";
import { open, realpath } from "node:fs/promises";
import { basename, extname, isAbsolute, relative, resolve, sep } from "node:path";
import type { Result, SourceFile, SourceLanguage } from "../contract/index.ts";
import { fail, ok } from "./results.ts";

/** The most of a file the Source panel is given: 1 MiB, cut at the last line end before it. */
export const SOURCE_MAX_BYTES = 1024 * 1024;

export interface ReadSourceRequest {
  /** Absolute, or relative to `folder`. */
  file: string;
  /** The open project folder. */
  folder: string;
  /** The project's runs folder when the config moved it from `.june/runs` (absolute). */
  runsFolder?: string | undefined;
  /** Defaults to SOURCE_MAX_BYTES (tests make it small). */
  maxBytes?: number;
}

/**
 * Reads a project file for display, or says why not.
 *
 * @example
 * await readSourceFile({ file: "release.tsx", folder: "/home/me/project" });
 * // { ok: true, value: { file: "/home/me/project/release.tsx", relativePath: "release.tsx", language: "tsx", text: "…", truncated: false, size: 2048 } }
 */
export async function readSourceFile(request: ReadSourceRequest): Promise<Result<SourceFile>> {
  const { folder } = request;
  const wanted = resolve(folder, request.file);
  // Real paths on both sides: the folder may itself be reached through a link, and a link inside it may point anywhere.
  const root = await realpath(folder).catch(() => resolve(folder));
  const real = await realpath(wanted).catch((error: NodeJS.ErrnoException) => error);
  if (real instanceof Error) {
    if (real.code === "ENOENT" || real.code === "ENOTDIR") {
      // A missing file outside the folder is refused as outside, so the answer says nothing of what exists there.
      if (!isInside(root, wanted) && !isInside(resolve(folder), wanted)) return outside(request.file, folder);
      return fail("STUDIO_FILE_NOT_FOUND", `june studio: can't show ${wanted}: there is no such file. It may have been moved or deleted since the project loaded.`);
    }
    return fail("STUDIO_SOURCE_UNREADABLE", `june studio: can't read ${wanted}: ${real.message}.`);
  }
  if (!isInside(root, real)) return outside(request.file, folder);
  const relativePath = relative(root, real).split(sep).join("/");

  const hidden = privateReason(relativePath, request.runsFolder && (await realpath(request.runsFolder).catch(() => resolve(request.runsFolder!))), real);
  if (hidden) return fail(hidden.code, `june studio: won't show ${relativePath}: ${hidden.why}. Open it in your editor if you mean to read it.`);

  return readText(real, wanted, relativePath, request.maxBytes ?? SOURCE_MAX_BYTES);
}

async function readText(real: string, wanted: string, relativePath: string, maxBytes: number): Promise<Result<SourceFile>> {
  // No following a link that appeared since realpath, and no waiting on a FIFO: the fd's own stat decides.
  const flags = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);
  let handle;
  try {
    handle = await open(real, flags);
  } catch (error) {
    return fail("STUDIO_SOURCE_UNREADABLE", `june studio: can't read ${relativePath}: ${error instanceof Error ? error.message : String(error)}.`);
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) return fail("STUDIO_SOURCE_NOT_A_FILE", `june studio: won't show ${relativePath}: it is not a regular file (a folder, a device or a pipe). Pick a file of the project.`);
    if (info.nlink > 1) {
      return fail(
        "STUDIO_SOURCE_HARD_LINK",
        `june studio: won't show ${relativePath}: it has ${info.nlink} hard links, and another of its names may be outside the project folder. Open it in your editor if you mean to read it.`,
      );
    }
    const want = Math.min(info.size, maxBytes);
    const buffer = Buffer.alloc(want);
    const { bytesRead } = await handle.read(buffer, 0, want, 0);
    let bytes: Buffer = buffer.subarray(0, bytesRead);
    const truncated = info.size > bytesRead;
    if (bytes.includes(0)) return binary(relativePath);
    if (truncated) bytes = cutAtLineEnd(bytes);
    let text: string;
    try {
      text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
    } catch {
      return binary(relativePath);
    }
    return ok({ file: wanted, relativePath, text, language: languageOf(relativePath), truncated, size: info.size });
  } finally {
    await handle.close();
  }
}

/** The bytes up to the last line end (a newline is never inside a UTF-8 sequence), else to the last whole character. */
function cutAtLineEnd(bytes: Buffer): Buffer {
  const newline = bytes.lastIndexOf(0x0a);
  if (newline >= 0) return bytes.subarray(0, newline + 1);
  let end = bytes.length;
  // Step back over continuation bytes (10xxxxxx) to the start of the character the cut split, and drop it.
  while (end > 0 && (bytes[end - 1]! & 0xc0) === 0x80) end--;
  if (end > 0 && bytes[end - 1]! >= 0xc0) end--;
  return bytes.subarray(0, end);
}

function binary(relativePath: string): Result<SourceFile> {
  return fail("STUDIO_SOURCE_BINARY", `june studio: won't show ${relativePath}: it is not UTF-8 text (a binary file). Open it in your editor if you mean to read it.`);
}

function outside(file: string, folder: string): Result<SourceFile> {
  return fail("STUDIO_OUTSIDE_PROJECT", `june studio: won't show ${file}: it is outside the open folder ${folder}. Only the project's own files show in the studio.`);
}

const ENV_TEMPLATES = new Set([".env.example", ".env.sample", ".env.template", ".env.dist", ".env.defaults"]);
const SECRET_NAMES = new Set([".npmrc", ".netrc", ".pypirc", ".pgpass", ".git-credentials", "id_rsa", "id_dsa", "id_ecdsa", "id_ed25519"]);
const SECRET_EXTENSIONS = new Set([".pem", ".key", ".p12", ".pfx", ".jks", ".keystore"]);

/** Why a file of the project is not shown, if it is one the studio keeps off screens. */
function privateReason(relativePath: string, runsFolder: string | undefined, real: string): { code: string; why: string } | undefined {
  const parts = relativePath.split("/");
  if (parts.includes(".june") || (runsFolder !== undefined && isInside(runsFolder, real))) {
    return { code: "STUDIO_SOURCE_RUN_RECORD", why: "it is one of the studio's run records, which hold other runs' inputs and outputs; Runs and Trace show them" };
  }
  if (parts.includes(".git")) return { code: "STUDIO_SOURCE_SECRET", why: "it is inside .git, whose config may hold credentials" };
  const name = basename(relativePath).toLowerCase();
  if ((name === ".env" || name.startsWith(".env.")) && !ENV_TEMPLATES.has(name)) {
    return { code: "STUDIO_SOURCE_SECRET", why: "an .env file holds secrets (templates such as .env.example are shown)" };
  }
  if (SECRET_NAMES.has(name) || SECRET_EXTENSIONS.has(extname(name))) return { code: "STUDIO_SOURCE_SECRET", why: "it looks like a file of credentials or private keys" };
  return undefined;
}

const LANGUAGES: Record<string, SourceLanguage> = {
  ".tsx": "tsx",
  ".ts": "typescript",
  ".mts": "typescript",
  ".cts": "typescript",
  ".jsx": "jsx",
  ".js": "javascript",
  ".mjs": "javascript",
  ".cjs": "javascript",
  ".json": "json",
  ".jsonc": "json",
  ".md": "markdown",
  ".markdown": "markdown",
  ".yaml": "yaml",
  ".yml": "yaml",
  ".sh": "shellscript",
  ".bash": "shellscript",
  ".zsh": "shellscript",
};

/** The language a file is highlighted as, by its extension; `text` when none of those the panel knows. */
export function languageOf(path: string): SourceLanguage {
  return LANGUAGES[extname(path).toLowerCase()] ?? "text";
}

function isInside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel !== "" && rel !== ".." && !rel.startsWith(`..${sep}`) && !isAbsolute(rel);
}
