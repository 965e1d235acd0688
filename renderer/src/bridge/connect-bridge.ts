// Which Bridge this page has: the Electron preload's `window.june`, or else a WebSocket to the web
// host that served the page, authenticated by the token in the page's URL. The rest of the
// renderer sees only the Bridge (and `bridge.host`, for wording).
import type { Bridge } from "../contract/index.ts";

export interface PageLocation {
  protocol: string;
  host: string;
  search: string;
}

/** The web host's WebSocket address for a page it served: `ws://<host>/ws?token=<token>`. */
export function webSocketUrl(location: PageLocation): string {
  const token = new URLSearchParams(location.search).get("token");
  if (!token) {
    throw new BridgeError(
      "STUDIO_NO_TOKEN",
      "This page's address has no ?token=. Open the exact address `june studio <folder> --web` printed (June Studio: http://127.0.0.1:PORT/?token=…).",
    );
  }
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${location.host}/ws?token=${encodeURIComponent(token)}`;
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
 * The page's bridge.
 *
 * @example
 * const bridge = await connectBridge(window, (url) => new WebSocketBridge(url));
 */
export function selectBridge(page: { june?: Bridge; location: PageLocation }, createWebBridge: (url: string, token: string) => Bridge): Bridge {
  if (page.june) return page.june;
  const url = webSocketUrl(page.location);
  return createWebBridge(url, new URLSearchParams(page.location.search).get("token")!);
}
