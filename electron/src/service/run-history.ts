// Reading the runs recorded in a runs folder (see run-record.ts): what the history lists, a run's
// events, deleting one. A run is never hidden: without a readable meta file it is described from
// its events, and a record that can't be read at all is listed with an error saying so. A run
// whose meta still says "running" but whose process is gone reads as "interrupted" (how that is
// told, on this machine or from another sharing the folder: run-liveness.ts).
import { readFileSync } from "node:fs";
import { readdir, readFile, rm } from "node:fs/promises";
import { buildTrace, readTraceEvents, readTraceJson, spentOf, type TraceEvent, type TraceNode } from "june";
import { z } from "zod";
import { runSummary, type Result, type RunStatus, type RunSummary, type StudioError } from "../contract/index.ts";
import { emptyCost, emptyUsage } from "./live-run.ts";
import { systemProbe, type ProcessProbe } from "./process-identity.ts";
import { EncodedJson } from "./plain-json.ts";
import { ok } from "./results.ts";
import { ownerRuns } from "./run-liveness.ts";
import { eventsFile, metaFile } from "./run-record.ts";
import { deleteModelExchanges } from "./model-exchanges.ts";

/** Run ids the studio makes (`run_<time>_<hex>`) and any other id safe as a file name. */
const RUN_ID = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,199}$/;
const RECORD_FILE = /^(.+)\.(jsonl|meta\.json)$/;

/** True when `runId` can name a record file (no separators, no `..`). */
export function isRecordId(runId: string): boolean {
  return RUN_ID.test(runId) && !runId.includes("..");
}

export interface HistoryContext {
  /** Runs this service is running now (their records say "running" and name this process). */
  isLiveHere(runId: string): boolean;
  /** The open project's entry id for a run whose meta file is lost (matched by the entry's name). */
  entryIdOf(name: string): string | undefined;
  /** Where a record that is read only partly is reported (the host's console). */
  log(message: string): void;
  /** How processes on this machine are asked after; default the real probe. */
  probe?: ProcessProbe;
  /** Clock a heartbeat's age is judged by; default Date.now (the clock heartbeats are written by). */
  now?: () => number;
}

// The contract's summary (older records may lack usage and cost), and who runs it.
const metaSchema = runSummary.extend({
  usage: runSummary.shape.usage.optional(),
  cost: runSummary.shape.cost.optional(),
  // Who runs it (run-liveness.ts); records before hosts were named have only the pid.
  pid: z.number().int().optional(),
  host: z.string().optional(),
  machineId: z.string().optional(),
  processStart: z.string().optional(),
  heartbeatAt: z.number().optional(),
  heartbeatEvery: z.number().positive().optional(),
  // The events file's digest once the run ended whole (a wrong one only costs a slower read).
  record: z.object({ bytes: z.number().int().nonnegative(), sha256: z.string().regex(/^[0-9a-f]{64}$/) }).optional().catch(undefined),
});
type ParsedMeta = z.infer<typeof metaSchema>;

/** The ids of every run recorded in `runsFolder` (none when it doesn't exist). */
export async function recordedRunIds(runsFolder: string): Promise<string[]> {
  const names = await readdir(runsFolder).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [] as string[];
    throw error;
  });
  const ids = new Set<string>();
  for (const name of names) {
    const id = RECORD_FILE.exec(name)?.[1];
    if (id !== undefined && isRecordId(id)) ids.add(id);
  }
  return [...ids];
}

/** Every run recorded in `runsFolder`, newest first. */
export async function listRecordedRuns(runsFolder: string, context: HistoryContext): Promise<RunSummary[]> {
  const ids = await recordedRunIds(runsFolder);
  const runs = await Promise.all(ids.map((id) => readRecordedRun(runsFolder, id, context)));
  return newestFirst(runs.filter((run): run is RunSummary => run !== undefined));
}

export function newestFirst(runs: RunSummary[]): RunSummary[] {
  return runs.sort((a, b) => b.startedAt - a.startedAt || (a.runId < b.runId ? 1 : a.runId > b.runId ? -1 : 0));
}

/** One recorded run's summary; undefined when neither of its files exists. */
export async function readRecordedRun(runsFolder: string, runId: string, context: HistoryContext): Promise<RunSummary | undefined> {
  if (!isRecordId(runId)) return undefined;
  const meta = await readMeta(runsFolder, runId);
  if (meta.kind === "broken") context.log(`june studio: ${meta.problem}; the run is listed from its events instead.`);
  if (meta.kind === "ok" && meta.meta.status !== "running") return fromMeta(meta.meta);

  const events = readEvents(runsFolder, runId);
  if (meta.kind === "missing" && events.kind === "missing") return undefined;
  if (meta.kind === "ok") {
    // "running" on disk: live here, running in another process, or interrupted.
    const base = fromMeta(meta.meta);
    if (context.isLiveHere(runId)) return base;
    const elsewhere = ownerRuns(meta.meta, { probe: context.probe ?? systemProbe, now: context.now ?? Date.now });
    if (events.kind === "broken") return { ...base, status: elsewhere ? "running" : "interrupted", error: events.error };
    const root = events.kind === "ok" ? events.root : undefined;
    const ended = root ? endedStatus(root) : undefined;
    return {
      ...base,
      ...(root ? fromRoot(root, events.kind === "ok" ? events.events : []) : {}),
      // A run that ended but died before rewriting its meta file ended all the same.
      status: ended ?? (elsewhere ? "running" : "interrupted"),
      ...(!ended && !elsewhere && events.kind === "ok" && events.lastTime !== undefined ? { endedAt: events.lastTime } : {}),
    };
  }
  // No meta file to go by: everything comes from the events.
  if (events.kind !== "ok") {
    const error = events.kind === "broken" ? events.error : brokenRecord(`${metaFile(runsFolder, runId)} can't be read and ${eventsFile(runsFolder, runId)} is missing`);
    return { runId, entryId: "", name: runId, status: "interrupted", input: null, startedAt: 0, usage: emptyUsage(), cost: emptyCost(), error };
  }
  const root = events.root;
  const name = root?.name ?? runId;
  const ended = root ? endedStatus(root) : undefined;
  return {
    runId,
    entryId: context.entryIdOf(name) ?? "",
    name,
    input: root?.input ?? null,
    startedAt: events.firstTime ?? 0,
    usage: emptyUsage(),
    cost: emptyCost(),
    ...(root ? fromRoot(root, events.events) : {}),
    status: ended ?? "interrupted",
    ...(!ended && events.lastTime !== undefined ? { endedAt: events.lastTime } : {}),
  };
}

/** A recorded run's events (none when only its meta file exists); STUDIO_BROKEN_RECORD when they can't be read. */
export function readRecordedEvents(runsFolder: string, runId: string): Result<TraceEvent[]> {
  return readRecord(runsFolder, runId, (file) => readTraceEvents(file).events, []);
}

/**
 * A recorded run's events as JSON text, for a window: the file's lines spliced into one array,
 * not parsed at all when the meta file's digest says the file is as its writer wrote it (a
 * 100,000-node record in ~0.1 s instead of ~1.2 s parsed and encoded again).
 */
export function readRecordedEventsJson(runsFolder: string, runId: string): Result<EncodedJson<TraceEvent[]>> {
  const digest = readDigest(runsFolder, runId);
  return readRecord(runsFolder, runId, (file) => new EncodedJson<TraceEvent[]>(readTraceJson(file, digest).json), EncodedJson.of<TraceEvent[]>([]));
}

function readRecord<T>(runsFolder: string, runId: string, read: (file: string) => T, none: T): Result<T> {
  const file = eventsFile(runsFolder, runId);
  try {
    return ok(read(file));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return ok(none);
    return { ok: false, error: brokenRecord(`${file} can't be read: ${(error as Error).message}`) };
  }
}

/** The digest a run's meta file gives its events file; none when it gives none or can't be read. */
function readDigest(runsFolder: string, runId: string): ParsedMeta["record"] {
  try {
    const parsed = metaSchema.safeParse(JSON.parse(readFileSync(metaFile(runsFolder, runId), "utf8")));
    return parsed.success ? parsed.data.record : undefined;
  } catch {
    return undefined;
  }
}

/** Removes a run's files (those it has). */
export async function deleteRecordedRun(runsFolder: string, runId: string): Promise<void> {
  if (!isRecordId(runId)) return;
  await rm(metaFile(runsFolder, runId), { force: true });
  await rm(eventsFile(runsFolder, runId), { force: true });
  await deleteModelExchanges(runsFolder, runId);
}

/** What a run's tree and events say about it: name, input, what it spent, times and error. */
function fromRoot(root: TraceNode, events: readonly TraceEvent[]): Partial<RunSummary> {
  const spent = spentOf(events);
  return {
    name: root.name,
    ...(root.input !== undefined ? { input: root.input } : {}),
    ...(root.startedAt !== null ? { startedAt: root.startedAt } : {}),
    ...(root.endedAt !== null ? { endedAt: root.endedAt } : {}),
    usage: spent.usage,
    cost: spent.cost,
    ...(root.error ? { error: { code: root.error.code, message: root.error.message } } : {}),
  };
}

function endedStatus(root: TraceNode): RunStatus | undefined {
  return root.endedAt !== null && (root.status === "succeeded" || root.status === "failed" || root.status === "aborted") ? root.status : undefined;
}

function fromMeta(meta: ParsedMeta): RunSummary {
  return {
    runId: meta.runId,
    entryId: meta.entryId,
    name: meta.name,
    status: meta.status,
    input: meta.input ?? null,
    startedAt: meta.startedAt,
    ...(meta.endedAt !== undefined ? { endedAt: meta.endedAt } : {}),
    usage: meta.usage ?? emptyUsage(),
    cost: meta.cost ?? emptyCost(),
    ...(meta.error ? { error: meta.error } : {}),
    ...(meta.origin ? { origin: meta.origin } : {}),
    ...(meta.resumedBy ? { resumedBy: meta.resumedBy } : {}),
  };
}

type MetaRead = { kind: "ok"; meta: ParsedMeta } | { kind: "missing" } | { kind: "broken"; problem: string };

async function readMeta(runsFolder: string, runId: string): Promise<MetaRead> {
  const file = metaFile(runsFolder, runId);
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { kind: "missing" };
    return { kind: "broken", problem: `${file} can't be read: ${(error as Error).message}` };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { kind: "broken", problem: `${file} is not JSON: ${(error as Error).message}` };
  }
  const parsed = metaSchema.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join(".") || "(file)"}: ${i.message}`).join("; ");
    return { kind: "broken", problem: `${file} is not a run's meta file (${issues})` };
  }
  if (parsed.data.runId !== runId) return { kind: "broken", problem: `${file} describes run ${parsed.data.runId}, not ${runId}` };
  return { kind: "ok", meta: parsed.data };
}

type EventsRead =
  | { kind: "ok"; events: TraceEvent[]; root: TraceNode | undefined; firstTime: number | undefined; lastTime: number | undefined }
  | { kind: "missing" }
  | { kind: "broken"; error: StudioError };

function readEvents(runsFolder: string, runId: string): EventsRead {
  const file = eventsFile(runsFolder, runId);
  let events: TraceEvent[];
  try {
    events = readTraceEvents(file).events;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { kind: "missing" };
    return { kind: "broken", error: brokenRecord(`${file} can't be read: ${(error as Error).message}`) };
  }
  return { kind: "ok", events, root: buildTrace(events), firstTime: events[0]?.time, lastTime: events.at(-1)?.time };
}

function brokenRecord(problem: string): StudioError {
  return { code: "STUDIO_BROKEN_RECORD", message: `june studio: ${problem}. Its trace can't be shown; delete the run or repair the file.` };
}
