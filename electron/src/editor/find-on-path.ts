// Finding a command the way a shell would: a path with a slash must exist and be executable;
// a bare name is looked up in PATH (with PATHEXT's extensions on Windows).
import { accessSync, constants, statSync } from "node:fs";
import { delimiter, isAbsolute, join, resolve } from "node:path";

/** The executable `command` runs, or undefined when there is none. */
export function findOnPath(command: string, env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform): string | undefined {
  const extensions = platform === "win32" ? ["", ...(env.PATHEXT ?? ".EXE;.CMD;.BAT;.COM").split(";").filter(Boolean)] : [""];
  if (isAbsolute(command) || command.includes("/") || (platform === "win32" && command.includes("\\"))) {
    return extensions.map((ext) => resolve(command + ext)).find(isExecutable);
  }
  for (const dir of (env.PATH ?? "").split(delimiter)) {
    if (!dir) continue;
    const found = extensions.map((ext) => join(dir, command + ext)).find(isExecutable);
    if (found) return found;
  }
  return undefined;
}

function isExecutable(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
