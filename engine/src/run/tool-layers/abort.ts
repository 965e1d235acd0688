// How a tool call gives way to the run's abort.
export function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException("aborted", "AbortError");
}

// The calls racing each signal, rejected by one listener per signal: a listener added and removed
// per call cost more than the rest of June's tool layers together (Node's EventTarget, measured).
// Keyed weakly by the signal, one entry a run (or a composite's run), gone with it. A race makes
// no closure of its own (the resolvers are the promise's, the waiting is an async function's).
const racing = new WeakMap<AbortSignal, Set<(reason: unknown) => void>>();

function racersOf(signal: AbortSignal): Set<(reason: unknown) => void> {
  let racers = racing.get(signal);
  if (racers === undefined) {
    const waiting = new Set<(reason: unknown) => void>();
    signal.addEventListener(
      "abort",
      () => {
        const reason = abortReason(signal);
        for (const reject of waiting) reject(reason);
        waiting.clear();
      },
      { once: true },
    );
    racing.set(signal, waiting);
    racers = waiting;
  }
  return racers;
}

/** `work`, or the abort if the run is aborted first: a tool that ignores the signal must not keep its node (or the run) open. */
export function settleOrAbort<T>(work: Promise<T> | T, signal: AbortSignal): Promise<T> {
  if (!(work instanceof Promise)) return Promise.resolve(work);
  if (signal.aborted) {
    work.catch(() => {});
    return Promise.reject(abortReason(signal));
  }
  const race = Promise.withResolvers<T>();
  void settle(work, race, racersOf(signal));
  return race.promise;
}

// The work's outcome becomes the race's, unless the abort rejected it first (then the work's own
// failure, if it comes, is nobody's news: this function awaits it, so it is never unhandled).
async function settle<T>(work: Promise<T>, race: PromiseWithResolvers<T>, racers: Set<(reason: unknown) => void>): Promise<void> {
  racers.add(race.reject);
  try {
    race.resolve(await work);
  } catch (error) {
    race.reject(error);
  } finally {
    racers.delete(race.reject);
  }
}
