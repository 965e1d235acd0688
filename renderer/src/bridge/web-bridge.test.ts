// The web host's bridge as the page uses it: its socket goes by the page's cookie (no token in
// the socket's URL), and once that socket has opened, the token leaves the address bar.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Bridge } from "../contract/index.ts";
import { addressWithoutToken, createWebBridge, type AddressHistory } from "./web-bridge.ts";

/** The browser's WebSocket, standing still until the test opens it. */
class PendingSocket {
  static opened: PendingSocket[] = [];
  readyState = 0;
  onopen: ((event: unknown) => void) | null = null;
  onmessage = null;
  onclose = null;
  onerror = null;
  constructor(readonly url: string) {
    PendingSocket.opened.push(this);
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  send() {}
  close() {}
}

/** window.history as far as the address goes: what replaceState made of it. */
function recordingHistory(): AddressHistory & { urls: (string | null | undefined)[] } {
  const urls: (string | null | undefined)[] = [];
  return { urls, replaceState: (_data, _unused, url) => void urls.push(url) };
}

const location = (search: string, hash = "") => ({ protocol: "http:", host: "127.0.0.1:4321", pathname: "/", search, hash });

let original: typeof WebSocket;
const bridges: Bridge[] = [];
beforeEach(() => {
  original = globalThis.WebSocket;
  PendingSocket.opened = [];
  globalThis.WebSocket = PendingSocket as unknown as typeof WebSocket;
});
afterEach(() => {
  for (const bridge of bridges.splice(0)) (bridge as unknown as { close(): void }).close();
  globalThis.WebSocket = original;
});

describe("createWebBridge", () => {
  it("opens the web host's socket at /ws with no token in its URL (the page's cookie carries it)", () => {
    const bridge = createWebBridge(location("?token=abc%2F123"), recordingHistory());
    bridges.push(bridge);
    expect(bridge.host).toBe("web");
    expect(PendingSocket.opened.map((s) => s.url)).toEqual(["ws://127.0.0.1:4321/ws"]);
  });

  it("takes the token out of the address bar once the socket has opened, and not before", () => {
    const history = recordingHistory();
    bridges.push(createWebBridge(location("?token=abc%2F123"), history));
    expect(history.urls).toEqual([]);
    PendingSocket.opened[0]!.open();
    expect(history.urls).toEqual(["/"]);
  });

  it("does so once, keeping the address's other parameters and its hash", () => {
    const history = recordingHistory();
    bridges.push(createWebBridge(location("?a=1&token=t&b=2", "#runs"), history));
    PendingSocket.opened[0]!.open();
    PendingSocket.opened[0]!.open();
    expect(history.urls).toEqual(["/?a=1&b=2#runs"]);
  });

  it("leaves an address without a token alone", () => {
    const history = recordingHistory();
    bridges.push(createWebBridge(location("?a=1"), history));
    PendingSocket.opened[0]!.open();
    expect(history.urls).toEqual([]);
  });
});

describe("addressWithoutToken", () => {
  it("drops every token parameter and an empty query", () => {
    expect(addressWithoutToken({ pathname: "/index.html", search: "?token=a&token=b", hash: "" })).toBe("/index.html");
    expect(addressWithoutToken({ pathname: "/", search: "", hash: "#x" })).toBeUndefined();
  });
});
