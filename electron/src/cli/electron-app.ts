// Can the desktop app open here? Decided without loading the `electron` package (loading it
// starts a binary download when the binary is missing): the binary named in electron's path.txt
// must exist under its dist/, the built main must exist, and on Linux there must be a display.
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

/** The Electron main June Studio's build writes. */
export const BUILT_MAIN = fileURLToPath(new URL("../../dist/main.cjs", import.meta.url));

export type ElectronApp = { binary: string; main: string } | { reason: string };

export interface ElectronAppOptions {
  env: NodeJS.ProcessEnv;
  /** The electron package's folder; default: where Node would resolve `electron` from here. */
  electronDir?: string | undefined;
  main?: string;
  platform?: NodeJS.Platform;
}

/**
 * The Electron binary and main to launch, or why the desktop app can't open.
 *
 * @example
 * const app = findElectronApp({ env: process.env });
 * if ("reason" in app) console.error(`june studio: ${app.reason}; opening the web studio instead`);
 */
export function findElectronApp(options: ElectronAppOptions): ElectronApp {
  const { env, main = BUILT_MAIN, platform = process.platform } = options;
  const electronDir = options.electronDir ?? electronPackageDir();
  if (!electronDir) return { reason: "the electron package is not installed (npm install at the June repository's root installs it)" };
  const pathFile = join(electronDir, "path.txt");
  const dist = env.ELECTRON_OVERRIDE_DIST_PATH || join(electronDir, "dist");
  const shown = relative(process.cwd(), dist) || dist;
  if (!existsSync(pathFile)) return { reason: `the Electron binary is not installed (${shown} is missing)` };
  const binary = join(dist, readFileSync(pathFile, "utf8").trim());
  if (!existsSync(binary)) return { reason: `the Electron binary is not installed (${relative(process.cwd(), binary) || binary} is missing)` };
  if (!existsSync(main)) return { reason: `the desktop app is not built (${relative(process.cwd(), main) || main} is missing)` };
  if (platform === "linux" && !env.DISPLAY && !env.WAYLAND_DISPLAY) return { reason: "there is no display to open a window on (DISPLAY and WAYLAND_DISPLAY are unset)" };
  return { binary, main };
}

function electronPackageDir(): string | undefined {
  try {
    return dirname(createRequire(import.meta.url).resolve("electron/package.json"));
  } catch {
    return undefined;
  }
}
