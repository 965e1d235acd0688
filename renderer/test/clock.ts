// Pins the wall clock for a test that formats or compares times, so it reads the same on any
// date and in any time zone. Only `Date` is faked: Testing Library's waits keep real timers.
// Fixtures should be built in local time (`localTime(...)`), so "09:05:00" is what any zone shows.
import { afterEach, vi } from "vitest";

/** A local-time instant: the wall clock reads these fields in whatever zone the tests run in. */
export function localTime(year: number, monthIndex: number, day: number, hour = 0, minute = 0, second = 0): number {
  return new Date(year, monthIndex, day, hour, minute, second).getTime();
}

/** Freezes `Date.now()` at `epochMs` for the rest of the current test. */
export function pinClock(epochMs: number): void {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(epochMs);
}

afterEach(() => {
  vi.useRealTimers();
});
