// Public surface of errors/.
export { JuneError, isJuneError } from "./june-error.ts";
export type { JuneErrorCode, SourceLocation } from "./june-error.ts";
