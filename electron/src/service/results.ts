// Results as data: every StudioService method answers `{ ok: true, value }` or
// `{ ok: false, error: { code, message } }` and never throws across the API.
import type { Result, StudioError } from "../contract/index.ts";

export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

export function fail<T = never>(code: string, message: string): Result<T> {
  return { ok: false, error: { code, message } };
}

/** An unexpected throw as an error result: its code when it has one, else STUDIO_INTERNAL. */
export function failFromError<T = never>(error: unknown, context: string): Result<T> {
  return { ok: false, error: errorOf(error, context) };
}

export function errorOf(error: unknown, context: string): StudioError {
  const code = typeof (error as { code?: unknown })?.code === "string" ? (error as { code: string }).code : "STUDIO_INTERNAL";
  const message = error instanceof Error ? error.message : String(error);
  return { code, message: `${context}: ${message}` };
}
