// Public surface of web/ (Node side): the web host. The browser side, WebSocketBridge, is its own
// entry (websocket-bridge.ts) so the renderer can import it without any Node module.
export { startWebHost, DEFAULT_RENDERER_DIR } from "./web-host.ts";
export type { WebHost, WebHostOptions } from "./web-host.ts";
export { WebSocketBridge, webSocketUrl } from "./websocket-bridge.ts";
export type { ConnectionState, SocketLike, WebSocketBridgeOptions } from "./websocket-bridge.ts";
export { Batcher } from "../service/index.ts";
