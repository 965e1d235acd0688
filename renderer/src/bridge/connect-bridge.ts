// Which Bridge this page has: the Electron preload's `window.june`, or else a WebSocket to the web
// host that served the page, authenticated by the token in the page's URL. The rest of the
// renderer sees only the Bridge (and `bridge.host`, for wording).
import type { Bridge } from "../contract/index.ts";

export interface PageLocation {
  protocol: string;
  host: string;
  search: string;
}

/** Throws a BridgeError saying what to do when the page's address carries no token. */
export function requireToken(location: PageLocation): string {
  const token = new URLSearchParams(location.search).get("token");
  if (!token) {
    throw new BridgeError(
      "STUDIO_NO_TOKEN",
      "This page's address has no ?token=. Open the exact address `june studio <folder> --web` printed (June Studio: http://127.0.0.1:PORT/?token=…).",
    );
  }
  return token;
}

export class BridgeError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "BridgeError";
  }
}

/**
 * The page's bridge: the preload's, else the web host's (whose address must carry the token).
 *
 * @example
 * const bridge = selectBridge(window, createWebBridge);
 */
export function selectBridge(page: { june?: Bridge; location: PageLocation }, createWebBridge: (location: PageLocation) => Bridge): Bridge {
  if (page.june) return page.june;
  requireToken(page.location);
  return createWebBridge(page.location);
}
