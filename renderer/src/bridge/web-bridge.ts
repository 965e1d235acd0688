// The one place that constructs the web host's Bridge (electron/src/web/websocket-bridge.ts,
// written beside the web host so client and server share one wire format).
// TEMPORARY: looked up with import.meta.glob so the renderer builds before that file exists;
// replace with a static import once it lands.
import type { Bridge } from "../contract/index.ts";
import { BridgeError } from "./connect-bridge.ts";

type WebBridgeModule = { WebSocketBridge?: new (url: string) => Bridge };

const modules = import.meta.glob<WebBridgeModule>("../../../electron/src/web/websocket-bridge.ts", { eager: true });

export function loadWebBridge(url: string): Bridge {
  const Bridge = Object.values(modules)[0]?.WebSocketBridge;
  if (!Bridge) throw new BridgeError("STUDIO_NO_WEB_BRIDGE", "This build of June Studio has no web bridge; build the renderer again after the web host is in place.");
  return new Bridge(url);
}
