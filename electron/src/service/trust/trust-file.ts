// Where the studio remembers trusted folders when no host says: the user's config folder
// (`$XDG_CONFIG_HOME/june/trusted-folders.json`, `~/.config/june/…` without it; `%APPDATA%\june\…`
// on Windows). The desktop app keeps its own in Electron's userData folder instead.
import { homedir } from "node:os";
import { join } from "node:path";

export const TRUST_FILE_NAME = "trusted-folders.json";

/**
 * @example
 * defaultTrustFile({ XDG_CONFIG_HOME: "/home/me/.config" }); // "/home/me/.config/june/trusted-folders.json"
 */
export function defaultTrustFile(env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform, home: string = homedir()): string {
  if (platform === "win32" && env.APPDATA) return join(env.APPDATA, "june", TRUST_FILE_NAME);
  return join(env.XDG_CONFIG_HOME || join(home, ".config"), "june", TRUST_FILE_NAME);
}
