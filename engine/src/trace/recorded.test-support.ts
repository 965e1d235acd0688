// Test support: runs the CLI recorded (engine/src/cli/fixtures), as their trace events.
import { readFileSync } from "node:fs";
import type { TraceEvent } from "./events.ts";

/** A run the CLI recorded: `report` (a composite tool, streamed text) or `release-denied` (an approval denied). */
export function recordedEvents(name: "report" | "release-denied"): TraceEvent[] {
  const text = readFileSync(new URL(`../cli/fixtures/${name}.events.jsonl`, import.meta.url), "utf8");
  return text
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as TraceEvent);
}
