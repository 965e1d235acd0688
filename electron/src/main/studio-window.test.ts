import { EventEmitter } from "node:events";
import type { BrowserWindowConstructorOptions } from "electron";
import { describe, expect, it } from "vitest";
import { createStudioWindow, studioWindowOptions, type BrowserWindowClass } from "./studio-window.ts";

describe("the studio window's options", () => {
  it("are exactly these: isolated, sandboxed, no Node anywhere, no webview, web security on", () => {
    expect(studioWindowOptions("/app/electron/dist/preload.cjs")).toStrictEqual({
      title: "June Studio",
      width: 1440,
      height: 900,
      minWidth: 960,
      minHeight: 600,
      show: false,
      webPreferences: {
        preload: "/app/electron/dist/preload.cjs",
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        nodeIntegrationInWorker: false,
        nodeIntegrationInSubFrames: false,
        webviewTag: false,
        webSecurity: true,
        allowRunningInsecureContent: false,
        experimentalFeatures: false,
        spellcheck: false,
      },
    });
  });

  it("never turn on anything from Electron's security checklist's list of risky preferences", () => {
    const preferences = studioWindowOptions("/p.cjs").webPreferences ?? {};
    for (const risky of ["enableBlinkFeatures", "nodeIntegration", "allowRunningInsecureContent", "experimentalFeatures", "webviewTag"] as const) {
      expect(preferences[risky], risky).not.toBe(true);
    }
    expect(preferences).not.toHaveProperty("enableBlinkFeatures");
  });
});

describe("createStudioWindow", () => {
  class FakeWindow extends EventEmitter {
    static created: FakeWindow[] = [];
    readonly options: BrowserWindowConstructorOptions;
    loaded: string | undefined;
    shown = false;
    constructor(options: BrowserWindowConstructorOptions) {
      super();
      this.options = options;
      FakeWindow.created.push(this);
    }
    async loadURL(url: string) {
      this.loaded = url;
    }
    show() {
      this.shown = true;
    }
  }

  it("opens the window with those options on app://studio/index.html and shows it once painted", () => {
    const window = createStudioWindow(FakeWindow as unknown as BrowserWindowClass, "/dist/preload.cjs") as unknown as FakeWindow;
    expect(window.options).toStrictEqual(studioWindowOptions("/dist/preload.cjs"));
    expect(window.loaded).toBe("app://studio/index.html");
    expect(window.shown).toBe(false);
    window.emit("ready-to-show");
    expect(window.shown).toBe(true);
  });
});
