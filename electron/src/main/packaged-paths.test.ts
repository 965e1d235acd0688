import { describe, expect, it } from "vitest";
import { esbuildBinaryFile, esbuildBinaryPath, esbuildPlatformPackage, unpackedPath } from "./packaged-paths.ts";

describe("packaged paths", () => {
  it("a path inside app.asar has an unpacked twin", () => {
    expect(unpackedPath("/opt/June Studio/resources/app.asar/node_modules/@esbuild/linux-x64/bin/esbuild")).toBe(
      "/opt/June Studio/resources/app.asar.unpacked/node_modules/@esbuild/linux-x64/bin/esbuild",
    );
    expect(unpackedPath("C:\\Program Files\\June Studio\\resources\\app.asar\\node_modules\\x")).toBe(
      "C:\\Program Files\\June Studio\\resources\\app.asar.unpacked\\node_modules\\x",
    );
  });

  it("ESBUILD_BINARY_PATH is set only when esbuild resolves inside the asar", () => {
    expect(esbuildBinaryPath("/r/app.asar/node_modules/@esbuild/darwin-arm64/bin/esbuild")).toBe("/r/app.asar.unpacked/node_modules/@esbuild/darwin-arm64/bin/esbuild");
    expect(esbuildBinaryPath("/work/main/node_modules/@esbuild/linux-x64/bin/esbuild")).toBeUndefined();
    expect(esbuildBinaryPath("/r/app.asar.unpacked/node_modules/@esbuild/linux-x64/bin/esbuild")).toBeUndefined();
  });

  it("names esbuild's platform package and binary as esbuild does", () => {
    expect(`${esbuildPlatformPackage("linux", "x64")}/${esbuildBinaryFile("linux")}`).toBe("@esbuild/linux-x64/bin/esbuild");
    expect(`${esbuildPlatformPackage("win32", "x64")}/${esbuildBinaryFile("win32")}`).toBe("@esbuild/win32-x64/esbuild.exe");
    expect(`${esbuildPlatformPackage("darwin", "arm64")}/${esbuildBinaryFile("darwin")}`).toBe("@esbuild/darwin-arm64/bin/esbuild");
  });

  it("matches the binary this machine's esbuild uses", async () => {
    const { createRequire } = await import("node:module");
    const require = createRequire(import.meta.url);
    const file = require.resolve(`${esbuildPlatformPackage(process.platform, process.arch)}/${esbuildBinaryFile(process.platform)}`);
    expect(file).toMatch(/@esbuild[\\/]/);
  });
});
