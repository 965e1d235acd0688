// Types of fuses.mjs (a plain ES module electron-builder loads as its afterPack hook).
import type { FuseV1Config } from "@electron/fuses";

export declare const STUDIO_FUSES: FuseV1Config & { strictlyRequireAllFuses: true };

export interface AfterPackContext {
  appOutDir: string;
  electronPlatformName: string;
  /** builder-util's Arch enum: 0 ia32, 1 x64, 2 armv7l, 3 arm64, 4 universal. */
  arch: number;
  packager: { appInfo: { productFilename: string }; executableName?: string };
}

export declare function packedElectronPath(context: Pick<AfterPackContext, "appOutDir" | "electronPlatformName" | "packager">): string;

export default function afterPack(context: AfterPackContext): Promise<void>;
