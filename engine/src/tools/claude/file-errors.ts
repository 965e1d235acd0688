// Turns a failed file operation into the error the model sees: what it tried, on which path
// (relative to the project folder), and why in plain words, keeping the fs error as the cause.
import { JuneError } from "../../errors/index.ts";

const REASONS: Record<string, string> = {
  ENOENT: "it does not exist",
  ENOTDIR: "a part of the path is a file, not a folder",
  EISDIR: "it is a folder, not a file",
  EACCES: "permission denied",
  EPERM: "permission denied",
  ELOOP: "it is a symlink loop",
  ENAMETOOLONG: "the path is too long",
  EROFS: "the file system is read-only",
  ENOSPC: "the disk is full",
};

/** The `code` of a Node fs error, if it has one. */
export function errnoCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : undefined;
}

/**
 * A `JUNE_BUILTIN_FAILED` error for a file operation that threw.
 *
 * @example
 * throw fileError("read", "src/a.ts", error); // june: could not read src/a.ts: it does not exist
 */
export function fileError(action: string, displayPath: string, error: unknown): JuneError {
  const code = errnoCode(error);
  const reason = (code && REASONS[code]) ?? (error instanceof Error ? error.message : String(error));
  return new JuneError("JUNE_BUILTIN_FAILED", `june: could not ${action} ${displayPath}: ${reason}`, { cause: error });
}

/** A `JUNE_BUILTIN_FAILED` error with `message` (already prefixed "june: "). */
export function builtinError(message: string): JuneError {
  return new JuneError("JUNE_BUILTIN_FAILED", message);
}
