// The refusals several of the service's parts give alike: a run nobody has, no folder open, the
// studio shutting down. One wording each, so the same cause reads the same wherever it is met.
import type { Result } from "../contract/index.ts";
import { fail } from "./results.ts";

export function unknownRun<T>(runId: string): Result<T> {
  return fail("STUDIO_UNKNOWN_RUN", `june studio: there is no run "${runId}" in this session or in the open project's runs folder; listRuns shows them all.`);
}

export function noProject<T>(): Result<T> {
  return fail("STUDIO_NO_PROJECT", "june studio: no folder is open; open a project folder before starting a run.");
}

export function closed<T>(): Result<T> {
  return fail("STUDIO_CLOSED", "june studio: the studio is shutting down.");
}
