// Bundles June Studio's Electron main process and preload with esbuild:
//   src/main/main.ts       → dist/main.cjs    (the StudioService and the whole engine inside)
//   src/preload/preload.ts → dist/preload.cjs (sandboxed: one file requiring only "electron")
// Run with `npm run build -w electron`.
//
// Two things esbuild can't take into a CommonJS bundle as they are:
// - `esbuild` itself (the engine bundles user workflows with it at run time): its JS finds its
//   native binary next to its own files, so it stays external and resolves from node_modules.
// - `import.meta`: the engine locates itself with `new URL("../../", import.meta.url)` (and
//   hands user workflows `june` as file URLs of its sources). Each file's `import.meta.url`,
//   `.filename` and `.dirname` become that file's own location, computed at run time from the
//   bundle's `__dirname`, so they hold wherever the app is installed; inside a packaged app
//   they name the real-disk copy in `app.asar.unpacked` when there is one (see electron-builder.yml).
import { readFile, rm } from "node:fs/promises";
import { dirname, extname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";

const ELECTRON_DIR = resolve(dirname(fileURLToPath(import.meta.url)), "..");
export const DIST_DIR = join(ELECTRON_DIR, "dist");

const LOADERS = { ".ts": "ts", ".mts": "ts", ".cts": "ts", ".tsx": "tsx", ".js": "js", ".mjs": "js", ".cjs": "js", ".jsx": "jsx" };
// `import.meta.url` as code, not inside a string (the engine's own esbuild `define` keys are strings).
const IMPORT_META = /(?<![\w$."'`])import\.meta\.(url|filename|dirname)\b/g;

/** The helper every rewritten `import.meta` calls: a source file's path, from the bundle's folder. */
const SOURCE_FILE_HELPER = [
  `var __juneSourceFile = (fromBundle) => {`,
  `  const path = require("node:path").join(__dirname, fromBundle);`,
  `  const unpacked = path.replace(/([\\\\/])app\\.asar([\\\\/])/, "$1app.asar.unpacked$2");`,
  `  return unpacked !== path && require("node:fs").existsSync(unpacked) ? unpacked : path;`,
  `};`,
].join("\n");

/** esbuild plugin: rewrites each file's `import.meta.*` to its own location (see the header). */
export function importMetaPlugin(outDir) {
  return {
    name: "june-import-meta",
    setup(build) {
      build.onLoad({ filter: /\.[cm]?[jt]sx?$/ }, async (args) => {
        const loader = LOADERS[extname(args.path)];
        if (loader === undefined || args.namespace !== "file") return undefined;
        const source = await readFile(args.path, "utf8");
        if (!source.includes("import.meta")) return undefined;
        const fromBundle = JSON.stringify(relative(outDir, args.path).split(sep).join("/"));
        const contents = source.replace(IMPORT_META, (_match, property) => {
          if (property === "filename") return `__juneSourceFile(${fromBundle})`;
          if (property === "dirname") return `require("node:path").dirname(__juneSourceFile(${fromBundle}))`;
          return `require("node:url").pathToFileURL(__juneSourceFile(${fromBundle})).href`;
        });
        return { contents, loader, resolveDir: dirname(args.path) };
      });
    },
  };
}

/** The options both bundles share. */
const COMMON = {
  bundle: true,
  platform: "node",
  format: "cjs",
  target: "node22",
  sourcemap: true,
  legalComments: "none",
  logLevel: "warning",
  absWorkingDir: ELECTRON_DIR,
};

/** The main process's build options. */
export function mainBuildOptions(outDir = DIST_DIR) {
  return {
    ...COMMON,
    entryPoints: [join(ELECTRON_DIR, "src/main/main.ts")],
    outfile: join(outDir, "main.cjs"),
    external: ["electron", "esbuild"],
    banner: { js: SOURCE_FILE_HELPER },
    plugins: [importMetaPlugin(outDir)],
    metafile: true,
  };
}

/** The preload's build options. It may require nothing but "electron" (it runs sandboxed). */
export function preloadBuildOptions(outDir = DIST_DIR) {
  return {
    ...COMMON,
    entryPoints: [join(ELECTRON_DIR, "src/preload/preload.ts")],
    outfile: join(outDir, "preload.cjs"),
    external: ["electron"],
    metafile: true,
  };
}

/** Builds both bundles into `outDir` (emptied first). */
export async function build(outDir = DIST_DIR) {
  await rm(outDir, { recursive: true, force: true });
  const [main, preload] = await Promise.all([esbuild.build(mainBuildOptions(outDir)), esbuild.build(preloadBuildOptions(outDir))]);
  const externals = Object.values(preload.metafile.outputs).flatMap((output) => output.imports.filter((imported) => imported.external).map((imported) => imported.path));
  const stray = externals.filter((path) => path !== "electron");
  if (stray.length > 0) throw new Error(`build: the preload runs sandboxed and may require only "electron", but it requires ${stray.join(", ")}.`);
  return { main, preload };
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  await build();
  console.log(`electron: built ${relative(process.cwd(), join(DIST_DIR, "main.cjs"))} and preload.cjs in ${Math.round(performance.now() - started)} ms`);
}
