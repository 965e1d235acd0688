// Which folder `june studio` opens: the one given, resolved where the user typed it (under
// `npm start`, npm runs the script from the repository root and keeps the user's folder in
// INIT_CWD), or without one June's samples/.
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const SAMPLES_FOLDER = fileURLToPath(new URL("../../../samples", import.meta.url));
const NPM_SCRIPTS = new Set(["start", "studio"]);

export function studioFolder(given: string | undefined, env: NodeJS.ProcessEnv, cwd = process.cwd()): string {
  if (given === undefined) return existsSync(SAMPLES_FOLDER) ? SAMPLES_FOLDER : cwd;
  const base = env.INIT_CWD && NPM_SCRIPTS.has(env.npm_lifecycle_event ?? "") ? env.INIT_CWD : cwd;
  return resolve(base, given);
}
