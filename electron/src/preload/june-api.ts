// The `window.june` object the preload exposes, built from an injected IPC transport so a test
// checks it without Electron. One method per StudioApi method, each an invoke on
// `studio:<method>`; `onEvents` subscribes and listens on `studio:events`. The page never gets
// ipcRenderer, an IPC event object, or any way to name a channel itself.
//
// Only types come from the contract: importing its values would bundle zod into the preload.
// The constants below are tied to the contract's by their types, and a test compares them.
import type { Bridge, CHANNEL_PREFIX as ContractPrefix, EVENTS_CHANNEL as ContractEvents, EventBatch, RequestOf, ResponseMap, Result, StudioMethod } from "../contract/index.ts";

/** `studio:`, as the contract says. */
export const CHANNEL_PREFIX: typeof ContractPrefix = "studio:";
/** `studio:events`, as the contract says. */
export const EVENTS_CHANNEL: typeof ContractEvents = "studio:events";

/** The IPC the preload gets from Electron's `ipcRenderer`. */
export interface IpcTransport {
  invoke(channel: string, request: unknown): Promise<unknown>;
  on(channel: string, listener: (event: unknown, batch: EventBatch) => void): void;
  off(channel: string, listener: (event: unknown, batch: EventBatch) => void): void;
}

/**
 * Builds `window.june`.
 *
 * @example
 * contextBridge.exposeInMainWorld("june", createJuneApi({
 *   invoke: (channel, request) => ipcRenderer.invoke(channel, request),
 *   on: (channel, listener) => void ipcRenderer.on(channel, listener),
 *   off: (channel, listener) => void ipcRenderer.off(channel, listener),
 * }));
 */
export function createJuneApi(ipc: IpcTransport, warn: (message: string) => void = console.warn): Bridge {
  const call =
    <M extends StudioMethod>(method: M) =>
    (request: RequestOf<M>): Promise<Result<ResponseMap[M]>> =>
      ipc.invoke(`${CHANNEL_PREFIX}${method}`, request) as Promise<Result<ResponseMap[M]>>;

  const subscribe = call("subscribe");

  return Object.freeze({
    host: "electron",
    openFolder: call("openFolder"),
    getProject: call("getProject"),
    trustFolder: call("trustFolder"),
    startRun: call("startRun"),
    pauseRun: call("pauseRun"),
    stepRun: call("stepRun"),
    continueRun: call("continueRun"),
    setBreakpoints: call("setBreakpoints"),
    getBreakpoints: call("getBreakpoints"),
    replayRun: call("replayRun"),
    forkRun: call("forkRun"),
    resumeRun: call("resumeRun"),
    deleteRun: call("deleteRun"),
    exportRun: call("exportRun"),
    approve: call("approve"),
    deny: call("deny"),
    abortRun: call("abortRun"),
    listRuns: call("listRuns"),
    getRunEvents: call("getRunEvents"),
    getModelExchange: call("getModelExchange"),
    pendingApprovals: call("pendingApprovals"),
    approvalHistory: call("approvalHistory"),
    listMcpServers: call("listMcpServers"),
    mcpCatalog: call("mcpCatalog"),
    readMcpResource: call("readMcpResource"),
    getMcpPrompt: call("getMcpPrompt"),
    openInEditor: call("openInEditor"),
    readSource: call("readSource"),
    subscribe,
    onEvents(afterSeq: number, listener: (batch: EventBatch) => void): () => void {
      // Only the batch reaches the page: the IPC event object carries ipcRenderer itself.
      const onBatch = (_event: unknown, batch: EventBatch) => listener(batch);
      // Listening before subscribing: the first batch may come right after the answer.
      ipc.on(EVENTS_CHANNEL, onBatch);
      subscribe({ afterSeq }).then(
        (result) => {
          if (!result.ok) warn(`June Studio: the event stream did not start: ${result.error.message}`);
        },
        (error: unknown) => warn(`June Studio: the event stream did not start: ${error instanceof Error ? error.message : String(error)}`),
      );
      return () => ipc.off(EVENTS_CHANNEL, onBatch);
    },
  } satisfies Bridge);
}
