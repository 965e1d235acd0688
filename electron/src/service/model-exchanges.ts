// A run's model calls' raw provider bodies, kept beside its record and read back when a window
// asks (getModelExchange): `<run-id>.raw.ndjson` in the runs folder, a line per call, each line
// starting with its node id. Never in the events file, the event log or a window's events: a
// request body holds the whole prompt on every call, so a loop's bodies grow with its square; the
// engine's ExchangeRecorder caps each body and a run's total before they get here.
//
// As crash-safe as the record: each line is appended synchronously as the call answers, so a
// crash loses at most the line being written, which the reader skips. Unlike the record, a line
// that can't be written costs only the raw bodies (said once on the console), never the run.
import { appendFileSync, readFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { EXCHANGE_RUN_BUDGET, type RecordedExchange } from "june";
import { recordedExchange, type ModelExchangeReply, type RequestOf, type Result } from "../contract/index.ts";
import type { StudioHistory } from "./history.ts";
import { unknownRun } from "./refusals.ts";
import { failFromError, ok } from "./results.ts";

export const exchangesFile = (runsFolder: string, runId: string) => join(runsFolder, `${runId}.raw.ndjson`);

/**
 * What the host writes of one run at most, in characters: the engine's budget for the bodies with
 * room for the lines around them. A worker that sends more (it runs the user's code) is not heard.
 */
const HOST_BUDGET = EXCHANGE_RUN_BUDGET * 1.25;

/**
 * Where a run's raw bodies go: a function that appends each call's to `<run-id>.raw.ndjson`, or
 * undefined when the run is not recorded (no runs folder), so none are taken at all.
 *
 * @example
 * const keep = exchangeKeeper(record.runsFolder, runId, console.warn);
 * project.start(entryId, { ...(keep ? { onModelExchange: keep } : {}) });
 */
export function exchangeKeeper(runsFolder: string | undefined, runId: string, log: (message: string) => void): ((exchange: RecordedExchange) => void) | undefined {
  if (runsFolder === undefined) return undefined;
  const file = exchangesFile(runsFolder, runId);
  let written = 0;
  let stopped = false;
  return (exchange) => {
    if (stopped) return;
    // The node id first, so a reader finds a call's line without parsing the others.
    const { nodeId, ...rest } = exchange;
    const line = `${JSON.stringify({ nodeId, ...rest })}\n`;
    if (written + line.length > HOST_BUDGET) {
      stopped = true;
      log(`june studio: run ${runId} sent more raw request and response bodies than a run keeps; its later calls have none.`);
      return;
    }
    try {
      appendFileSync(file, line, { mode: 0o600 });
      written += line.length;
    } catch (error) {
      stopped = true;
      log(`june studio: the raw request and response bodies of run ${runId} can't be written to ${file}, so its later calls have none: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
}

/**
 * The raw bodies of model call `nodeId` of run `runId` from its runs folder (undefined: the run
 * is not recorded), or why there are none.
 */
export function readModelExchange(runsFolder: string | undefined, runId: string, nodeId: string): ModelExchangeReply {
  if (runsFolder === undefined) return { recorded: false, reason: `Run ${runId} is not recorded on disk (its runs folder can't be written), so no raw bodies were kept.` };
  let text: string;
  try {
    text = readFileSync(exchangesFile(runsFolder, runId), "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    return { recorded: false, reason: `Run ${runId} kept no raw request or response bodies: no call of it reached a provider, or it was recorded before June kept them.` };
  }
  const prefix = `{"nodeId":${JSON.stringify(nodeId)},`;
  let found: RecordedExchange | undefined;
  for (const line of text.split("\n")) {
    if (!line.startsWith(prefix)) continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      // A last line cut short by a crash.
      continue;
    }
    const parsed = recordedExchange.safeParse(value);
    // Should a call have two lines, the later stands.
    if (parsed.success) found = parsed.data;
  }
  return found
    ? { recorded: true, exchange: found }
    : { recorded: false, reason: `Model call ${nodeId} of run ${runId} has no raw request or response recorded: it was answered from a record (replay, fork, resume), the run's budget for raw bodies was spent, or it never reached its provider.` };
}

/** Deletes a run's raw bodies (with its record). */
export async function deleteModelExchanges(runsFolder: string, runId: string): Promise<void> {
  await rm(exchangesFile(runsFolder, runId), { force: true });
}

/** getModelExchange: a run of the session or of the history, and its call's raw bodies (or why there are none). */
export async function modelExchangeOf(history: StudioHistory, request: RequestOf<"getModelExchange">): Promise<Result<ModelExchangeReply>> {
  const found = await history.find(request.runId);
  if (!found) return unknownRun(request.runId);
  try {
    return ok(readModelExchange(found.runsFolder, request.runId, request.nodeId));
  } catch (error) {
    return failFromError(error, `june studio: the raw bodies of run ${request.runId} can't be read`);
  }
}
