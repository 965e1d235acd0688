// Main's side of the IPC contract: one `ipcMain.handle` per StudioApi method, on `studio:<method>`.
// Each handler checks who is asking (the sending frame must be the studio's own `app://` page),
// then hands the payload to that window's client (service/connectClient), which validates it
// with the contract's zod schema before the service sees it. An openFolder without a folder
// asks with the native dialog first. Answers are plain JSON, and errors cross as data: no
// handler ever throws, whatever the service or the payload does.
import { CHANNEL_PREFIX, EVENTS_CHANNEL, STUDIO_METHODS, parseRequest, type EventBatch, type Result, type StudioMethod } from "../contract/index.ts";
import { plainJson, type StudioClient } from "../service/index.ts";
import { isTrustedSender } from "./trusted-sender.ts";

/** The window a request came from (a slice of Electron's `WebContents`). */
export interface SenderContents {
  readonly id: number;
  send(channel: string, batch: EventBatch): void;
  isDestroyed(): boolean;
  once(event: "destroyed", listener: () => void): unknown;
}

/** A slice of Electron's `IpcMainInvokeEvent`. */
export interface InvokeEvent {
  /** The frame that sent the request; null once it navigated away or was destroyed. */
  readonly senderFrame: { readonly url: string } | null;
  readonly sender: SenderContents;
}

/** A slice of Electron's `ipcMain`. */
export interface IpcMainLike {
  handle(channel: string, listener: (event: InvokeEvent, payload: unknown) => Promise<Result<unknown>>): void;
  removeHandler(channel: string): void;
}

export interface StudioIpcOptions {
  ipcMain: IpcMainLike;
  /** Connects one window to the service: `connectClient(service, deliver)` in main. */
  connect(deliver: (batch: EventBatch) => void): StudioClient;
  /** Asks the user for a folder (the native dialog); null when they cancel. */
  chooseFolder(): Promise<string | null>;
  /** Told after a folder opened from the window (recent folders, the menu). */
  onFolderOpened?(folder: string): void;
  /** Where a failed event delivery is reported. Default console.error. */
  log?(message: string): void;
}

/** The channel of a method: `studio:<method>`. */
export function channelOf(method: StudioMethod): string {
  return `${CHANNEL_PREFIX}${method}`;
}

/**
 * Registers a handler on `studio:<method>` for every method of the contract, and returns a
 * function that removes them and closes every window's client.
 *
 * @example
 * const service = new StudioService();
 * registerStudioIpc({ ipcMain, connect: (deliver) => connectClient(service, deliver), chooseFolder });
 */
export function registerStudioIpc(options: StudioIpcOptions): () => void {
  const log = options.log ?? ((message: string) => console.error(message));
  const clients = new Map<number, StudioClient>();

  const clientOf = (contents: SenderContents): StudioClient => {
    let client = clients.get(contents.id);
    if (client === undefined) {
      const created = options.connect((batch) => deliver(contents, batch, log));
      clients.set(contents.id, created);
      contents.once("destroyed", () => {
        created.close();
        if (clients.get(contents.id) === created) clients.delete(contents.id);
      });
      client = created;
    }
    return client;
  };

  for (const method of STUDIO_METHODS) {
    options.ipcMain.handle(channelOf(method), async (event, payload) => {
      try {
        const url = event.senderFrame?.url;
        if (!isTrustedSender(url)) return untrusted(method, url);
        const client = clientOf(event.sender);
        const result = method === "openFolder" ? await openFolder(client, payload, options) : await client.handle(method, payload);
        return plainJson(result);
      } catch (error) {
        // connectClient already answers its own failures as data; this catches the host's (a dialog, a clone).
        return fail("STUDIO_INTERNAL", `june studio: ${method} failed in the Electron host: ${error instanceof Error ? error.message : String(error)}`);
      }
    });
  }

  return () => {
    for (const method of STUDIO_METHODS) options.ipcMain.removeHandler(channelOf(method));
    for (const client of clients.values()) client.close();
    clients.clear();
  };
}

/** openFolder without a folder is the desktop's "Open Folder…": ask with the dialog, then open. */
async function openFolder(client: StudioClient, payload: unknown, options: StudioIpcOptions): Promise<Result<unknown>> {
  const request = parseRequest("openFolder", payload);
  if (!request.ok) return request;
  let folder = request.value.folder;
  if (folder === undefined) {
    const chosen = await options.chooseFolder();
    if (chosen === null) return fail("STUDIO_OPEN_CANCELLED", "june studio: no folder was chosen; the open project stays as it was.");
    folder = chosen;
  }
  const result = await client.handle("openFolder", { folder });
  if (result.ok) options.onFolderOpened?.((result.value as { folder: string }).folder);
  return result;
}

/** Sends a batch to its window as plain JSON; a window that is gone is skipped, a failure reported. */
function deliver(contents: SenderContents, batch: EventBatch, log: (message: string) => void): void {
  if (contents.isDestroyed()) return;
  try {
    contents.send(EVENTS_CHANNEL, plainJson(batch));
  } catch (error) {
    log(`june studio: could not send ${batch.events.length} events to window ${contents.id}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function untrusted(method: StudioMethod, url: string | undefined): Result<never> {
  const from = url === undefined ? "a frame that no longer exists" : JSON.stringify(url);
  return fail(
    "STUDIO_UNTRUSTED_SENDER",
    `june studio: ${method} was refused: it came from ${from}, and only the studio's own page (app://studio/) may call the studio.`,
  );
}

function fail(code: string, message: string): Result<never> {
  return { ok: false, error: { code, message } };
}
