// One window's connection to the service, the same for both hosts: it answers requests
// (method checked, payload validated by the contract, errors as data) and streams events to the
// window in batches from the seq its `subscribe` names.
import { isStudioMethod, parseRequest, type EventBatch, type RequestOf, type Result, type StudioEvent, type StudioMethod } from "../contract/index.ts";
import { Batcher, type BatcherOptions } from "./batcher.ts";
import { failFromError, fail, ok } from "./results.ts";
import type { StudioService } from "./studio-service.ts";

export interface StudioClient {
  /**
   * Answers one request; never throws. `subscribe` (re)starts this client's event stream. A value
   * may be EncodedJson (getRunEvents): a host sends it with wireJson, or decodes it with plainJson.
   */
  handle(method: unknown, payload: unknown): Promise<Result<unknown>>;
  /** Stops the event stream and drops what wasn't sent. */
  close(): void;
}

/**
 * Connects a window to the service. `deliver` gets each batch of events (in seq order, no gaps
 * from the subscribed seq on), at most once per frame.
 *
 * @example
 * const client = connectClient(service, (batch) => contents.send(EVENTS_CHANNEL, batch));
 * ipcMain.handle(`studio:${method}`, (_event, payload) => client.handle(method, payload));
 */
export function connectClient(service: StudioService, deliver: (batch: EventBatch) => void, options: BatcherOptions = {}): StudioClient {
  const batcher = new Batcher<StudioEvent>((events) => deliver({ events }), options);
  let stopListening: (() => void) | undefined;
  let closed = false;

  const subscribe = (afterSeq: number): Result<{ lastSeq: number }> => {
    // A restart replaces the stream: what the old one had pending is resent by the replay if wanted.
    stopListening?.();
    batcher.clear();
    stopListening = service.listen(afterSeq, (event) => batcher.push(event));
    return ok({ lastSeq: service.lastSeq });
  };

  return {
    async handle(method, payload) {
      if (closed) return fail("STUDIO_CLOSED", "june studio: this connection is closed.");
      if (!isStudioMethod(method)) {
        return fail("STUDIO_UNKNOWN_METHOD", `june studio: there is no method ${JSON.stringify(method)}; the methods are those of StudioApi in the contract.`);
      }
      const request = parseRequest(method, payload);
      if (!request.ok) return request;
      try {
        if (method === "subscribe") return subscribe((request.value as { afterSeq: number }).afterSeq);
        // A run's events go as JSON text the host sends as it is (plain-json.ts's EncodedJson).
        if (method === "getRunEvents") return await service.getRunEventsJson(request.value as RequestOf<"getRunEvents">);
        const call = service[method as Exclude<StudioMethod, "subscribe">] as (request: unknown) => Promise<Result<unknown>>;
        return await call.call(service, request.value);
      } catch (error) {
        return failFromError(error, `june studio: ${method} failed unexpectedly`);
      }
    },
    close() {
      closed = true;
      stopListening?.();
      stopListening = undefined;
      batcher.close();
    },
  };
}
