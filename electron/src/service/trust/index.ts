// Public surface of service/trust/: which folders may run their code, and where that is remembered.
export { TrustStore } from "./folder-trust.ts";
export type { FolderTrust, TrustStoreOptions } from "./folder-trust.ts";
export { defaultTrustFile, TRUST_FILE_NAME } from "./trust-file.ts";
