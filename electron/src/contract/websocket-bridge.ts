// The renderer's Bridge on the web host: the StudioApi over one WebSocket, written against the
// standard WebSocket API only (no Node modules), so the renderer imports it as is. It lives in the
// contract, beside the wire format it speaks, because the renderer may import nothing else of
// electron/src (docs/architecture.md); the server side of the socket is web/'s. It reconnects
// after a drop and resubscribes from the last seq each listener saw, so a window misses nothing
// (what the service let go of meanwhile comes as one snapshot standing for those events).
import { MAX_MESSAGE_BYTES } from "./message-limits.ts";
import type { Bridge, EventBatch, RequestOf, ResponseMap, Result, StudioEvent, StudioMethod, WireMessage } from "./studio-contract.ts";

/** The part of the standard WebSocket the bridge uses. */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export type ConnectionState = "connecting" | "open" | "reconnecting" | "closed";

export interface WebSocketBridgeOptions {
  /** `ws://127.0.0.1:PORT/ws` (a page, by its cookie) or `…/ws?token=TOKEN`; see webSocketUrl(). */
  url: string;
  /** Opens a socket; default `new WebSocket(url)`. */
  connect?: (url: string) => SocketLike;
  /** Waits between reconnection attempts; the last repeats. Default 250, 500, 1000, 2000, 5000 ms. */
  retryDelaysMs?: readonly number[];
}

const OPEN = 1;
const DEFAULT_RETRY_MS = [250, 500, 1000, 2000, 5000] as const;

interface Waiting {
  message: string;
  sent: boolean;
  resolve: (result: Result<unknown>) => void;
}

interface Listener {
  cursor: number;
  listener: (batch: EventBatch) => void;
}

/**
 * The web host's WebSocket URL. A page gives its protocol and host only: its browser sends the
 * cookie the page came with, so the token need not be in any address. A client without a cookie
 * jar (a script, a test) gives the printed URL, and its `?token=` is carried over.
 *
 * @example
 * webSocketUrl({ protocol: location.protocol, host: location.host }); // "ws://127.0.0.1:5173/ws"
 * webSocketUrl(new URL(printedUrl)); // "ws://127.0.0.1:5173/ws?token=…"
 */
export function webSocketUrl(location: { protocol: string; host: string; search?: string }): string {
  const token = new URLSearchParams(location.search ?? "").get("token");
  const base = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`;
  return token === null ? base : `${base}?token=${encodeURIComponent(token)}`;
}

/**
 * The web host's Bridge.
 *
 * @example
 * const bridge = new WebSocketBridge({ url: webSocketUrl(window.location) });
 * const stop = bridge.onEvents(0, ({ events }) => store.apply(events));
 * const project = await bridge.getProject({});
 */
export class WebSocketBridge implements Bridge {
  readonly host = "web" as const;
  readonly #url: string;
  readonly #connect: (url: string) => SocketLike;
  readonly #retryMs: readonly number[];
  readonly #waiting = new Map<number, Waiting>();
  readonly #listeners = new Set<Listener>();
  readonly #stateListeners = new Set<(state: ConnectionState) => void>();
  #socket: SocketLike | undefined;
  #state: ConnectionState = "connecting";
  #nextId = 0;
  #attempt = 0;
  #retryTimer: ReturnType<typeof setTimeout> | undefined;
  /** The seq the current subscription delivers next; events not equal to it are not in its stream. */
  #expected = 1;
  /** Subscribe requests not yet answered: until then, events of the stream it replaced may still arrive. */
  #subscribing = 0;
  #closed = false;

  constructor(options: WebSocketBridgeOptions) {
    this.#url = options.url;
    this.#connect = options.connect ?? ((url) => new WebSocket(url) as unknown as SocketLike);
    this.#retryMs = options.retryDelaysMs?.length ? options.retryDelaysMs : DEFAULT_RETRY_MS;
    this.#open();
  }

  openFolder = (request: RequestOf<"openFolder">) => this.#call("openFolder", request);
  getProject = (request: RequestOf<"getProject">) => this.#call("getProject", request);
  trustFolder = (request: RequestOf<"trustFolder">) => this.#call("trustFolder", request);
  startRun = (request: RequestOf<"startRun">) => this.#call("startRun", request);
  pauseRun = (request: RequestOf<"pauseRun">) => this.#call("pauseRun", request);
  stepRun = (request: RequestOf<"stepRun">) => this.#call("stepRun", request);
  continueRun = (request: RequestOf<"continueRun">) => this.#call("continueRun", request);
  setBreakpoints = (request: RequestOf<"setBreakpoints">) => this.#call("setBreakpoints", request);
  getBreakpoints = (request: RequestOf<"getBreakpoints">) => this.#call("getBreakpoints", request);
  replayRun = (request: RequestOf<"replayRun">) => this.#call("replayRun", request);
  forkRun = (request: RequestOf<"forkRun">) => this.#call("forkRun", request);
  resumeRun = (request: RequestOf<"resumeRun">) => this.#call("resumeRun", request);
  deleteRun = (request: RequestOf<"deleteRun">) => this.#call("deleteRun", request);
  exportRun = (request: RequestOf<"exportRun">) => this.#call("exportRun", request);
  approve = (request: RequestOf<"approve">) => this.#call("approve", request);
  deny = (request: RequestOf<"deny">) => this.#call("deny", request);
  abortRun = (request: RequestOf<"abortRun">) => this.#call("abortRun", request);
  listRuns = (request: RequestOf<"listRuns">) => this.#call("listRuns", request);
  getRunEvents = (request: RequestOf<"getRunEvents">) => this.#call("getRunEvents", request);
  getModelExchange = (request: RequestOf<"getModelExchange">) => this.#call("getModelExchange", request);
  pendingApprovals = (request: RequestOf<"pendingApprovals">) => this.#call("pendingApprovals", request);
  approvalHistory = (request: RequestOf<"approvalHistory">) => this.#call("approvalHistory", request);
  listMcpServers = (request: RequestOf<"listMcpServers">) => this.#call("listMcpServers", request);
  mcpCatalog = (request: RequestOf<"mcpCatalog">) => this.#call("mcpCatalog", request);
  readMcpResource = (request: RequestOf<"readMcpResource">) => this.#call("readMcpResource", request);
  getMcpPrompt = (request: RequestOf<"getMcpPrompt">) => this.#call("getMcpPrompt", request);
  openInEditor = (request: RequestOf<"openInEditor">) => this.#call("openInEditor", request);
  readSource = (request: RequestOf<"readSource">) => this.#call("readSource", request);
  /** Restarts this connection's stream after `afterSeq`; onEvents does this for you. */
  subscribe = (request: RequestOf<"subscribe">) => this.#subscribe(request.afterSeq);

  get state(): ConnectionState {
    return this.#state;
  }

  onEvents(afterSeq: number, listener: (batch: EventBatch) => void): () => void {
    const entry: Listener = { cursor: afterSeq, listener };
    this.#listeners.add(entry);
    // Replay from the earliest seq any listener still needs; the others skip what they have.
    if (this.#socket?.readyState === OPEN) void this.#subscribe(this.#lowestCursor());
    return () => void this.#listeners.delete(entry);
  }

  /** Calls `listener` when the connection opens, drops (then retries) or is closed. */
  onConnectionChange(listener: (state: ConnectionState) => void): () => void {
    this.#stateListeners.add(listener);
    return () => void this.#stateListeners.delete(listener);
  }

  /** Closes the socket for good; calls still waiting get STUDIO_CLOSED. */
  close(): void {
    this.#closed = true;
    clearTimeout(this.#retryTimer);
    this.#drop(this.#socket);
    for (const [id, waiting] of this.#waiting) {
      this.#waiting.delete(id);
      waiting.resolve(failure("STUDIO_CLOSED", "june studio: the connection to the studio was closed."));
    }
    this.#setState("closed");
  }

  #call<M extends StudioMethod>(method: M, params: RequestOf<M>): Promise<Result<ResponseMap[M]>> {
    if (this.#closed) return Promise.resolve(failure("STUDIO_CLOSED", "june studio: the connection to the studio was closed."));
    const id = this.#nextId++;
    const message = JSON.stringify({ id, method, params });
    // The host would refuse it unread or answer STUDIO_MESSAGE_TOO_LARGE; say so without sending it.
    if (overMessageLimit(message)) {
      return Promise.resolve(
        failure("STUDIO_MESSAGE_TOO_LARGE", `june studio: ${method} is over the ${MAX_MESSAGE_BYTES}-byte limit of a message to the studio; send a smaller request (a run's input is the usual culprit).`),
      );
    }
    return new Promise((resolve) => {
      const waiting: Waiting = { message, sent: false, resolve: resolve as Waiting["resolve"] };
      this.#waiting.set(id, waiting);
      if (this.#socket?.readyState === OPEN) this.#send(waiting);
    });
  }

  #subscribe(afterSeq: number): Promise<Result<{ lastSeq: number }>> {
    this.#expected = afterSeq + 1;
    this.#subscribing++;
    return this.#call("subscribe", { afterSeq }).finally(() => this.#subscribing--);
  }

  #send(waiting: Waiting): void {
    waiting.sent = true;
    this.#socket!.send(waiting.message);
  }

  #open(): void {
    if (this.#closed) return;
    const socket = this.#connect(this.#url);
    this.#socket = socket;
    socket.onopen = () => {
      if (socket !== this.#socket) return;
      this.#attempt = 0;
      this.#setState("open");
      if (this.#listeners.size > 0) void this.#subscribe(this.#lowestCursor());
      for (const waiting of this.#waiting.values()) if (!waiting.sent) this.#send(waiting);
    };
    socket.onmessage = (event) => {
      if (socket === this.#socket) this.#receive(event.data);
    };
    // Some WebSocket implementations (Node's) report a refused handshake with an error and never
    // a close, so either one ends this socket.
    socket.onclose = () => this.#lost(socket);
    socket.onerror = () => this.#lost(socket);
  }

  #lost(socket: SocketLike): void {
    if (socket !== this.#socket || this.#closed) return;
    this.#drop(socket);
    for (const [id, waiting] of this.#waiting) {
      if (!waiting.sent) continue;
      // Sent but unanswered: it may or may not have run, so say so rather than send it twice.
      this.#waiting.delete(id);
      waiting.resolve(failure("STUDIO_DISCONNECTED", "june studio: the connection dropped before the studio answered; check the result and try again."));
    }
    this.#setState("reconnecting");
    const delay = this.#retryMs[Math.min(this.#attempt++, this.#retryMs.length - 1)]!;
    this.#retryTimer = setTimeout(() => this.#open(), delay);
  }

  #drop(socket: SocketLike | undefined): void {
    if (!socket) return;
    this.#socket = undefined;
    socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
    try {
      socket.close(1000);
    } catch {
      // Already closed or never opened: nothing left to close.
    }
  }

  #receive(data: unknown): void {
    let message: WireMessage;
    try {
      message = JSON.parse(String(data)) as WireMessage;
    } catch {
      return;
    }
    if ("type" in message) {
      if (message.type === "events") this.#deliver(message.events);
      return;
    }
    const waiting = this.#waiting.get(message.id);
    if (!waiting) return;
    this.#waiting.delete(message.id);
    waiting.resolve(message.result);
  }

  #deliver(events: StudioEvent[]): void {
    const accepted: StudioEvent[] = [];
    for (const event of events) {
      if (event.type === "snapshot" && event.afterSeq < this.#expected && event.seq >= this.#expected) {
        // It stands for every event in (afterSeq, seq], which covers what we still lack.
        accepted.push(event);
        this.#expected = event.seq + 1;
      } else if (event.seq === this.#expected) {
        accepted.push(event);
        this.#expected++;
      } else if (event.seq > this.#expected && this.#subscribing === 0) {
        // A gap in the current stream: ask again from the last seq we have.
        void this.#subscribe(this.#expected - 1);
        break;
      }
      // Lower seqs are repeats (a replay overlapping what we have); higher ones while a subscribe
      // is pending belong to the stream it replaced.
    }
    if (accepted.length === 0) return;
    for (const entry of [...this.#listeners]) {
      const fresh = accepted.filter((event) => event.seq > entry.cursor);
      if (fresh.length === 0) continue;
      entry.cursor = fresh.at(-1)!.seq;
      try {
        entry.listener({ events: fresh });
      } catch (error) {
        // One failing listener must not starve the others; report it where the page can see it.
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  }

  #lowestCursor(): number {
    return Math.min(...[...this.#listeners].map((entry) => entry.cursor));
  }

  #setState(state: ConnectionState): void {
    if (state === this.#state) return;
    this.#state = state;
    for (const listener of this.#stateListeners) listener(state);
  }
}

/** Over the host's limit in UTF-8 bytes (counted only when the characters alone might be). */
function overMessageLimit(text: string): boolean {
  if (text.length * 3 <= MAX_MESSAGE_BYTES) return false;
  return new TextEncoder().encode(text).length > MAX_MESSAGE_BYTES;
}

function failure(code: string, message: string): Result<never> {
  return { ok: false, error: { code, message } };
}
