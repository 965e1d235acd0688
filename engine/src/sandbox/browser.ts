// The sandbox's browser-safe entry (docs/architecture.md): what a window may know of it, types only.
export type { SandboxStatus } from "./sandbox-status.ts";
