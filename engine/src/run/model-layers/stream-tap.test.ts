// Layers watching one stream share one TransformStream, and see what separate pipes would show
// them: the parts in order from the layer nearest the model out, the end after the last part, and
// a stream a layer ended as that layer's pipe would have ended it.
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

describe("taps on one stream", () => {
  it("share one pipe: the tap above joins the one below", () => {
    const inner = tapStream(source([]), {});
    const outer = tapStream(inner, {});
    expect(outer.stream).toBe(inner.stream);
  });

  it("see each part in order from the model out, each getting what the one below passed on", async () => {
    const seen: string[] = [];
    const inner = tapStream(source([delta("a"), delta("b")]), {
      part: (part) => (part.type === "text-delta" ? (seen.push(`inner ${part.delta}`), delta(part.delta.toUpperCase())) : part),
    });
    const outer = tapStream(inner, { part: (part) => (part.type === "text-delta" && seen.push(`outer ${part.delta}`), part) });

    expect(await read(outer.stream)).toEqual([delta("A"), delta("B")]);
    expect(seen).toEqual(["inner a", "outer A", "inner b", "outer B"]);
  });

  it("each hear the end after the last part, from the model out", async () => {
    const heard: string[] = [];
    const inner = tapStream(source([delta("a")]), { part: (p) => (heard.push("inner part"), p), flush: () => heard.push("inner end") });
    const outer = tapStream(inner, { part: (p) => (heard.push("outer part"), p), flush: () => heard.push("outer end") });
    await read(outer.stream);

    expect(heard).toEqual(["inner part", "outer part", "inner end", "outer end"]);
  });

  it("still see every part in order when another call's stream was tapped in between (then they get a pipe each)", async () => {
    const seen: string[] = [];
    const inner = tapStream(source([delta("a")]), { part: (p) => (seen.push("inner"), p) });
    tapStream(source([]), {});
    const outer = tapStream(inner, { part: (p) => (seen.push("outer"), p) });

    expect(outer.stream).not.toBe(inner.stream);
    expect(await read(outer.stream)).toEqual([delta("a")]);
    expect(seen).toEqual(["inner", "outer"]);
  });

  it("refuse a stream someone already reads, as a pipe would", () => {
    const inner = tapStream(source([]), {});
    inner.stream.getReader();
    expect(() => tapStream(inner, {})).toThrow(TypeError);
  });
});

describe("a tap that ends the stream", () => {
  it("passes the error on as the last part: the taps above see it and then the end, the ones below are cancelled", async () => {
    const heard: string[] = [];
    const error = new Error("too deep");
    const below = tapStream(source([delta("a"), delta("b"), delta("c")]), { flush: () => heard.push("below end"), cancel: (reason) => heard.push(`below cancelled: ${(reason as Error).message}`) });
    const ending = tapStream(below, { part: (p) => (p.type === "text-delta" && p.delta === "b" ? endWith(error) : p), flush: () => heard.push("ending end") });
    const above = tapStream(ending, { part: (p) => (heard.push(`above ${p.type}`), p), flush: () => heard.push("above end") });

    expect(await read(above.stream)).toEqual([delta("a"), { type: "error", error }]);
    expect(heard).toEqual(["above text-delta", "above error", "below cancelled: too deep", "above end"]);
  });
});

describe("a stream its reader cancels", () => {
  it("is cancelled for every tap, the outermost first", async () => {
    const heard: string[] = [];
    const inner = tapStream(source([delta("a"), delta("b")]), { cancel: () => heard.push("inner"), flush: () => heard.push("inner end") });
    const outer = tapStream(inner, { cancel: () => heard.push("outer") });
    const reader = outer.stream.getReader();
    await reader.read();
    await reader.cancel("stop");

    expect(heard).toEqual(["outer", "inner"]);
  });
});
