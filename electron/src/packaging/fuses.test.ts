// The afterPack hook that flips Electron's fuses, run against a stand-in binary that carries a
// fuse wire the way Electron's does (sentinel, version, length, one byte per fuse).
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FuseState, FuseV1Options, getCurrentFuseWire } from "@electron/fuses";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import afterPack, { STUDIO_FUSES, packedElectronPath } from "../../build/fuses.mjs";

const SENTINEL = "dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX";
const FUSE_COUNT = 9;

/** A file with Electron's fuse wire in it: every other fuse on, starting with RunAsNode. */
async function standInElectron(dir: string, name: string): Promise<string> {
  const file = join(dir, name);
  const wire = Buffer.from([1, FUSE_COUNT, ...Array.from({ length: FUSE_COUNT }, (_, i) => (i % 2 === 0 ? FuseState.ENABLE : FuseState.DISABLE))]);
  await writeFile(file, Buffer.concat([Buffer.from("\x7fELF fake electron "), Buffer.from(SENTINEL), wire, Buffer.from(" tail")]));
  return file;
}

describe("the fuses June Studio ships with", () => {
  it("are exactly these, every one set", () => {
    expect(STUDIO_FUSES).toEqual({
      version: "1",
      strictlyRequireAllFuses: true,
      [FuseV1Options.RunAsNode]: false,
      [FuseV1Options.EnableCookieEncryption]: true,
      [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
      [FuseV1Options.EnableNodeCliInspectArguments]: false,
      [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
      [FuseV1Options.OnlyLoadAppFromAsar]: true,
      [FuseV1Options.LoadBrowserProcessSpecificV8Snapshot]: false,
      [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
      [FuseV1Options.WasmTrapHandlers]: true,
    });
  });
});

describe("packedElectronPath", () => {
  const packager = { appInfo: { productFilename: "June Studio" }, executableName: "june-studio" };
  it.each([
    ["linux", "/out/linux-unpacked/june-studio"],
    ["win32", "/out/win-unpacked/June Studio.exe"],
    ["darwin", "/out/mac/June Studio.app"],
    ["mas", "/out/mac/June Studio.app"],
  ])("%s → %s", (platform, expected) => {
    const appOutDir = expected.slice(0, expected.lastIndexOf("/"));
    expect(packedElectronPath({ appOutDir, electronPlatformName: platform, packager })).toBe(expected);
  });
});

describe("the afterPack hook", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "june-fuses-"));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("flips the packed binary's fuses to the studio's wire", async () => {
    const binary = await standInElectron(dir, "june-studio");
    await afterPack({ appOutDir: dir, electronPlatformName: "linux", arch: 1, packager: { appInfo: { productFilename: "June Studio" }, executableName: "june-studio" } });
    const wire = await getCurrentFuseWire(binary);
    const on = (option: FuseV1Options) => wire[option] === FuseState.ENABLE;
    expect(on(FuseV1Options.RunAsNode)).toBe(false);
    expect(on(FuseV1Options.EnableNodeOptionsEnvironmentVariable)).toBe(false);
    expect(on(FuseV1Options.EnableNodeCliInspectArguments)).toBe(false);
    expect(on(FuseV1Options.EnableEmbeddedAsarIntegrityValidation)).toBe(true);
    expect(on(FuseV1Options.OnlyLoadAppFromAsar)).toBe(true);
    expect(on(FuseV1Options.EnableCookieEncryption)).toBe(true);
    expect(on(FuseV1Options.GrantFileProtocolExtraPrivileges)).toBe(false);
  });

  it("fails the build when the binary has no fuse wire", async () => {
    await writeFile(join(dir, "june-studio"), "not electron");
    await expect(
      afterPack({ appOutDir: dir, electronPlatformName: "linux", arch: 1, packager: { appInfo: { productFilename: "June Studio" }, executableName: "june-studio" } }),
    ).rejects.toThrow(/sentinel/);
  });
});
