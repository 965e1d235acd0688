// Turning anything thrown into the `{ code, message }` a trace node and a run result carry.
import { APICallError, RetryError } from "ai";
import { isJuneError } from "../errors/index.ts";
import type { NodeError } from "../trace/index.ts";

export function isAbort(error: unknown, signal?: AbortSignal): boolean {
  if (signal?.aborted) return true;
  if (isJuneError(error)) return error.code === "JUNE_ABORTED";
  return error instanceof Error && (error.name === "AbortError" || error.name === "ResponseAborted");
}

export function toNodeError(error: unknown): NodeError {
  // The SDK wraps the provider's last answer after its retries; the code and the provider's words
  // are in that answer, so the run reports it (with how many attempts) rather than the wrapper.
  if (RetryError.isInstance(error) && error.lastError !== undefined) return afterAttempts(toNodeError(error.lastError), error.errors.length);
  if (isJuneError(error)) return { code: error.code, message: error.message, ...(error.source ? { source: error.source } : {}) };
  if (APICallError.isInstance(error)) {
    const status = error.statusCode === undefined ? "" : ` (HTTP ${error.statusCode})`;
    return { code: "JUNE_MODEL_FAILED", message: `june: the model call failed${status}: ${error.message}` };
  }
  if (error instanceof Error && error.name === "AbortError") return { code: "JUNE_ABORTED", message: "june: the run was aborted." };
  return { code: "JUNE_INTERNAL", message: error instanceof Error ? error.message : String(error) };
}

function afterAttempts(inner: NodeError, attempts: number): NodeError {
  if (inner.code === "JUNE_ABORTED" || attempts < 2) return inner;
  const failed = inner.message.match(/^(june: the model call failed(?: \(HTTP \d+\))?)(: [\s\S]*)$/);
  const message = failed ? `${failed[1]} after ${attempts} attempts${failed[2]}` : `${inner.message} (after ${attempts} attempts)`;
  return { ...inner, message };
}

/** Adds where it happened to an error's message, keeping its code. */
export function inContext(error: unknown, where: string): NodeError {
  const base = toNodeError(error);
  if (base.code === "JUNE_ABORTED") return base;
  const code = base.code === "JUNE_INTERNAL" ? "JUNE_STEP_FAILED" : base.code;
  const message = base.message.replace(/^june: /, "");
  return { ...base, code, message: `june: ${where} failed: ${message}` };
}
