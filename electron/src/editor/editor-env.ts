// The environment an editor process gets: what it needs to find itself, a home, a locale and a
// display to open a window on — not the studio's whole process.env, where API keys live.
import { DEFAULT_BASH_ENV_ALLOWLIST } from "june/tools";

export const EDITOR_ENV_ALLOWLIST: readonly string[] = Object.freeze([
  ...DEFAULT_BASH_ENV_ALLOWLIST,
  "LC_CTYPE",
  "LC_MESSAGES",
  "DISPLAY",
  "WAYLAND_DISPLAY",
  "XAUTHORITY",
  "XDG_RUNTIME_DIR",
  "XDG_SESSION_TYPE",
  "XDG_CURRENT_DESKTOP",
  "XDG_DATA_DIRS",
  "XDG_CONFIG_HOME",
  "XDG_DATA_HOME",
  "DBUS_SESSION_BUS_ADDRESS",
  // Windows needs these to start most programs.
  "SystemRoot",
  "SYSTEMROOT",
  "ComSpec",
  "PATHEXT",
  "APPDATA",
  "LOCALAPPDATA",
  "USERPROFILE",
  "TEMP",
  "TMP",
]);

export function editorEnv(hostEnv: NodeJS.ProcessEnv): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of EDITOR_ENV_ALLOWLIST) {
    const value = hostEnv[name];
    if (value !== undefined) env[name] = value;
  }
  return env;
}
