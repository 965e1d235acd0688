import { describe, expect, it, vi } from "vitest";
import * as contract from "../contract/index.ts";
import type { EventBatch } from "../contract/index.ts";
import { CHANNEL_PREFIX, EVENTS_CHANNEL, createJuneApi, type IpcTransport } from "./june-api.ts";

type Listener = (event: unknown, batch: EventBatch) => void;

/** An ipcRenderer stand-in: records invokes, keeps listeners per channel, and can emit. */
function fakeIpc(answer: (channel: string, request: unknown) => unknown = () => ({ ok: true, value: { lastSeq: 0 } })) {
  const invoked: Array<{ channel: string; request: unknown }> = [];
  const listeners = new Map<string, Set<Listener>>();
  const ipc: IpcTransport = {
    invoke: async (channel, request) => {
      invoked.push({ channel, request });
      return answer(channel, request);
    },
    on: (channel, listener) => void (listeners.get(channel) ?? listeners.set(channel, new Set()).get(channel)!).add(listener),
    off: (channel, listener) => void listeners.get(channel)?.delete(listener),
  };
  // What Electron passes first: an IpcRendererEvent, whose `sender` is ipcRenderer itself.
  const ipcEvent = { sender: { invoke: () => "ipcRenderer itself" } };
  const emit = (channel: string, batch: EventBatch) => {
    for (const listener of listeners.get(channel) ?? []) listener(ipcEvent, batch);
  };
  return { ipc, invoked, listeners, emit };
}

const batch = (seq: number): EventBatch => ({ events: [{ seq, type: "project-loading", folder: "/p" }] });

describe("window.june: the preload's api", () => {
  it("uses the contract's channel names", () => {
    expect(CHANNEL_PREFIX).toBe(contract.CHANNEL_PREFIX);
    expect(EVENTS_CHANNEL).toBe(contract.EVENTS_CHANNEL);
  });

  it("has exactly one method per contract method, plus onEvents and host", () => {
    const api = createJuneApi(fakeIpc().ipc);
    const methods = Object.keys(api).filter((key) => typeof api[key as keyof typeof api] === "function" && key !== "onEvents");
    expect(methods.sort()).toEqual([...contract.STUDIO_METHODS].sort());
    expect(Object.keys(api).sort()).toEqual([...contract.STUDIO_METHODS, "host", "onEvents"].sort());
    expect(api.host).toBe("electron");
  });

  it("each method invokes studio:<method> with the request, and answers what main answered", async () => {
    const { ipc, invoked } = fakeIpc((channel) => ({ ok: true, value: channel }));
    const api = createJuneApi(ipc);
    for (const method of contract.STUDIO_METHODS) {
      const request = { probe: method };
      const call = api[method] as (request: unknown) => Promise<unknown>;
      expect(await call(request)).toEqual({ ok: true, value: `studio:${method}` });
      expect(invoked.at(-1)).toEqual({ channel: `studio:${method}`, request });
    }
  });

  it("never exposes ipcRenderer or a way to name a channel", () => {
    const api = createJuneApi(fakeIpc().ipc) as unknown as Record<string, unknown>;
    for (const name of ["ipcRenderer", "invoke", "send", "on", "off", "removeListener"]) expect(api).not.toHaveProperty(name);
    expect(Object.isFrozen(api)).toBe(true);
  });

  describe("onEvents", () => {
    it("listens on studio:events, then subscribes from afterSeq", () => {
      const { ipc, invoked, listeners } = fakeIpc();
      createJuneApi(ipc).onEvents(41, () => {});
      expect(listeners.get("studio:events")?.size).toBe(1);
      expect(invoked).toEqual([{ channel: "studio:subscribe", request: { afterSeq: 41 } }]);
    });

    it("hands the listener only the batch, never Electron's event (which carries ipcRenderer)", () => {
      const { ipc, emit } = fakeIpc();
      const listener = vi.fn();
      createJuneApi(ipc).onEvents(0, listener);
      emit("studio:events", batch(1));
      expect(listener).toHaveBeenCalledExactlyOnceWith(batch(1));
    });

    it("its unsubscribe removes only its own listener", () => {
      const { ipc, emit, listeners } = fakeIpc();
      const api = createJuneApi(ipc);
      const first = vi.fn();
      const second = vi.fn();
      const stopFirst = api.onEvents(0, first);
      api.onEvents(0, second);
      emit("studio:events", batch(1));
      stopFirst();
      emit("studio:events", batch(2));
      expect(first.mock.calls.map(([b]) => b)).toEqual([batch(1)]);
      expect(second.mock.calls.map(([b]) => b)).toEqual([batch(1), batch(2)]);
      expect(listeners.get("studio:events")?.size).toBe(1);
      stopFirst();
      expect(listeners.get("studio:events")?.size).toBe(1);
    });

    it("says so when the stream could not start", async () => {
      const warn = vi.fn();
      const { ipc } = fakeIpc(() => ({ ok: false, error: { code: "STUDIO_UNTRUSTED_SENDER", message: "refused" } }));
      createJuneApi(ipc, warn).onEvents(0, () => {});
      await vi.waitFor(() => expect(warn).toHaveBeenCalledWith(expect.stringContaining("refused")));
    });
  });
});
