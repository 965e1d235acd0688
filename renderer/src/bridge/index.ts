// Public surface of bridge/: choosing the page's Bridge.
export { selectBridge, BridgeError } from "./connect-bridge.ts";
export type { PageLocation } from "./connect-bridge.ts";
export { createWebBridge } from "./web-bridge.ts";
