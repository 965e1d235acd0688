// Imported first by main.ts, for its side effect: in a packaged app esbuild's native binary
// resolves inside app.asar, where nothing can be spawned; point esbuild at its unpacked twin
// before esbuild's own module reads ESBUILD_BINARY_PATH (it does so once, when it loads).
import { esbuildBinaryFile, esbuildBinaryPath, esbuildPlatformPackage } from "./packaged-paths.ts";

if (process.env.ESBUILD_BINARY_PATH === undefined) {
  let resolved: string | undefined;
  try {
    resolved = require.resolve(`${esbuildPlatformPackage(process.platform, process.arch)}/${esbuildBinaryFile(process.platform)}`);
  } catch {
    // No binary for this platform: esbuild says so itself, with its own advice, when first used.
  }
  const unpacked = resolved === undefined ? undefined : esbuildBinaryPath(resolved);
  if (unpacked !== undefined) process.env.ESBUILD_BINARY_PATH = unpacked;
}
