// AbortError handling for models that run in-process: they must stop the way a fetch-based
// provider does, so the AI SDK and the run engine treat an aborted scripted call like a real one.

/**
 * The AbortError to throw for an aborted `signal`: its own reason when that already is one,
 * otherwise a new AbortError that names `what` and keeps the reason as `cause`.
 *
 * @example
 * if (signal.aborted) throw abortError(signal, 'scripted model "scripted", call 2');
 */
export function abortError(signal: AbortSignal, what: string): Error {
  const reason: unknown = signal.reason;
  if (reason instanceof Error && reason.name === "AbortError") return reason;
  const detail = reason instanceof Error ? `: ${reason.message}` : reason === undefined ? "" : `: ${String(reason)}`;
  return new DOMException(`june: ${what} was aborted${detail}`, { name: "AbortError", cause: reason });
}

/**
 * Throws the AbortError for `signal` when it has been aborted.
 *
 * @example
 * throwIfAborted(options.abortSignal, "scripted model call 1");
 */
export function throwIfAborted(signal: AbortSignal | undefined, what: string): void {
  if (signal?.aborted) throw abortError(signal, what);
}

/**
 * Settles like `value`, unless `signal` aborts first: then rejects with the AbortError, so a
 * pending scripted response cannot outlive the call that asked for it.
 *
 * @example
 * const response = await untilAborted(entry(call), options.abortSignal, "scripted model call 1");
 */
export function untilAborted<T>(value: T | PromiseLike<T>, signal: AbortSignal | undefined, what: string): Promise<T> {
  if (!signal) return Promise.resolve(value);
  if (signal.aborted) return Promise.reject(abortError(signal, what));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortError(signal, what));
    signal.addEventListener("abort", onAbort, { once: true });
    Promise.resolve(value).then(
      (result) => {
        signal.removeEventListener("abort", onAbort);
        resolve(result);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}
