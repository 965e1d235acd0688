// A tool call gives way to the run's abort: its promise settles with the abort even when the tool
// ignores the signal, and a call that settled first keeps its own outcome.
import { describe, expect, it } from "vitest";
import { settleOrAbort } from "./abort.ts";

const never = () => new Promise<never>(() => {});

describe("a call still running when the run is aborted", () => {
  it("rejects with the abort's reason, though the tool never settles", async () => {
    const controller = new AbortController();
    const call = settleOrAbort(never(), controller.signal);
    const reason = new Error("stop");
    controller.abort(reason);

    await expect(call).rejects.toBe(reason);
  });

  it("rejects every call running on the signal, each with the reason", async () => {
    const controller = new AbortController();
    const calls = [settleOrAbort(never(), controller.signal), settleOrAbort(never(), controller.signal), settleOrAbort(never(), controller.signal)];
    controller.abort("enough");

    expect(await Promise.allSettled(calls)).toEqual(calls.map(() => ({ status: "rejected", reason: "enough" })));
  });

  it("leaves the calls on another signal running", async () => {
    const aborted = new AbortController();
    const other = new AbortController();
    let settled = false;
    const call = settleOrAbort(Promise.resolve().then(() => new Promise((resolve) => setImmediate(() => resolve("done")))), other.signal);
    void call.then(() => (settled = true));
    const gone = settleOrAbort(never(), aborted.signal);
    aborted.abort("stop");
    await expect(gone).rejects.toBe("stop");

    expect(settled).toBe(false);
    expect(await call).toBe("done");
  });
});

describe("a call that settles before the abort", () => {
  it("keeps its value, and a later abort changes nothing", async () => {
    const controller = new AbortController();
    const call = settleOrAbort(Promise.resolve("pong"), controller.signal);
    expect(await call).toBe("pong");
    controller.abort("late");

    expect(await call).toBe("pong");
  });

  it("keeps its own failure", async () => {
    const controller = new AbortController();
    const failure = new Error("tool broke");
    const call = settleOrAbort(Promise.reject(failure), controller.signal);

    await expect(call).rejects.toBe(failure);
  });

  it("is a value at once when the tool answered synchronously", async () => {
    expect(await settleOrAbort({ ok: true }, new AbortController().signal)).toEqual({ ok: true });
  });
});

describe("a call started in an aborted run", () => {
  it("rejects with the abort, and the tool's own later failure is not left unhandled", async () => {
    const controller = new AbortController();
    controller.abort("already");
    const failing = Promise.reject(new Error("late failure"));

    await expect(settleOrAbort(failing, controller.signal)).rejects.toBe("already");
  });
});
