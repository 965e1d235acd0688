// The layers that watch a model call's stream share one stage, and that stage costs no pipe of its
// own when the AI SDK pipes it: a stream stage is a read, a write and a few promises per part, and
// the model's stream is the run's hot path (a TransformStream stage cost ~2 µs a part, measured).
// The tapped stream is a ReadableStream that, when the SDK pipes it through its own transform,
// feeds that transform straight from the model's stream, the taps in between; read any other way
// it is a pull source over the model's stream. A layer wrapping a tapped stream nobody reads yet
// adds itself to its taps. Parts go through the taps in the order of separate pipes (the layer
// nearest the model first), and a tap that ends the stream ends it as a pipe would: the layers
// above see the error part and then the end, the ones below are cancelled.
import type { LanguageModelV4StreamPart, LanguageModelV4StreamResult } from "@ai-sdk/provider";
import { SHAPE_ONLY, keepShape } from "../../shapes/index.ts";

type Part = LanguageModelV4StreamPart;

/** What one layer does with a call's stream. */
export interface StreamTap {
  /** Each part, after the layers below saw (and maybe changed) it: returns the part to pass on, or `endWith(error)`. */
  part?(part: Part): Part | StreamEnd;
  /** The stream ended after its last part (also when a layer below ended it). */
  flush?(): void;
  /** The stream was cancelled by its reader (an abort), failed at the model, or was ended by a layer above. */
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

/**
 * `result` with `tap` watching its stream: added to the layer below's tap when there is one (and
 * nobody reads the stream yet), else a tapped stream of its own over the stream (which it locks,
 * so a stream someone already reads throws a TypeError, as a pipe would).
 *
 * @example
 * return tapStream(await doStream(), { part: (part) => (part.type === "text-delta" ? (seen += part.delta, part) : part) });
 */
export function tapStream(result: LanguageModelV4StreamResult, tap: StreamTap): LanguageModelV4StreamResult {
  if (result.stream instanceof TappedStream && !result.stream.locked) {
    result.stream.add(tap);
    return result;
  }
  return { ...result, stream: new TappedStream(new Stage(result.stream.getReader(), tap)) };
}

/** Where the parts go: the SDK's transform (piped) or this stream's own reader (read). */
interface Sink {
  write(part: Part): void;
  close(): void;
  error(reason: unknown): void;
}

type PipeOptions = Parameters<ReadableStream<Part>["pipeThrough"]>[1];
type ReadResult = Awaited<ReturnType<ReadableStreamDefaultReader<Part>["read"]>>;

const ignore = () => {};

// The SDK's transform, written to as a pipe writes.
class WriterSink implements Sink {
  readonly #writer: WritableStreamDefaultWriter<Part>;

  constructor(writer: WritableStreamDefaultWriter<Part>) {
    this.#writer = writer;
  }

  write(part: Part): void {
    this.#writer.write(part).catch(ignore);
  }

  close(): void {
    this.#writer.close().catch(ignore);
  }

  error(reason: unknown): void {
    this.#writer.abort(reason).catch(ignore);
  }
}
keepShape(new WriterSink(SHAPE_ONLY));

// A stage's taps and its hold on the model's stream, wherever the parts go.
class Stage {
  readonly taps: StreamTap[];
  readonly #source: ReadableStreamDefaultReader<Part>;
  #ended = false;

  constructor(source: ReadableStreamDefaultReader<Part>, tap: StreamTap) {
    this.#source = source;
    this.taps = [tap];
  }

  /** Feeds `writer` from the model's stream, as a pipe would: backpressure, end, error, cancellation. */
  feed(writer: WritableStreamDefaultWriter<Part>): void {
    // The transform's reader cancelled it (an abort): the model's stream is cancelled too.
    writer.closed.catch((reason: unknown) => this.cancelled(reason).catch(ignore));
    void this.#pump(writer, new WriterSink(writer));
  }

  // One part at a time, as long as the transform wants more; an async method, not a closure per
  // read (tool-layers/tool-call.ts says why).
  async #pump(writer: WritableStreamDefaultWriter<Part>, sink: Sink): Promise<void> {
    for (;;) {
      let read: ReadResult;
      try {
        read = await this.#source.read();
      } catch (error) {
        this.#failed(error, sink);
        return;
      }
      if (this.#ended || this.#deliver(read, sink)) return;
      if (writer.desiredSize === null || writer.desiredSize <= 0) {
        try {
          await writer.ready;
        } catch {
          return;
        }
      }
    }
  }

  /** One part for a reader of the tapped stream itself. */
  pull(controller: ReadableStreamDefaultController<Part>): Promise<void> {
    const sink: Sink = { write: (part) => controller.enqueue(part), close: () => controller.close(), error: (reason) => controller.error(reason) };
    return this.#source.read().then(
      (read) => void (this.#ended || this.#deliver(read, sink)),
      (error: unknown) => this.#failed(error, sink),
    );
  }

  // The reader cancels the outermost pipe first: the layer farthest from the model hears it first.
  cancelled(reason: unknown): Promise<void> {
    if (this.#ended) return Promise.resolve();
    this.#ended = true;
    for (let i = this.taps.length - 1; i >= 0; i--) this.taps[i]!.cancel?.(reason);
    return this.#source.cancel(reason);
  }

  /** Passes one read on; true when the stream ended with it. */
  #deliver(read: ReadResult, sink: Sink): boolean {
    const taps = this.taps;
    if (read.done) {
      this.#ended = true;
      for (const tap of taps) tap.flush?.();
      sink.close();
      return true;
    }
    let part = read.value;
    for (let i = 0; i < taps.length; i++) {
      const out: Part | StreamEnd = taps[i]!.part?.(part) ?? part;
      if (out instanceof StreamEnd) {
        this.#endAt(i, out.error, sink);
        return true;
      }
      part = out;
    }
    sink.write(part);
    return false;
  }

  // A tap ended the stream: the taps above get the error part and the end, the ones below are
  // cancelled, and so is the model's stream.
  #endAt(at: number, error: unknown, sink: Sink): void {
    this.#ended = true;
    const taps = this.taps;
    let part: Part = { type: "error", error };
    for (let i = at + 1; i < taps.length; i++) {
      const out: Part | StreamEnd = taps[i]!.part?.(part) ?? part;
      if (!(out instanceof StreamEnd)) part = out;
    }
    sink.write(part);
    for (let i = at - 1; i >= 0; i--) taps[i]!.cancel?.(error);
    for (let i = at + 1; i < taps.length; i++) taps[i]!.flush?.();
    sink.close();
    this.#source.cancel(error).catch(ignore);
  }

  // The model's stream failed: every tap hears it as a pipe's transform would, the outermost first.
  #failed(error: unknown, sink: Sink): void {
    if (this.#ended) return;
    this.#ended = true;
    for (let i = this.taps.length - 1; i >= 0; i--) this.taps[i]!.cancel?.(error);
    sink.error(error);
  }
}

class TappedStream extends ReadableStream<Part> {
  readonly #stage: Stage;

  constructor(stage: Stage) {
    // Nothing pulls before a read (watermark 0): piped, the stage feeds the transform instead.
    super({ pull: (controller) => stage.pull(controller), cancel: (reason) => stage.cancelled(reason) }, { highWaterMark: 0 });
    this.#stage = stage;
  }

  add(tap: StreamTap): void {
    this.#stage.taps.push(tap);
  }

  /**
   * Piped as the SDK pipes a model's stream (no options): the parts go from the model's stream to
   * `transform` directly, with a pipe's backpressure, end, error and cancellation.
   */
  override pipeThrough<T>(transform: ReadableWritablePair<T, Part>, options?: PipeOptions): ReadableStream<T> {
    if (options !== undefined || this.locked) return super.pipeThrough(transform, options);
    const writer = transform.writable.getWriter();
    // Locked like a piped stream, so no one else reads it (and no layer taps it any more).
    super.getReader();
    this.#stage.feed(writer);
    return transform.readable;
  }
}
keepShape(new TappedStream(new Stage(SHAPE_ONLY, SHAPE_ONLY)));
