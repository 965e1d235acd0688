// Public surface of bridge/: choosing the page's Bridge.
export { selectBridge, webSocketUrl, BridgeError } from "./connect-bridge.ts";
export type { PageLocation } from "./connect-bridge.ts";
export { loadWebBridge } from "./web-bridge.ts";
