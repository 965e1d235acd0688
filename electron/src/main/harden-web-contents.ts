// Wires the navigation policy to every web contents the app creates (`web-contents-created`):
// navigations leave `app://studio` never, redirects away are stopped, `window.open` never opens
// a window, `<webview>` never attaches, and only a URL that parses as http(s) reaches the
// user's browser. The decisions live in `navigation-policy.ts`; this is the thin wiring.
import type { UrlDecision } from "./navigation-policy.ts";
import { decideNavigation, decideRedirect, decideWindowOpen } from "./navigation-policy.ts";

/** The slice of Electron's navigation events this module reads. */
export interface NavigationEvent {
  readonly url: string;
  /** Set on `will-frame-navigate`, which fires for the main frame too. */
  readonly isMainFrame?: boolean;
  preventDefault(): void;
}

/** The slice of `WebContents` this module wires (a fake in tests, the real one in main). */
export interface HardenableContents {
  on(event: "will-navigate" | "will-frame-navigate" | "will-redirect", listener: (event: NavigationEvent) => void): unknown;
  on(event: "will-attach-webview", listener: (event: { preventDefault(): void }) => void): unknown;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: "deny" }): void;
}

/** Opens a URL in the user's browser (`shell.openExternal`). */
export type OpenExternal = (url: string) => Promise<void>;

/**
 * Applies the navigation policy to `contents`.
 *
 * @example
 * app.on("web-contents-created", (_event, contents) => hardenWebContents(contents, shell.openExternal));
 */
export function hardenWebContents(contents: HardenableContents, openExternal: OpenExternal): void {
  contents.on("will-navigate", (event) => enforce(event, decideNavigation(event.url), openExternal));
  // Frames inside the page: kept in the app too, but never sent to the browser (an embedded
  // frame doesn't get to open tabs). The main frame's navigations are will-navigate's.
  contents.on("will-frame-navigate", (event) => {
    if (event.isMainFrame !== false) return;
    const decision = decideNavigation(event.url);
    enforce(event, decision.action === "allow" ? decision : { action: "deny" }, openExternal);
  });
  contents.on("will-redirect", (event) => enforce(event, decideRedirect(event.url), openExternal));
  contents.setWindowOpenHandler(({ url }) => {
    const decision = decideWindowOpen(url);
    if (decision.action === "deny" && decision.openExternal !== undefined) openInBrowser(decision.openExternal, openExternal);
    return { action: "deny" };
  });
  contents.on("will-attach-webview", (event) => event.preventDefault());
}

function enforce(event: NavigationEvent, decision: UrlDecision, openExternal: OpenExternal): void {
  if (decision.action === "allow") return;
  event.preventDefault();
  if (decision.openExternal !== undefined) openInBrowser(decision.openExternal, openExternal);
}

function openInBrowser(url: string, openExternal: OpenExternal): void {
  openExternal(url).catch((error: unknown) => {
    console.error(`June Studio: could not open ${url} in the browser: ${error instanceof Error ? error.message : String(error)}`);
  });
}
