// Public surface of service/: the StudioService (no Electron in it), the per-window client both
// hosts use, and the event Batcher.
export { StudioService } from "./studio-service.ts";
export type { RetainedCounts, StudioServiceOptions } from "./studio-service.ts";
export type { ClaudeOptIns } from "./studio-project.ts";
export { connectClient } from "./studio-client.ts";
export type { StudioClient } from "./studio-client.ts";
export { Batcher, DEFAULT_MAX_BATCH, FRAME_MS } from "./batcher.ts";
export type { BatcherOptions, FlushScheduler } from "./batcher.ts";
export type { EventListener, StudioEventInput } from "./event-log.ts";
export { EncodedJson, jsonText, plainJson, wireJson } from "./plain-json.ts";
export { TrustStore, defaultTrustFile, TRUST_FILE_NAME } from "./trust/index.ts";
export type { FolderTrust, TrustStoreOptions } from "./trust/index.ts";
