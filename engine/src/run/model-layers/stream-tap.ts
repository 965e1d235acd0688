// The layers that watch a model call's stream share one TransformStream: a layer wrapping a stream
// another layer already taps adds itself to that tap instead of another pipe hop. Each hop costs
// every part a read, a write and a few promises; the model's stream is the run's hot path. Parts
// go through the taps in the order of separate pipes (the layer nearest the model first), and a
// tap that ends the stream ends it as a pipe would: the layers above see the error part and then
// the end, the ones below are cancelled.
import type { LanguageModelV4StreamPart, LanguageModelV4StreamResult } from "@ai-sdk/provider";

type Part = LanguageModelV4StreamPart;

/** What one layer does with a call's stream. */
export interface StreamTap {
  /** Each part, after the layers below saw (and maybe changed) it: returns the part to pass on, or `endWith(error)`. */
  part?(part: Part): Part | StreamEnd;
  /** The stream ended after its last part (also when a layer below ended it). */
  flush?(): void;
  /** The stream was cancelled by its reader (an abort), or by a layer above that ended it. */
  cancel?(reason: unknown): void;
}

/** A tap's word that the stream ends here, with `error` as its last part. */
export class StreamEnd {
  readonly error: unknown;
  constructor(error: unknown) {
    this.error = error;
  }
}

/** Ends the stream with `error` as its last part (`{ type: "error", error }`). */
export function endWith(error: unknown): StreamEnd {
  return new StreamEnd(error);
}

// The stream the last new tap made, and its taps: the layer above wraps the same stream right
// after. A plain slot, not a WeakMap (measured: its entries cost every call's garbage collection
// more than the hop they save); any other stream gets a tap of its own, which is what a layer in
// between that pipes its own makes. Emptied when its stream ends, so it keeps no run alive.
let last: { stream: ReadableStream<Part>; taps: StreamTap[] } | undefined;

/**
 * `result` with `tap` watching its stream: added to the layer below's tap when there is one (and
 * nobody reads the stream yet), else through a new TransformStream.
 *
 * @example
 * return tapStream(await doStream(), { part: (part) => (part.type === "text-delta" ? (seen += part.delta, part) : part) });
 */
export function tapStream(result: LanguageModelV4StreamResult, tap: StreamTap): LanguageModelV4StreamResult {
  if (last !== undefined && last.stream === result.stream && !result.stream.locked) {
    last.taps.push(tap);
    return result;
  }
  const taps = [tap];
  const done = () => {
    if (last?.stream === stream) last = undefined;
  };
  const stream: ReadableStream<Part> = result.stream.pipeThrough(
    new TransformStream<Part, Part>({
      transform(part, controller) {
        for (let i = 0; i < taps.length; i++) {
          const out: Part | StreamEnd = taps[i]!.part?.(part) ?? part;
          if (out instanceof StreamEnd) {
            done();
            end(taps, i, out.error, controller);
            return;
          }
          part = out;
        }
        controller.enqueue(part);
      },
      flush() {
        done();
        for (const t of taps) t.flush?.();
      },
      // The reader cancels the outermost pipe first: the layer farthest from the model hears it first.
      cancel(reason) {
        done();
        for (let i = taps.length - 1; i >= 0; i--) taps[i]!.cancel?.(reason);
      },
    }),
  );
  last = { stream, taps };
  return { ...result, stream };
}

function end(taps: StreamTap[], at: number, error: unknown, controller: TransformStreamDefaultController<Part>): void {
  let part: Part = { type: "error", error };
  for (let i = at + 1; i < taps.length; i++) {
    const out: Part | StreamEnd = taps[i]!.part?.(part) ?? part;
    if (!(out instanceof StreamEnd)) part = out;
  }
  controller.enqueue(part);
  for (let i = at - 1; i >= 0; i--) taps[i]!.cancel?.(error);
  for (let i = at + 1; i < taps.length; i++) taps[i]!.flush?.();
  controller.terminate();
}
