// The browser's Bridge against the real web host, in Node (whose global WebSocket is the
// standard one): requests and answers, events from a seq, and after a dropped connection a
// reconnect that resubscribes from the last seq seen, so nothing is missed or repeated (what the
// service let go of meanwhile arrives as one snapshot standing for it).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EventBatch, StudioApi, StudioEvent, WireMessage } from "../contract/index.ts";
import { HELLO_FLOW, makeProject, runEnded, type ProjectFixture } from "../service/project-fixture.test-support.ts";
import { StudioService } from "../service/index.ts";
import { startWebHost, type WebHost } from "./web-host.ts";
import { WebSocketBridge, webSocketUrl, type ConnectionState, type SocketLike } from "../contract/index.ts";

let project: ProjectFixture;
let service: StudioService;
let host: WebHost;
/** Every event the service emitted, as a window listening from the start got them. */
const streamed: StudioEvent[] = [];

beforeAll(async () => {
  project = await makeProject({ "hello.tsx": HELLO_FLOW });
  service = new StudioService({ log: () => {} });
  service.listen(0, (e) => void streamed.push(e));
  host = await startWebHost({ service, port: 0, rendererDir: project.folder });
});
afterAll(async () => {
  await host?.close();
  await service?.close();
  await project?.remove();
});

/** What a page at the host's URL would compute, and a Node socket that sends the page's Origin. */
function pageUrl(token = host.token) {
  return webSocketUrl(new URL(`http://127.0.0.1:${host.port}/?token=${token}`));
}
const nodeSocket = (url: string) => new WebSocket(url, { headers: { origin: `http://127.0.0.1:${host.port}` } } as never) as unknown as SocketLike;

/** A socket whose real connection waits until `open()` (a network that comes back later). */
function gatedSocket(url: string) {
  let inner: SocketLike | undefined;
  let closedEarly = false;
  const gated: SocketLike & { open(): void } = {
    get readyState() {
      return inner?.readyState ?? 0;
    },
    send: (data) => inner!.send(data),
    close: (code, reason) => (inner ? inner.close(code, reason) : void (closedEarly = true)),
    onopen: null,
    onmessage: null,
    onclose: null,
    onerror: null,
    open() {
      if (closedEarly) return;
      inner = nodeSocket(url);
      inner.onopen = (e) => gated.onopen?.(e);
      inner.onmessage = (e) => gated.onmessage?.(e);
      inner.onclose = (e) => gated.onclose?.(e);
      inner.onerror = (e) => gated.onerror?.(e);
    },
  };
  return gated;
}

function collect(bridge: WebSocketBridge, afterSeq = 0) {
  const events: StudioEvent[] = [];
  const waiters: { seq: number; resolve: () => void }[] = [];
  const stop = bridge.onEvents(afterSeq, (batch: EventBatch) => {
    events.push(...batch.events);
    const last = events.at(-1)!.seq;
    for (const waiter of [...waiters]) {
      if (last < waiter.seq) continue;
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  });
  const until = (seq: number) => new Promise<void>((resolve) => (events.at(-1)?.seq ?? 0) >= seq ? resolve() : waiters.push({ seq, resolve }));
  return { events, stop, until };
}

function allEvents(afterSeq = 0): StudioEvent[] {
  return streamed.filter((e) => e.seq > afterSeq);
}

/** What a subscription from `afterSeq` gets now, as JSON (a snapshot once the log let go of those events). */
function replayFrom(afterSeq: number): StudioEvent[] {
  const events: StudioEvent[] = [];
  service.listen(afterSeq, (e) => void events.push(e))();
  return JSON.parse(JSON.stringify(events)) as StudioEvent[];
}

describe("WebSocketBridge", () => {
  it("is a Bridge for the web host", () => {
    const bridge = new WebSocketBridge({ url: pageUrl(), connect: nodeSocket });
    const api: StudioApi = bridge;
    expect(bridge.host).toBe("web");
    expect(typeof api.startRun).toBe("function");
    bridge.close();
  });

  it("calls the service and streams its events from a seq", async () => {
    const bridge = new WebSocketBridge({ url: pageUrl(), connect: nodeSocket });
    try {
      const seen = collect(bridge);
      const opened = await bridge.openFolder({ folder: project.folder });
      expect(opened.ok && opened.value.entries.map((e) => e.id)).toEqual(["workflow:hello.tsx"]);
      const started = await bridge.startRun({ entryId: "workflow:hello.tsx", input: { name: "web" } });
      if (!started.ok) throw new Error(started.error.message);
      await runEnded(service, started.value.runId);
      await seen.until(service.lastSeq);
      expect(seen.events).toEqual(allEvents());
      // Over the wire as in process (the host sends the record's lines as they are, plain-json.ts).
      expect(await bridge.getRunEvents({ runId: started.value.runId })).toEqual(await service.getRunEvents({ runId: started.value.runId }));
      expect(await bridge.approve({ runId: started.value.runId, approvalId: "none" })).toMatchObject({ ok: false, error: { code: "STUDIO_UNKNOWN_APPROVAL" } });

      // A listener that joins later from a seq the service let go of (the run ended since) gets one
      // snapshot standing for what followed it; the first listener gets nothing twice.
      const late = collect(bridge, 2);
      await late.until(service.lastSeq);
      expect(late.events).toEqual(replayFrom(2));
      expect(late.events).toMatchObject([{ type: "snapshot", seq: service.lastSeq, afterSeq: 2, snapshot: { runs: [{ run: { runId: started.value.runId } }] } }]);
      expect(seen.events).toEqual(allEvents());
    } finally {
      bridge.close();
    }
  });

  it("after a drop, reconnects and resubscribes from the last seq it saw", async () => {
    const sockets: (SocketLike & { open(): void })[] = [];
    const sent: string[] = [];
    const bridge = new WebSocketBridge({
      url: pageUrl(),
      retryDelaysMs: [10],
      connect: (url) => {
        const socket = gatedSocket(url);
        const send = socket.send;
        socket.send = (data) => (sent.push(data), send(data));
        sockets.push(socket);
        // The first connection opens at once; later ones when the test says the network is back.
        if (sockets.length === 1) socket.open();
        return socket;
      },
    });
    const states: ConnectionState[] = [];
    bridge.onConnectionChange((state) => states.push(state));
    try {
      if (!(await bridge.openFolder({ folder: project.folder })).ok) throw new Error("openFolder failed");
      const seen = collect(bridge);
      await seen.until(service.lastSeq);
      const before = service.lastSeq;
      const beforeDrop = [...seen.events];

      // The connection drops; a run starts and finishes while the window is away.
      sockets[0]!.close();
      await new Promise<void>((resolve) => (sockets.length > 1 ? resolve() : bridge.onConnectionChange((s) => s === "reconnecting" && resolve())));
      const whileAway = await service.startRun({ entryId: "workflow:hello.tsx" });
      if (!whileAway.ok) throw new Error(whileAway.error.message);
      await runEnded(service, whileAway.value.runId);
      const queued = bridge.listRuns({});

      // The network comes back.
      await new Promise<void>((resolve) => {
        const check = () => (sockets.length > 1 ? resolve() : setTimeout(check, 5));
        check();
      });
      sockets[1]!.open();
      await seen.until(service.lastSeq);
      // The run ended while the window was away, so what it missed comes as one snapshot: that run.
      expect(seen.events.slice(0, beforeDrop.length)).toEqual(beforeDrop);
      expect(seen.events.slice(beforeDrop.length)).toEqual(replayFrom(before));
      expect(seen.events.at(-1)).toMatchObject({ type: "snapshot", seq: service.lastSeq, afterSeq: before, snapshot: { runs: [{ run: { runId: whileAway.value.runId, status: "succeeded" } }] } });
      expect(states).toEqual(["open", "reconnecting", "open"]);
      const resubscribe = sent.map((m) => JSON.parse(m) as { method: string; params: { afterSeq: number } }).filter((m) => m.method === "subscribe").at(-1);
      expect(resubscribe?.params.afterSeq).toBe(before);
      // A call made while away was sent once the connection was back.
      const runs = await queued;
      expect(runs.ok && runs.value.map((r) => r.runId)).toContain(whileAway.value.runId);
    } finally {
      bridge.close();
    }
  });

  it("takes a snapshot only when it covers what its listener lacks; one that doesn't is a gap, asked again", async () => {
    // A socket the test speaks for: what the bridge sends, and messages as the host would send them.
    const sent: { id: number; method: string; params: { afterSeq?: number } }[] = [];
    const socket: SocketLike & { readyState: number } = {
      readyState: 1,
      send: (data) => void sent.push(JSON.parse(data)),
      close: () => {},
      onopen: null,
      onmessage: null,
      onclose: null,
      onerror: null,
    };
    const bridge = new WebSocketBridge({ url: "ws://127.0.0.1:1/ws?token=t", connect: () => socket });
    const receive = async (message: WireMessage) => {
      socket.onmessage?.({ data: JSON.stringify(message) });
      await Promise.resolve();
    };
    const answerSubscribe = () => receive({ id: sent.at(-1)!.id, result: { ok: true, value: { lastSeq: 9 } } });
    const snapshot = (afterSeq: number): StudioEvent => ({ seq: 9, type: "snapshot", afterSeq, snapshot: { runs: [], deletedRuns: [], pending: [], decided: [] } });
    try {
      socket.onopen?.({});
      const seen = collect(bridge, 5);
      expect(sent.map((m) => [m.method, m.params.afterSeq])).toEqual([["subscribe", 5]]);
      await answerSubscribe();

      // From seq 7 it lacks seqs 6 and 7: not taken, and the stream is asked again from 5.
      await receive({ type: "events", events: [snapshot(7)] });
      expect(seen.events).toEqual([]);
      expect(sent.map((m) => [m.method, m.params.afterSeq])).toEqual([["subscribe", 5], ["subscribe", 5]]);
      await answerSubscribe();

      await receive({ type: "events", events: [snapshot(5), { seq: 10, type: "run-deleted", runId: "r1" }] });
      expect(seen.events.map((e) => [e.seq, e.type])).toEqual([
        [9, "snapshot"],
        [10, "run-deleted"],
      ]);
    } finally {
      bridge.close();
    }
  });

  it("a page's bridge needs no token in any address: its socket goes by the page's cookie", async () => {
    const url = webSocketUrl({ protocol: "http:", host: `127.0.0.1:${host.port}` });
    expect(url).toBe(`ws://127.0.0.1:${host.port}/ws`);
    // What the browser sends with the page's socket: its own Origin and the cookie the page set.
    const browserSocket = (cookie: string) => (target: string) =>
      new WebSocket(target, { headers: { origin: `http://127.0.0.1:${host.port}`, cookie } } as never) as unknown as SocketLike;
    const bridge = new WebSocketBridge({ url, connect: browserSocket(`june_studio_${host.port}=${host.token}`) });
    try {
      expect(await bridge.listRuns({})).toMatchObject({ ok: true });
    } finally {
      bridge.close();
    }
    const noCookie = new WebSocketBridge({ url, connect: browserSocket("other=1"), retryDelaysMs: [20] });
    await new Promise<void>((resolve) => noCookie.onConnectionChange((s) => s === "reconnecting" && resolve()));
    noCookie.close();
  });

  it("a call over the host's 8 MiB message limit is answered STUDIO_MESSAGE_TOO_LARGE, unsent, and the bridge goes on", async () => {
    const sent: string[] = [];
    const bridge = new WebSocketBridge({
      url: pageUrl(),
      connect: (target) => {
        const socket = nodeSocket(target);
        const send = socket.send.bind(socket);
        socket.send = (data) => (sent.push(data), send(data));
        return socket;
      },
    });
    try {
      const big = await bridge.startRun({ entryId: "workflow:hello.tsx", input: "é".repeat(4 * 1024 * 1024 + 1) });
      expect(big).toMatchObject({ ok: false, error: { code: "STUDIO_MESSAGE_TOO_LARGE" } });
      expect(await bridge.listRuns({})).toMatchObject({ ok: true });
      expect(sent.map((m) => JSON.parse(m).method)).toEqual(["listRuns"]);
    } finally {
      bridge.close();
    }
  });

  it("a refused connection (wrong token) keeps retrying, and close() ends it and its calls", async () => {
    const states: ConnectionState[] = [];
    const bridge = new WebSocketBridge({ url: pageUrl("wrong"), connect: nodeSocket, retryDelaysMs: [20] });
    bridge.onConnectionChange((state) => states.push(state));
    const call = bridge.listRuns({});
    await new Promise<void>((resolve) => bridge.onConnectionChange((s) => s === "reconnecting" && resolve()));
    bridge.close();
    expect(await call).toMatchObject({ ok: false, error: { code: "STUDIO_CLOSED" } });
    expect(states).toEqual(["reconnecting", "closed"]);
    expect(await bridge.getProject({})).toMatchObject({ ok: false, error: { code: "STUDIO_CLOSED" } });
  });
});
