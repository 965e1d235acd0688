// One browser window on the web host's WebSocket: `{ id, method, params }` requests answered with
// `{ id, result }`, and `{ type: "events", events }` batches once it has subscribed.
import type { RawData, WebSocket } from "ws";
import { wireRequest, type Result, type WireMessage } from "../contract/index.ts";
import { connectClient, jsonText, type StudioService } from "../service/index.ts";

/** The id of an answer to a message too broken to have an id of its own. */
export const NO_ID = -1;

export function serveSocket(socket: WebSocket, service: StudioService): void {
  const send = (message: WireMessage) => {
    if (socket.readyState === socket.OPEN) socket.send(jsonText(message));
  };
  const client = connectClient(service, (batch) => send({ type: "events", events: batch.events }));
  socket.on("message", (data: RawData, isBinary: boolean) => {
    void answer(data, isBinary).then(send);
  });
  socket.on("close", () => client.close());
  socket.on("error", () => client.close());

  async function answer(data: RawData, isBinary: boolean): Promise<WireMessage> {
    if (isBinary) return { id: NO_ID, result: badMessage("binary frames are not part of the protocol; send JSON text") };
    let parsed: unknown;
    try {
      parsed = JSON.parse(rawText(data));
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
    return { id, result: await client.handle(method, params) };
  }
}

function rawText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString("utf8");
  return Buffer.from(data as ArrayBuffer).toString("utf8");
}

function badMessage(detail: string): Result<never> {
  return { ok: false, error: { code: "STUDIO_BAD_REQUEST", message: `june studio: a malformed message on the WebSocket: ${detail}.` } };
}
