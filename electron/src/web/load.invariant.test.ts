// Invariant of the web host under load: with 50 runs streaming text at once (more with
// JUNE_INVARIANT_SCALE; their lengths come from JUNE_INVARIANT_SEED, printed), one window on the
// real WebSocket — the renderer's own WebSocketBridge — gets every event exactly once in seq
// order, each run's trace events 1, 2, 3, … as the service recorded them, every run settles, and
// all along the host answers: a request over the same socket and a GET of the page with the
// token, each within a second (the bound on responsiveness; the latencies are printed).
import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StudioEvent, TraceEvent } from "../contract/index.ts";
import { makeProject, type ProjectFixture } from "../service/project-fixture.test-support.ts";
import { StudioService } from "../service/index.ts";
import { invariantSeed, mulberry32, scaledCount } from "./invariant-knobs.test-support.ts";
import { startWebHost, type WebHost } from "./web-host.ts";
import { WebSocketBridge, webSocketUrl, type SocketLike } from "../contract/index.ts";

const SEED = invariantSeed(42);
const RUNS = scaledCount(50);
/** The bound: the host answers every request within a second, however busy it is. */
const ANSWER_BOUND_MS = 1000;
/** A hang guard, not a timing assertion: these runs take milliseconds; one not settled by now never will. */
const SETTLE_BOUND_MS = 30_000;

/**
 * Waits `waitMs` (so the runs' streams overlap over a second rather than all finishing at once),
 * then streams `words` words, one text delta each, from a scripted model; `tag` makes each run's
 * text its own.
 */
const STREAM_FLOW = `import { Agent, Step } from "june";
import { scripted } from "june/sdk/scripted";

export default function Stream({ words = 10, tag = "", waitMs = 0 }: { words?: number; tag?: string; waitMs?: number }) {
  const text = Array.from({ length: words }, (_, i) => tag + "w" + i).join(" ");
  const model = scripted([() => new Promise((resolve) => setTimeout(() => resolve({ text }), waitMs))]);
  return (
    <Agent model={model}>
      <Step id="write" prompt={"Write " + tag} />
    </Agent>
  );
}
`;
const ENTRY = "workflow:stream.tsx";

let project: ProjectFixture;
let service: StudioService;
let host: WebHost;

beforeAll(async () => {
  project = await makeProject({ "stream.tsx": STREAM_FLOW });
  service = new StudioService({ log: () => {} });
  const opened = await service.openFolder({ folder: project.folder });
  if (!opened.ok) throw new Error(opened.error.message);
  host = await startWebHost({ service, port: 0, rendererDir: project.folder });
});
afterAll(async () => {
  await host?.close();
  await service?.close();
  await project?.remove();
});

/** What the window saw while the runs ran, and how long each answer took. */
interface Observed {
  afterSeq: number;
  /** The service's last seq once every run had ended (the stream had caught up with it then). */
  lastSeq: number;
  /** Every event in the frames the socket received, in arrival order. */
  wire: StudioEvent[];
  batches: number;
  /** What the bridge handed its listener. */
  delivered: StudioEvent[];
  runIds: string[];
  /** Runs that had not ended when the bound ran out. */
  unsettled: string[];
  /** Each run's trace as the service recorded it (getRunEvents, after it ended). */
  recorded: Map<string, TraceEvent[] | string>;
  answers: { ws: Answer[]; http: Answer[] };
}

interface Answer {
  ms: number;
  ok: boolean;
  detail?: string;
}

/** A socket like the page's (Node's standard WebSocket, with the page's Origin) whose frames the test also reads. */
function tappedSocket(url: string, onFrame: (data: string) => void): SocketLike {
  const inner = new WebSocket(url, { headers: { origin: `http://127.0.0.1:${host.port}` } } as never) as unknown as SocketLike;
  const outer: SocketLike = {
    get readyState() {
      return inner.readyState;
    },
    send: (data) => inner.send(data),
    close: (code, reason) => inner.close(code, reason),
    onopen: null,
    onmessage: null,
    onclose: null,
    onerror: null,
  };
  inner.onopen = (event) => outer.onopen?.(event);
  inner.onmessage = (event) => {
    onFrame(String(event.data));
    outer.onmessage?.(event);
  };
  inner.onclose = (event) => outer.onclose?.(event);
  inner.onerror = (event) => outer.onerror?.(event);
  return outer;
}

/** A GET of the page with the token, as a browser opening the printed URL does. */
function getPage(): Promise<Answer> {
  const start = performance.now();
  return new Promise((resolve) => {
    const request = httpRequest(
      { host: "127.0.0.1", port: host.port, path: `/?token=${host.token}`, headers: { host: `127.0.0.1:${host.port}` } },
      (response) => {
        response.resume();
        response.on("end", () => resolve({ ms: performance.now() - start, ok: response.statusCode === 200, detail: `status ${response.statusCode}` }));
      },
    );
    request.on("error", (error) => resolve({ ms: performance.now() - start, ok: false, detail: error.message }));
    request.end();
  });
}

async function underLoad(): Promise<Observed> {
  const random = mulberry32(SEED);
  const wire: StudioEvent[] = [];
  let batches = 0;
  const bridge = new WebSocketBridge({
    url: webSocketUrl(new URL(host.url)),
    connect: (url) =>
      tappedSocket(url, (data) => {
        const message = JSON.parse(data) as { type?: string; events?: StudioEvent[] };
        if (message.type !== "events") return;
        batches++;
        wire.push(...message.events!);
      }),
  });
  try {
    const delivered: StudioEvent[] = [];
    const ended = new Set<string>();
    let wake = () => {};
    const afterSeq = service.lastSeq;
    bridge.onEvents(afterSeq, ({ events }) => {
      delivered.push(...events);
      for (const event of events) if (event.type === "run-ended") ended.add(event.run.runId);
      wake();
    });
    // Answered after the subscribe sent before it: the stream is live from here. A bridge that never
    // connects would wait for ever; that is a broken host, said at once.
    const first = await within(bridge.getBreakpoints({}), 10_000);
    if (!first?.ok) throw new Error(`the bridge never got an answer from the web host (${first ? first.error.message : "no connection within 10 s"})`);

    // Probes in a loop each, for as long as the runs run (and once more after).
    const answers: Observed["answers"] = { ws: [], http: [] };
    let probing = true;
    const pause = () => new Promise((resolve) => setTimeout(resolve, Math.floor(random() * 15)));
    const probe = async (into: Answer[], ask: () => Promise<Answer>) => {
      do {
        into.push(await ask());
        await pause();
      } while (probing);
    };
    const askSocket = async (): Promise<Answer> => {
      const start = performance.now();
      const result = await bridge.getBreakpoints({});
      return { ms: performance.now() - start, ok: result.ok, ...(result.ok ? {} : { detail: result.error.message }) };
    };
    const probes = Promise.all([probe(answers.ws, askSocket), probe(answers.http, getPage)]);

    const started = await Promise.all(
      Array.from({ length: RUNS }, (_, i) =>
        bridge.startRun({ entryId: ENTRY, input: { words: 20 + Math.floor(random() * 100), tag: `r${i}`, waitMs: Math.floor(random() * 1000) } }),
      ),
    );
    const runIds = started.map((result) => {
      if (!result.ok) throw new Error(`startRun failed: ${result.error.message}`);
      return result.value.runId;
    });

    // Every run ended, and the stream caught up with the service (bounded: a hang is a violation).
    const settledOrBound = await new Promise<boolean>((resolve) => {
      const bound = setTimeout(() => resolve(false), SETTLE_BOUND_MS);
      wake = () => {
        if (runIds.every((id) => ended.has(id)) && (delivered.at(-1)?.seq ?? afterSeq) >= service.lastSeq) {
          clearTimeout(bound);
          resolve(true);
        }
      };
      wake();
    });
    const lastSeq = service.lastSeq;
    probing = false;
    await probes;

    const recorded = new Map<string, TraceEvent[] | string>();
    for (const runId of runIds) {
      const events = await bridge.getRunEvents({ runId });
      recorded.set(runId, events.ok ? events.value : `${events.error.code}: ${events.error.message}`);
    }
    return {
      afterSeq,
      lastSeq,
      wire,
      batches,
      delivered,
      runIds,
      unsettled: settledOrBound ? [] : runIds.filter((id) => !ended.has(id)),
      recorded,
      answers,
    };
  } finally {
    bridge.close();
  }
}

/** `promise`'s value, or undefined when it hasn't settled within `ms` (a hang guard). */
async function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<undefined>((resolve) => (timer = setTimeout(resolve, ms, undefined)));
  try {
    return await Promise.race([promise, bound]);
  } finally {
    clearTimeout(timer);
  }
}

/** Where seqs break from `first`, `first + 1`, … (a gap or a repeat), as lines; none when unbroken. */
function breaks(seqs: readonly number[], first: number, what: string): string[] {
  const found: string[] = [];
  seqs.forEach((seq, i) => {
    if (seq !== first + i) found.push(`${what}: event ${i + 1} has seq ${seq}, expected ${first + i} (${seq < first + i ? "a repeat" : "a gap"})`);
  });
  return found.slice(0, 10);
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
}

function latencies(answers: readonly Answer[]): string {
  const sorted = answers.map((a) => a.ms).sort((a, b) => a - b);
  const f = (ms: number) => ms.toFixed(1);
  return `${answers.length} answers, p50 ${f(percentile(sorted, 0.5))} / p95 ${f(percentile(sorted, 0.95))} / max ${f(sorted.at(-1) ?? NaN)} ms`;
}

describe(`the web host under ${RUNS} concurrent streaming runs (seed ${SEED})`, () => {
  let seen: Observed;
  const context = `with JUNE_INVARIANT_SEED=${SEED} JUNE_INVARIANT_SCALE=${process.env.JUNE_INVARIANT_SCALE ?? 1}`;
  const traceOf = (runId: string) => seen.delivered.flatMap((e) => (e.type === "trace" && e.runId === runId ? [e.event] : []));

  beforeAll(async () => {
    seen = await underLoad();
    const traces = seen.delivered.filter((e) => e.type === "trace").length;
    console.log(
      `load invariant: ${RUNS} runs, ${seen.delivered.length} events (${traces} trace) in ${seen.batches} batches, seed ${SEED}; ` +
        `over the WebSocket ${latencies(seen.answers.ws)}; GET with the token ${latencies(seen.answers.http)}`,
    );
  }, SETTLE_BOUND_MS + 30_000);

  it("the socket carries every event once, in seq order: no gap, no repeat, no snapshot standing for missed ones", () => {
    const found = [
      ...breaks(seen.wire.map((e) => e.seq), seen.afterSeq + 1, "on the wire"),
      ...breaks(seen.delivered.map((e) => e.seq), seen.afterSeq + 1, "to the listener"),
      ...seen.delivered.filter((e) => e.type === "snapshot").map((e) => `a snapshot at seq ${e.seq}: the window missed live events`),
    ];
    if (seen.unsettled.length === 0 && (seen.delivered.at(-1)?.seq ?? seen.afterSeq) < seen.lastSeq) {
      found.push(`the stream stopped at seq ${seen.delivered.at(-1)?.seq}, short of the service's ${seen.lastSeq}`);
    }
    expect(found, context).toEqual([]);
  });

  it("each run's trace events arrive once each, 1, 2, 3, …, between its run-started and run-ended, as the service recorded them", () => {
    const found: string[] = [];
    for (const runId of seen.runIds) {
      const trace = traceOf(runId);
      found.push(...breaks(trace.map((e) => e.seq), 1, runId));
      const positions = seen.delivered.flatMap((e, i) => ("runId" in e && e.runId === runId) || ("run" in e && e.run.runId === runId) ? [[e.type, i] as const] : []);
      if (positions[0]?.[0] !== "run-started" || positions.at(-1)?.[0] !== "run-ended") {
        found.push(`${runId}: its events don't open with run-started and close with run-ended: ${positions.map(([type]) => type).join(", ")}`);
      }
      const recorded = seen.recorded.get(runId)!;
      if (typeof recorded === "string") found.push(`${runId}: getRunEvents failed: ${recorded}`);
      else if (recorded.map((e) => `${e.seq} ${e.type}`).join(",") !== trace.map((e) => `${e.seq} ${e.type}`).join(",")) {
        found.push(`${runId}: streamed ${trace.length} trace events, the service recorded ${recorded.length}, and they differ`);
      }
    }
    expect(found, context).toEqual([]);
  });

  it("every run settles: started once, ended once, succeeded, its text streamed in full", () => {
    const found: string[] = seen.unsettled.map((runId) => `${runId} had not ended after ${SETTLE_BOUND_MS} ms`);
    for (const runId of seen.runIds) {
      const ends = seen.delivered.filter((e) => e.type === "run-ended" && e.run.runId === runId);
      const starts = seen.delivered.filter((e) => e.type === "run-started" && e.run.runId === runId);
      if (starts.length !== 1 || ends.length !== 1) found.push(`${runId}: started ${starts.length} times, ended ${ends.length} times`);
      const status = ends[0]?.type === "run-ended" ? ends[0].run.status : undefined;
      if (status !== "succeeded") found.push(`${runId}: ended ${status ?? "never"}`);
      const { words, tag } = (starts[0]?.type === "run-started" ? starts[0].run.input : {}) as { words: number; tag: string };
      const text = traceOf(runId).flatMap((e) => (e.type === "node-update" && e.textDelta ? [e.textDelta] : [])).join("");
      const expected = Array.from({ length: words }, (_, i) => `${tag}w${i}`).join(" ");
      if (text !== expected) found.push(`${runId}: streamed ${JSON.stringify(text.slice(0, 80))}…, not the ${words} words it was scripted with`);
    }
    expect(found, context).toEqual([]);
  });

  it(`the host answers a request over the WebSocket and a GET of the page within ${ANSWER_BOUND_MS} ms, all along`, () => {
    const found: string[] = [];
    for (const [what, answers] of Object.entries(seen.answers)) {
      if (answers.length < 2) found.push(`${what}: only ${answers.length} answers while the runs ran; the probe never ran under load`);
      answers.forEach((answer, i) => {
        if (!answer.ok) found.push(`${what} answer ${i + 1} failed: ${answer.detail}`);
        if (answer.ms > ANSWER_BOUND_MS) found.push(`${what} answer ${i + 1} took ${answer.ms.toFixed(0)} ms`);
      });
    }
    expect(found, `${context}; WebSocket ${latencies(seen.answers.ws)}; GET ${latencies(seen.answers.http)}`).toEqual([]);
  });
});
