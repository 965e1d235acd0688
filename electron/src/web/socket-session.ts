// One browser window on the web host's WebSocket: `{ id, method, params }` requests answered with
// `{ id, result }`, and `{ type: "events", events }` batches once it has subscribed. Requests are
// bounded (contract/message-limits.ts) before they are parsed, and every message gets an answer:
// nothing a window sends can throw out of the socket's handler and end the host.
import type { RawData, WebSocket } from "ws";
import { wireRequest, type Result, type WireMessage } from "../contract/index.ts";
import { connectClient, jsonText, wireJson, type StudioService } from "../service/index.ts";
import { leadingId, MAX_JSON_DEPTH, MAX_MESSAGE_BYTES, nestsDeeperThan } from "../contract/index.ts";

/** The id of an answer to a message too broken to have an id of its own. */
export const NO_ID = -1;

export function serveSocket(socket: WebSocket, service: StudioService): void {
  const send = (message: WireMessage) => {
    if (socket.readyState !== socket.OPEN) return;
    let text: string | Buffer;
    try {
      text = wireJson(message);
    } catch (error) {
      // An answer that can't be written (too deep for JSON.stringify) still answers its id.
      text = jsonText({ id: "id" in message ? message.id : NO_ID, result: internal(error) });
    }
    // A Buffer is JSON text too (a run's record as it is on the disk): a text frame, not binary.
    socket.send(text, { binary: false });
  };
  const client = connectClient(service, (batch) => send({ type: "events", events: batch.events }));
  socket.on("message", (data: RawData, isBinary: boolean) => {
    // Whatever a message does, it gets an answer and the host goes on: nothing thrown escapes here.
    void answer(data, isBinary)
      .catch((error: unknown): WireMessage => ({ id: NO_ID, result: internal(error) }))
      .then(send);
  });
  socket.on("close", () => client.close());
  socket.on("error", () => client.close());

  async function answer(data: RawData, isBinary: boolean): Promise<WireMessage> {
    if (isBinary) return { id: NO_ID, result: badMessage("binary frames are not part of the protocol; send JSON text") };
    const bytes = rawBytes(data);
    if (bytes.length > MAX_MESSAGE_BYTES) {
      return {
        id: leadingId(bytes.subarray(0, 64).toString("utf8")) ?? NO_ID,
        result: failure("STUDIO_MESSAGE_TOO_LARGE", `june studio: a message of ${bytes.length} bytes on the WebSocket is over the ${MAX_MESSAGE_BYTES}-byte limit; send a smaller request (a run's input is the usual culprit).`),
      };
    }
    const text = bytes.toString("utf8");
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
      return {
        id: leadingId(text.slice(0, 64)) ?? NO_ID,
        result: failure("STUDIO_MESSAGE_TOO_DEEP", `june studio: a message on the WebSocket nests arrays and objects more than ${MAX_JSON_DEPTH} deep; flatten the request (a run's input is the usual culprit).`),
      };
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return { id: NO_ID, result: badMessage("the message is not JSON") };
    }
    const envelope = wireRequest.safeParse(parsed);
    if (!envelope.success) {
      const id = (parsed as { id?: unknown } | null)?.id;
      const issues = envelope.error.issues.map((i) => `${i.path.join(".") || "(message)"}: ${i.message}`).join("; ");
      return { id: Number.isInteger(id) && (id as number) >= 0 ? (id as number) : NO_ID, result: badMessage(`expected { id, method, params }: ${issues}`) };
    }
    const { id, method, params } = envelope.data;
    try {
      return { id, result: await client.handle(method, params) };
    } catch (error) {
      return { id, result: internal(error) };
    }
  }
}

function rawBytes(data: RawData): Buffer {
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.isBuffer(data) ? data : Buffer.from(data);
}

function failure(code: string, message: string): Result<never> {
  return { ok: false, error: { code, message } };
}

function badMessage(detail: string): Result<never> {
  return failure("STUDIO_BAD_REQUEST", `june studio: a malformed message on the WebSocket: ${detail}.`);
}

function internal(error: unknown): Result<never> {
  return failure("STUDIO_INTERNAL", `june studio: answering a WebSocket message failed: ${error instanceof Error ? error.message : String(error)}.`);
}
