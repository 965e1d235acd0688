// Spec: a run's events for its iterators. Replaying (the default), every iterator gets every
// event from the first, then live ones, until the log closes; live (`replay: false`), an iterator
// gets only what comes after it started, and the log keeps nothing.
import { describe, expect, it } from "vitest";
import type { TraceEvent } from "../trace/index.ts";
import { EventLog } from "./event-log.ts";

const event = (seq: number) => ({ type: "node-update", runId: "r", seq, time: 0, nodeId: "n1", textDelta: String(seq) }) as TraceEvent;

async function drain(log: EventLog): Promise<number[]> {
  const seqs: number[] = [];
  for await (const e of log) seqs.push(e.seq);
  return seqs;
}

describe("a replaying log", () => {
  it("gives every iterator every event, from the first, whenever it starts", async () => {
    const log = new EventLog();
    log.push(event(1));
    const early = drain(log);
    log.push(event(2));
    log.close();
    expect(await early).toEqual([1, 2]);
    expect(await drain(log)).toEqual([1, 2]);
    expect(log.events.map((e) => e.seq)).toEqual([1, 2]);
  });
});

describe("a live log", () => {
  it("gives an iterator what comes after it started, and keeps nothing", async () => {
    const log = new EventLog({ replay: false });
    log.push(event(1));
    const reader = drain(log);
    log.push(event(2));
    log.push(event(3));
    log.close();
    expect(await reader).toEqual([2, 3]);
    expect(log.events).toEqual([]);
    expect(await drain(log)).toEqual([]);
  });
});
