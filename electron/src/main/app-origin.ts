// The one origin the studio's renderer lives at. The renderer is served from a custom, privileged
// `app://` scheme (never `file://`), so it gets a real origin that CSP 'self', the sender checks
// and the navigation policy can all name.

/** The custom scheme the renderer is served from. */
export const APP_SCHEME = "app";
/** The only host of that scheme; any other host is refused. */
export const APP_HOST = "studio";
/** `app://studio`: the renderer's origin. */
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
/** What the window loads. */
export const APP_INDEX_URL = `${APP_ORIGIN}/index.html`;

/**
 * How the scheme is registered, before the app is ready: `standard` (a real origin, relative URLs
 * resolve), `secure` (a secure context), `supportFetchAPI` (Vite's `<script type="module"
 * crossorigin>` is fetched in CORS mode, same-origin). Never `bypassCSP`, and never `corsEnabled`:
 * that would let another origin read app:// responses with no Access-Control-Allow-Origin check.
 */
export const APP_SCHEME_PRIVILEGES = { standard: true, secure: true, supportFetchAPI: true } as const;

/**
 * The URL parsed, when it is on the studio's own origin (`app://studio/…`); null otherwise,
 * including for anything that does not parse.
 *
 * @example
 * parseAppUrl("app://studio/index.html")?.pathname; // "/index.html"
 * parseAppUrl("https://studio/index.html"); // null
 */
export function parseAppUrl(url: string): URL | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== `${APP_SCHEME}:`) return null;
  // Chromium lowercases a standard scheme's host; Node's URL keeps it as written.
  if (parsed.host.toLowerCase() !== APP_HOST) return null;
  if (parsed.username !== "" || parsed.password !== "" || parsed.port !== "") return null;
  return parsed;
}
