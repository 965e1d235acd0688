// Public surface of contract/.
export * from "./studio-contract.ts";
// The web host's wire, both ends: its limits, and the browser's client (standard WebSocket only).
export { MAX_MESSAGE_BYTES, MAX_FRAME_BYTES, MAX_JSON_DEPTH, nestsDeeperThan, leadingId } from "./message-limits.ts";
export { WebSocketBridge, webSocketUrl } from "./websocket-bridge.ts";
export type { ConnectionState, SocketLike, WebSocketBridgeOptions } from "./websocket-bridge.ts";
