import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import { hardenWebContents } from "./harden-web-contents.ts";

/** A web contents stand-in: emits Electron's events the way Electron 45 does (details first). */
class FakeContents extends EventEmitter {
  windowOpenHandler: ((details: { url: string }) => { action: "deny" }) | undefined;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: "deny" }) {
    this.windowOpenHandler = handler;
  }
  /** Emits `event` with a cancellable details object; answers whether it was cancelled. */
  navigate(event: string, url: string, isMainFrame = true): boolean {
    let prevented = false;
    this.emit(event, { url, isMainFrame, preventDefault: () => (prevented = true) });
    return prevented;
  }
}

function hardened() {
  const contents = new FakeContents();
  const opened: string[] = [];
  hardenWebContents(contents, async (url) => void opened.push(url));
  return { contents, opened };
}

describe("hardenWebContents", () => {
  it("will-navigate: stays in the app, sends http(s) to the browser, drops the rest", () => {
    const { contents, opened } = hardened();
    expect(contents.navigate("will-navigate", "app://studio/index.html")).toBe(false);
    expect(contents.navigate("will-navigate", "https://github.com/vercel/ai")).toBe(true);
    expect(contents.navigate("will-navigate", "file:///etc/passwd")).toBe(true);
    expect(contents.navigate("will-navigate", "javascript:alert(1)")).toBe(true);
    expect(opened).toEqual(["https://github.com/vercel/ai"]);
  });

  it("will-frame-navigate: a frame inside the page stays in the app and opens nothing", () => {
    const { contents, opened } = hardened();
    expect(contents.navigate("will-frame-navigate", "app://studio/index.html", false)).toBe(false);
    expect(contents.navigate("will-frame-navigate", "https://evil.example/", false)).toBe(true);
    expect(contents.navigate("will-frame-navigate", "data:text/html,x", false)).toBe(true);
    expect(opened).toEqual([]);
  });

  it("a main-frame link opens the browser once, though Electron fires both events for it", () => {
    const { contents, opened } = hardened();
    expect(contents.navigate("will-frame-navigate", "https://ai-sdk.dev/", true)).toBe(false);
    expect(contents.navigate("will-navigate", "https://ai-sdk.dev/", true)).toBe(true);
    expect(opened).toEqual(["https://ai-sdk.dev/"]);
  });

  it("will-redirect: a redirect out of the app is stopped and opens nothing", () => {
    const { contents, opened } = hardened();
    expect(contents.navigate("will-redirect", "https://evil.example/")).toBe(true);
    expect(opened).toEqual([]);
  });

  it("window.open never opens a window; only http(s) reaches the browser", () => {
    const { contents, opened } = hardened();
    const handler = contents.windowOpenHandler!;
    expect(handler({ url: "https://ai-sdk.dev/" })).toEqual({ action: "deny" });
    expect(handler({ url: "app://studio/index.html" })).toEqual({ action: "deny" });
    expect(handler({ url: "data:text/html,<h1>x</h1>" })).toEqual({ action: "deny" });
    expect(handler({ url: "ms-msdt:/id PCWDiagnostic" })).toEqual({ action: "deny" });
    expect(opened).toEqual(["https://ai-sdk.dev/"]);
  });

  it("<webview> never attaches", () => {
    const { contents } = hardened();
    let prevented = false;
    contents.emit("will-attach-webview", { preventDefault: () => (prevented = true) }, {}, { src: "https://evil.example" });
    expect(prevented).toBe(true);
  });

  it("a failing openExternal is reported, not thrown into Electron's event loop", async () => {
    const contents = new FakeContents();
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (message: unknown) => void errors.push(message);
    try {
      hardenWebContents(contents, async () => {
        throw new Error("no browser");
      });
      contents.navigate("will-navigate", "https://example.com/");
      await new Promise((resolve) => setTimeout(resolve, 0));
    } finally {
      console.error = original;
    }
    expect(String(errors[0])).toContain("no browser");
  });
});
