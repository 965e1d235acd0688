// The studio's one window: its exact options (asserted by a test, as electron/fiddle does) and
// the factory that opens it on the `app://` page. Electron is passed in, never imported at run
// time here, so the options are checked without the Electron binary.
import type { BrowserWindow, BrowserWindowConstructorOptions } from "electron";
import { APP_INDEX_URL } from "./app-origin.ts";

/**
 * The options every studio window is created with. The renderer is untrusted web content: it
 * is isolated and sandboxed, has no Node (not in workers or frames either), no `<webview>`, no
 * insecure content, no experimental features; it reaches main only through the preload's
 * `window.june`.
 *
 * @example
 * new BrowserWindow(studioWindowOptions(join(__dirname, "preload.cjs")));
 */
export function studioWindowOptions(preload: string): BrowserWindowConstructorOptions {
  return {
    title: "June Studio",
    width: 1440,
    height: 900,
    minWidth: 960,
    minHeight: 600,
    // Shown on `ready-to-show`, so the window never flashes empty.
    show: false,
    webPreferences: {
      preload,
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
  };
}

/** What the factory needs of Electron's `BrowserWindow` class. */
export type BrowserWindowClass = new (options: BrowserWindowConstructorOptions) => BrowserWindow;

/**
 * Opens a studio window on `app://studio/index.html`, shown once it has painted.
 *
 * @example
 * const window = createStudioWindow(BrowserWindow, join(__dirname, "preload.cjs"));
 */
export function createStudioWindow(BrowserWindowCtor: BrowserWindowClass, preload: string): BrowserWindow {
  const window = new BrowserWindowCtor(studioWindowOptions(preload));
  window.once("ready-to-show", () => window.show());
  window.loadURL(APP_INDEX_URL).catch((error: unknown) => {
    console.error(`June Studio: the window could not load ${APP_INDEX_URL}: ${error instanceof Error ? error.message : String(error)}`);
  });
  return window;
}
