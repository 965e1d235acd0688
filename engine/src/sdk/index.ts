// Public surface of sdk/ for the engine's other folders (users import the helpers themselves from
// the package's `june/sdk/*` entries): what a provider model needs before it can be called.
export { apiKeySource, findApiKey } from "./api-key.ts";
export type { ApiKeySource } from "./api-key.ts";
