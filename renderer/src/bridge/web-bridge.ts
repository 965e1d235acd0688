// The one place that constructs the web host's Bridge: WebSocketBridge, written with the contract
// (electron/src/contract/websocket-bridge.ts) so client and server share one wire format. It uses
// the standard WebSocket API only, reconnects by itself and resubscribes from the last seq seen.
// Its socket goes by the page's cookie, so once it has connected the token leaves the address
// bar (and this history entry): the connection proved the cookie works, and until then a reload
// of the printed address still can.
import { WebSocketBridge, webSocketUrl } from "../../../electron/src/contract/websocket-bridge.ts";
import type { Bridge } from "../contract/index.ts";
import type { PageLocation } from "./connect-bridge.ts";

/** The part of window.history the bridge uses. */
export interface AddressHistory {
  replaceState(data: unknown, unused: string, url?: string | null): void;
}

/**
 * The web host's bridge for the page at `location`.
 *
 * @example
 * const bridge = createWebBridge(window.location); // then the address bar loses its ?token=
 */
export function createWebBridge(location: PageLocation, history: AddressHistory = globalThis.history): Bridge {
  const bridge = new WebSocketBridge({ url: webSocketUrl({ protocol: location.protocol, host: location.host }) });
  const stop = bridge.onConnectionChange((state) => {
    if (state !== "open") return;
    stop();
    const clean = addressWithoutToken(location);
    if (clean !== undefined) history.replaceState(null, "", clean);
  });
  return bridge;
}

/** The page's address without `token` (other parameters and the hash kept), or undefined when it has none. */
export function addressWithoutToken(location: Pick<PageLocation, "pathname" | "search" | "hash">): string | undefined {
  const query = new URLSearchParams(location.search);
  if (!query.has("token")) return undefined;
  query.delete("token");
  const rest = query.toString();
  return `${location.pathname}${rest ? `?${rest}` : ""}${location.hash}`;
}
