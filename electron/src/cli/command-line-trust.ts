// Folder trust for `june studio`: the folder the user named on the command line (or, with none,
// June's samples) is trusted for the session — naming it is the user's say-so — and trust given in
// the studio is remembered in the user's config folder. Any other folder opened from the page
// starts in restricted mode.
import { TrustStore, defaultTrustFile } from "../service/trust/index.ts";
import { SAMPLES_FOLDER } from "./studio-folder.ts";

/**
 * @example
 * const service = new StudioService({ trust: commandLineTrust(folder, process.env) });
 */
export function commandLineTrust(folder: string, env: NodeJS.ProcessEnv, log?: (message: string) => void): TrustStore {
  return new TrustStore({ file: defaultTrustFile(env), trusted: [folder, SAMPLES_FOLDER], ...(log ? { log } : {}) });
}
