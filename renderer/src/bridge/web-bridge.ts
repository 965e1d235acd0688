// The one place that constructs the web host's Bridge: WebSocketBridge, written beside the web
// host (electron/src/web/websocket-bridge.ts) so client and server share one wire format. It uses
// the standard WebSocket API only, reconnects by itself and resubscribes from the last seq seen.
import { WebSocketBridge, webSocketUrl } from "../../../electron/src/web/websocket-bridge.ts";
import type { Bridge } from "../contract/index.ts";
import type { PageLocation } from "./connect-bridge.ts";

export function createWebBridge(location: PageLocation): Bridge {
  return new WebSocketBridge({ url: webSocketUrl(location) });
}
