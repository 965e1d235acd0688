// How a tool call gives way to the run's abort.
export function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException("aborted", "AbortError");
}

/** `work`, or the abort if the run is aborted first: a tool that ignores the signal must not keep its node (or the run) open. */
export function settleOrAbort<T>(work: Promise<T> | T, signal: AbortSignal): Promise<T> {
  if (!(work instanceof Promise)) return Promise.resolve(work);
  if (signal.aborted) {
    work.catch(() => {});
    return Promise.reject(abortReason(signal));
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => {
      work.catch(() => {});
      reject(abortReason(signal));
    };
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(
      (value) => (signal.removeEventListener("abort", onAbort), resolve(value)),
      (error: unknown) => (signal.removeEventListener("abort", onAbort), reject(error)),
    );
  });
}
