// What the studio's windows may do with a URL: stay on `app://studio`, or hand an http(s) link to
// the user's browser. Everything else (other schemes, malformed URLs, new windows, redirects
// away) is refused. Pure decisions; `harden-web-contents.ts` wires them to Electron's events.
import { parseAppUrl } from "./app-origin.ts";

/** Schemes `shell.openExternal` may be given. */
const EXTERNAL_PROTOCOLS = new Set(["https:", "http:"]);

/**
 * The URL to give `shell.openExternal`, normalised by the URL parser, when `url` parses as
 * http or https with a host and no embedded credentials; null for anything else
 * (`javascript:`, `file:`, `data:`, custom schemes, relative or malformed URLs).
 *
 * @example
 * externalUrl("https://ai-sdk.dev/docs"); // "https://ai-sdk.dev/docs"
 * externalUrl("file:///etc/passwd"); // null
 */
export function externalUrl(url: string): string | null {
  if (typeof url !== "string") return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (!EXTERNAL_PROTOCOLS.has(parsed.protocol)) return null;
  if (parsed.hostname === "") return null;
  // `https://trusted.example@evil.example` reads as one host and goes to the other.
  if (parsed.username !== "" || parsed.password !== "") return null;
  return parsed.href;
}

/** Whether `url` may be opened in the user's browser (see `externalUrl`). */
export function isAllowedExternalUrl(url: string): boolean {
  return externalUrl(url) !== null;
}

/** What to do with a navigation, a redirect or a `window.open`. */
export type UrlDecision =
  | { action: "allow" }
  | { action: "deny"; openExternal: string }
  | { action: "deny"; openExternal?: undefined };

const DENY: UrlDecision = { action: "deny" };

/**
 * A window navigating (`will-navigate`, `will-frame-navigate`): within `app://studio` it may
 * (the renderer's own pages); an http(s) link opens in the browser instead; anything else is
 * dropped.
 *
 * @example
 * decideNavigation("app://studio/index.html"); // { action: "allow" }
 * decideNavigation("https://github.com"); // { action: "deny", openExternal: "https://github.com/" }
 */
export function decideNavigation(url: string): UrlDecision {
  if (parseAppUrl(url) !== null) return { action: "allow" };
  return denyOrExternal(url);
}

/**
 * A server-side redirect (`will-redirect`). The app protocol never redirects, so a redirect
 * means something went wrong: stay put, open nothing.
 */
export function decideRedirect(url: string): UrlDecision {
  return parseAppUrl(url) !== null ? { action: "allow" } : DENY;
}

/**
 * `window.open` and `target="_blank"` (the window-open handler): the studio never opens a
 * window of its own; an http(s) URL goes to the browser, anything else is dropped.
 *
 * @example
 * decideWindowOpen("https://ai-sdk.dev"); // { action: "deny", openExternal: "https://ai-sdk.dev/" }
 * decideWindowOpen("app://studio/index.html"); // { action: "deny" }
 */
export function decideWindowOpen(url: string): UrlDecision {
  return denyOrExternal(url);
}

function denyOrExternal(url: string): UrlDecision {
  const external = externalUrl(url);
  return external === null ? DENY : { action: "deny", openExternal: external };
}
