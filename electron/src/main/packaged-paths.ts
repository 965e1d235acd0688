// Where files live once the app is packaged. Code inside `app.asar` is read through Electron's
// fs, but a program (esbuild's native binary) can only be spawned from real disk, so the
// packaging config unpacks it to `app.asar.unpacked`; this points esbuild there.

const ASAR_SEGMENT = /([\\/])app\.asar([\\/])/;

/**
 * The real-disk twin of a path inside `app.asar`; other paths as they are.
 *
 * @example
 * unpackedPath("/opt/June Studio/resources/app.asar/node_modules/x"); // "/opt/June Studio/resources/app.asar.unpacked/node_modules/x"
 */
export function unpackedPath(path: string): string {
  return path.replace(ASAR_SEGMENT, "$1app.asar.unpacked$2");
}

/**
 * The value for `ESBUILD_BINARY_PATH` given where esbuild's platform binary resolves (inside
 * the asar when packaged), or undefined when it isn't inside one (development: leave esbuild be).
 *
 * @example
 * esbuildBinaryPath("/opt/J/resources/app.asar/node_modules/@esbuild/linux-x64/bin/esbuild");
 * // "/opt/J/resources/app.asar.unpacked/node_modules/@esbuild/linux-x64/bin/esbuild"
 */
export function esbuildBinaryPath(resolved: string): string | undefined {
  const unpacked = unpackedPath(resolved);
  return unpacked === resolved ? undefined : unpacked;
}

/** The package that holds esbuild's binary for this platform, as esbuild itself names it. */
export function esbuildPlatformPackage(platform: NodeJS.Platform, arch: string): string {
  return `@esbuild/${platform}-${arch}`;
}

/** The binary's path inside that package. */
export function esbuildBinaryFile(platform: NodeJS.Platform): string {
  return platform === "win32" ? "esbuild.exe" : "bin/esbuild";
}
