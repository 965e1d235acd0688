// Types of build.mjs (run by `npm run build -w electron`; tests import it too).
import type { BuildOptions, BuildResult, Plugin } from "esbuild";

export declare const DIST_DIR: string;
export declare function importMetaPlugin(outDir: string): Plugin;
export declare function mainBuildOptions(outDir?: string): BuildOptions & { metafile: true };
export declare function preloadBuildOptions(outDir?: string): BuildOptions & { metafile: true };
export declare function build(outDir?: string): Promise<{ main: BuildResult<{ metafile: true }>; preload: BuildResult<{ metafile: true }> }>;
