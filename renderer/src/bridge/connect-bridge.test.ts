import { describe, expect, it } from "vitest";
import { createFakeBridge } from "../../test/fake-bridge.ts";
import { BridgeError, requireToken, selectBridge } from "./connect-bridge.ts";
import { createWebBridge } from "./web-bridge.ts";

const page = (search: string) => ({ location: { protocol: "http:", host: "127.0.0.1:4321", search } });

describe("selectBridge", () => {
  it("uses the Electron preload's window.june when there is one", () => {
    const june = createFakeBridge({ host: "electron" });
    expect(selectBridge({ ...page(""), june }, () => createFakeBridge())).toBe(june);
  });

  it("otherwise connects to the web host that served the page", () => {
    const web = createFakeBridge();
    const seen: string[] = [];
    expect(selectBridge(page("?token=abc%2F123"), (location) => (seen.push(location.search), web))).toBe(web);
    expect(seen).toEqual(["?token=abc%2F123"]);
  });

  it("says what to do when the page's address has no token", () => {
    expect(() => selectBridge(page(""), () => createFakeBridge())).toThrow(BridgeError);
    expect(() => requireToken(page("?x=1").location)).toThrow(/Open the exact address `june studio <folder> --web` printed/);
  });

  it("opens the web host's WebSocket at /ws with the page's token", () => {
    const opened: string[] = [];
    class RecordingSocket {
      readyState = 0;
      onopen = null;
      onmessage = null;
      onclose = null;
      onerror = null;
      constructor(url: string) {
        opened.push(url);
      }
      send() {}
      close() {}
    }
    const original = globalThis.WebSocket;
    globalThis.WebSocket = RecordingSocket as unknown as typeof WebSocket;
    try {
      const bridge = createWebBridge(page("?token=abc%2F123").location);
      expect(bridge.host).toBe("web");
      expect(opened).toEqual(["ws://127.0.0.1:4321/ws?token=abc%2F123"]);
    } finally {
      globalThis.WebSocket = original;
    }
  });
});
