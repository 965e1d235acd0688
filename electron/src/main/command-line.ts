// The folder the studio opens at start, from the command line: `june-studio ~/agents`, or in
// development `electron electron/dist/main.cjs ~/agents`. Flags (`--inspect=0`, Chromium's
// switches, macOS's `-psn_…`) are skipped wherever they are. No folder: the empty state.
import { join, resolve } from "node:path";

/**
 * The folder named on a command line, absolute (resolved against `cwd`), or undefined.
 * `argv` is `process.argv` (or a second instance's); `defaultApp` is `process.defaultApp`,
 * true when Electron runs an app path given on its command line (so that path is skipped too).
 *
 * @example
 * folderFromArgv(["/opt/June Studio/june-studio", "./agents"], { defaultApp: false, cwd: "/home/me" }); // "/home/me/agents"
 * folderFromArgv(["electron", "--inspect=0", "electron/dist/main.cjs"], { defaultApp: true, cwd: "/w" }); // undefined
 */
export function folderFromArgv(argv: readonly string[], options: { defaultApp: boolean; cwd: string }): string | undefined {
  const positional = argv.slice(1).filter((arg) => arg !== "" && !arg.startsWith("-"));
  const folder = positional[options.defaultApp ? 1 : 0];
  return folder === undefined ? undefined : resolve(options.cwd, folder);
}

/**
 * The Claude Code opt-ins on the app's command line (`june studio` passes them on): the user's own
 * agents folder with `--user-agents`, honouring `bypassPermissions` with `--allow-bypass-permissions`.
 *
 * @example
 * claudeOptInsFromArgv(["electron", "main.js", "proj", "--user-agents"], "/home/ada"); // { userAgents: "/home/ada/.claude/agents" }
 */
export function claudeOptInsFromArgv(argv: readonly string[], home: string): { userAgents?: string; allowBypassPermissions?: boolean } {
  return {
    ...(argv.includes("--user-agents") ? { userAgents: join(home, ".claude", "agents") } : {}),
    ...(argv.includes("--allow-bypass-permissions") ? { allowBypassPermissions: true } : {}),
  };
}
