// Public surface of web/: the web host (Node side). The browser side of its socket, WebSocketBridge,
// is the contract's (contract/websocket-bridge.ts), so the renderer imports it from there.
export { startWebHost, DEFAULT_RENDERER_DIR } from "./web-host.ts";
export type { WebHost, WebHostOptions } from "./web-host.ts";
export { WebSocketBridge, webSocketUrl } from "../contract/index.ts";
export type { ConnectionState, SocketLike, WebSocketBridgeOptions } from "../contract/index.ts";
export { Batcher } from "../service/index.ts";
