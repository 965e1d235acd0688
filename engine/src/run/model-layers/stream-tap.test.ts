// Layers watching one stream share one stage, and see what separate pipes would show them: the
// parts in order from the layer nearest the model out, the end after the last part, a stream a
// layer ended as that layer's pipe would have ended it, a failure or a cancellation as a pipe's
// transform hears it. The same whether the stream is read or piped (as the AI SDK pipes a model's
// stream through its own transform, which the taps then feed directly).
import type { LanguageModelV4StreamPart } from "@ai-sdk/provider";
import { describe, expect, it } from "vitest";
import { endWith, tapStream } from "./stream-tap.ts";

type Part = LanguageModelV4StreamPart;

const delta = (text: string): Part => ({ type: "text-delta", id: "t", delta: text });

function source(parts: Part[]) {
  return { stream: new ReadableStream<Part>({ start(controller) { for (const part of parts) controller.enqueue(part); controller.close(); } }) };
}

async function read(stream: ReadableStream<Part>): Promise<Part[]> {
  const parts: Part[] = [];
  for await (const part of stream) parts.push(part);
  return parts;
}

// The two ways a tapped stream is consumed: read, or piped through a transform as the SDK does.
const consumers = [
  { way: "read", open: (stream: ReadableStream<Part>) => stream },
  { way: "piped", open: (stream: ReadableStream<Part>) => stream.pipeThrough(new TransformStream<Part, Part>()) },
] as const;

describe("taps on one stream", () => {
  it("share one stage: the tap above joins the one below", () => {
    const inner = tapStream(source([]), {});
    const outer = tapStream(inner, {});
    expect(outer.stream).toBe(inner.stream);
  });

  it("share one stage also when another call's stream was tapped in between", async () => {
    const seen: string[] = [];
    const inner = tapStream(source([delta("a")]), { part: (p) => (seen.push("inner"), p) });
    tapStream(source([]), {});
    const outer = tapStream(inner, { part: (p) => (seen.push("outer"), p) });

    expect(outer.stream).toBe(inner.stream);
    expect(await read(outer.stream)).toEqual([delta("a")]);
    expect(seen).toEqual(["inner", "outer"]);
  });

  it("get a stage each when the one below is already piped", async () => {
    const seen: string[] = [];
    const inner = tapStream(source([delta("a")]), { part: (p) => (seen.push("inner"), p) });
    const piped = { stream: inner.stream.pipeThrough(new TransformStream<Part, Part>()) };
    const outer = tapStream(piped, { part: (p) => (seen.push("outer"), p) });

    expect(await read(outer.stream)).toEqual([delta("a")]);
    expect(seen).toEqual(["inner", "outer"]);
  });

  it("refuse a stream someone already reads, as a pipe would", () => {
    const inner = tapStream(source([]), {});
    inner.stream.getReader();
    expect(() => tapStream(inner, {})).toThrow(TypeError);
  });
});

for (const { way, open } of consumers) {
  describe(`taps on a stream that is ${way}`, () => {
    it("see each part in order from the model out, each getting what the one below passed on", async () => {
      const seen: string[] = [];
      const inner = tapStream(source([delta("a"), delta("b")]), {
        part: (part) => (part.type === "text-delta" ? (seen.push(`inner ${part.delta}`), delta(part.delta.toUpperCase())) : part),
      });
      const outer = tapStream(inner, { part: (part) => (part.type === "text-delta" && seen.push(`outer ${part.delta}`), part) });

      expect(await read(open(outer.stream))).toEqual([delta("A"), delta("B")]);
      expect(seen).toEqual(["inner a", "outer A", "inner b", "outer B"]);
    });

    it("each hear the end after the last part, from the model out", async () => {
      const heard: string[] = [];
      const inner = tapStream(source([delta("a")]), { part: (p) => (heard.push("inner part"), p), flush: () => heard.push("inner end") });
      const outer = tapStream(inner, { part: (p) => (heard.push("outer part"), p), flush: () => heard.push("outer end") });
      await read(open(outer.stream));

      expect(heard).toEqual(["inner part", "outer part", "inner end", "outer end"]);
    });

    it("read the model's stream only as fast as it is read, as a pipe does", async () => {
      let pulled = 0;
      const model = new ReadableStream<Part>({ pull: (controller) => void (pulled++, controller.enqueue(delta(String(pulled)))) }, { highWaterMark: 0 });
      const reader = open(tapStream({ stream: model }, {}).stream).getReader();
      await reader.read();
      await reader.read();
      const afterTwo = pulled;
      await reader.cancel();

      expect(afterTwo).toBeLessThanOrEqual(4);
    });
  });

  describe(`a tap that ends a stream that is ${way}`, () => {
    it("passes the error on as the last part: the taps above see it and then the end, the ones below are cancelled, and the model's stream", async () => {
      const heard: string[] = [];
      const error = new Error("too deep");
      const model = new ReadableStream<Part>({
        start(controller) {
          for (const part of [delta("a"), delta("b"), delta("c")]) controller.enqueue(part);
        },
        cancel: (reason) => void heard.push(`model cancelled: ${(reason as Error).message}`),
      });
      const below = tapStream({ stream: model }, { flush: () => heard.push("below end"), cancel: (reason) => heard.push(`below cancelled: ${(reason as Error).message}`) });
      const ending = tapStream(below, { part: (p) => (p.type === "text-delta" && p.delta === "b" ? endWith(error) : p), flush: () => heard.push("ending end") });
      const above = tapStream(ending, { part: (p) => (heard.push(`above ${p.type}`), p), flush: () => heard.push("above end") });

      expect(await read(open(above.stream))).toEqual([delta("a"), { type: "error", error }]);
      expect(heard).toEqual(["above text-delta", "above error", "below cancelled: too deep", "above end", "model cancelled: too deep"]);
    });
  });

  describe(`a stream that is ${way} and fails at the model`, () => {
    it("is cancelled for every tap with the error, the outermost first, and its reader gets the error", async () => {
      const heard: string[] = [];
      const error = new Error("connection reset");
      const model = new ReadableStream<Part>({ start: (controller) => controller.enqueue(delta("a")), pull: (controller) => controller.error(error) });
      const inner = tapStream({ stream: model }, { cancel: (reason) => heard.push(`inner: ${(reason as Error).message}`), flush: () => heard.push("inner end") });
      const outer = tapStream(inner, { cancel: (reason) => heard.push(`outer: ${(reason as Error).message}`) });

      await expect(read(open(outer.stream))).rejects.toBe(error);
      expect(heard).toEqual(["outer: connection reset", "inner: connection reset"]);
    });
  });

  describe(`a stream that is ${way} and its reader cancels`, () => {
    it("is cancelled for every tap, the outermost first, and at the model", async () => {
      const heard: string[] = [];
      const model = new ReadableStream<Part>({ pull: (controller) => controller.enqueue(delta("a")), cancel: (reason) => void heard.push(`model: ${String(reason)}`) });
      const inner = tapStream({ stream: model }, { cancel: (reason) => heard.push(`inner: ${String(reason)}`), flush: () => heard.push("inner end") });
      const outer = tapStream(inner, { cancel: (reason) => heard.push(`outer: ${String(reason)}`) });
      const reader = open(outer.stream).getReader();
      await reader.read();
      await reader.cancel("stop");
      // A pipe passes the cancellation on to the model's stream after a turn of the event loop.
      await new Promise((resolve) => setImmediate(resolve));

      expect(heard).toEqual(["outer: stop", "inner: stop", "model: stop"]);
    });
  });
}
