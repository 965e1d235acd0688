// Public surface of trust/: the restricted-mode banner and whether Run is off for trust.
export { TrustBanner } from "./TrustBanner.tsx";
export { RESTRICTED_RUN_REASON } from "./restricted-run.ts";
