// A live run's heartbeat: its meta file rewritten every HEARTBEAT_EVERY_MS with the time, so a
// reader on another machine (a shared or synced runs folder), which can't ask after the pid, can
// tell a run still going (a recent beat) from one whose process died (silence).

/** How often a live run's meta file says it is alive. */
export const HEARTBEAT_EVERY_MS = 15_000;

/**
 * How many beats may be missed before a run reads as dead. Generous on purpose: a network share
 * can show a file up to a minute late (NFS caches attributes for 60 s by default), a sync client
 * lags, and two machines' clocks differ a little. A crashed run elsewhere reads as interrupted
 * within 90 s.
 */
export const STALE_AFTER_BEATS = 6;

/** When a run's last beat is recent enough to say it still runs (`every`: the writer's interval). */
export function heartbeatFresh(beatAt: number, every: number, now: number): boolean {
  // A beat from the future (the writer's clock ahead of ours) counts as fresh.
  return now - beatAt < STALE_AFTER_BEATS * every;
}

export interface Heartbeat {
  stop(): void;
}

/** Calls `beat` every `every` ms until stopped; the timer never keeps the process alive. */
export function startHeartbeat(beat: () => void, every: number): Heartbeat {
  const timer = setInterval(beat, every);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
