// electron-builder `afterPack` hook: flips June Studio's Electron fuses in the packaged binary
// with @electron/fuses, after the files are in place and before anything is signed.
//   RunAsNode off ............................ ELECTRON_RUN_AS_NODE can't turn the app into a Node
//   EnableNodeOptionsEnvironmentVariable off . NODE_OPTIONS can't inject code
//   EnableNodeCliInspectArguments off ........ --inspect can't attach a debugger to main
//   EnableEmbeddedAsarIntegrityValidation on . a tampered app.asar doesn't load (macOS, Windows)
//   OnlyLoadAppFromAsar on ................... the app is app.asar, never a loose folder beside it
//   EnableCookieEncryption on ................ cookies are encrypted at rest with the OS keychain
//   GrantFileProtocolExtraPrivileges off ..... file:// gets no extra powers (we serve app://)
//   LoadBrowserProcessSpecificV8Snapshot off . the one V8 snapshot Electron ships
//   WasmTrapHandlers on ...................... Electron's default
// All nine are set (`strictlyRequireAllFuses`) so an upgrade that adds one fails the build
// here instead of shipping with an unconsidered default.
import { join } from "node:path";
import { FuseV1Options, FuseVersion, flipFuses } from "@electron/fuses";

/** The fuse wire June Studio ships with. */
export const STUDIO_FUSES = {
  version: FuseVersion.V1,
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
};

/**
 * The Electron binary (or macOS bundle) electron-builder just packed, from its afterPack context.
 *
 * @param {{ appOutDir: string; electronPlatformName: string; packager: { appInfo: { productFilename: string }; executableName?: string } }} context
 */
export function packedElectronPath(context) {
  const { appOutDir, electronPlatformName, packager } = context;
  switch (electronPlatformName) {
    case "darwin":
    case "mas":
      return join(appOutDir, `${packager.appInfo.productFilename}.app`);
    case "win32":
      return join(appOutDir, `${packager.appInfo.productFilename}.exe`);
    case "linux":
      return join(appOutDir, packager.executableName ?? packager.appInfo.productFilename);
    default:
      throw new Error(`fuses: don't know where the Electron binary is for platform "${electronPlatformName}".`);
  }
}

/** The hook electron-builder calls (`afterPack: ./electron/build/fuses.mjs`). */
export default async function afterPack(context) {
  const electron = packedElectronPath(context);
  // An unsigned arm64 macOS binary must be ad-hoc re-signed after its bytes change, or it won't start.
  const resetAdHocDarwinSignature = context.electronPlatformName === "darwin" && context.arch === 3; // builder-util Arch.arm64
  await flipFuses(electron, { ...STUDIO_FUSES, resetAdHocDarwinSignature });
  console.log(`  • fuses flipped  file=${electron}`);
}
