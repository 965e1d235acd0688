// Which Bridge this page has: the Electron preload's `window.june`, or else a WebSocket to the web
// host that served the page. The web host authenticates that socket by the HttpOnly cookie it set
// when the printed URL (`?token=…`) was first opened, so the page needs no token in its address
// (and takes it out once connected; see web-bridge.ts). The rest of the renderer sees only the
// Bridge (and `bridge.host`, for wording).
import type { Bridge } from "../contract/index.ts";

export interface PageLocation {
  protocol: string;
  host: string;
  pathname: string;
  search: string;
  hash: string;
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
 * The page's bridge: the preload's, else the web host's (which only an http page can have).
 *
 * @example
 * const bridge = selectBridge(window, createWebBridge);
 */
export function selectBridge(page: { june?: Bridge; location: PageLocation }, createWebBridge: (location: PageLocation) => Bridge): Bridge {
  if (page.june) return page.june;
  if (page.location.protocol !== "http:" && page.location.protocol !== "https:") {
    throw new BridgeError(
      "STUDIO_NO_HOST",
      `This page (${page.location.protocol}) has no studio behind it: neither the desktop app's preload nor the web host. Start \`june studio <folder>\`, or \`june studio <folder> --web\` and open the address it prints (June Studio: http://127.0.0.1:PORT/?token=…).`,
    );
  }
  return createWebBridge(page.location);
}
