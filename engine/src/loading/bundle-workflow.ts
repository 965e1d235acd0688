// Bundles a user's workflow file in memory with esbuild, the way DESIGN.md asks: June's dev JSX
// (elements carry the absolute file, line and column they were written at), `june` and `june/*`
// left external as the embedded engine's own file URLs (element identity never splits), every
// other bare import bundled from the user's folder first and the studio's node_modules second,
// Node builtins external, and an inline source map whose sources are absolute file URLs.
import { realpath } from "node:fs/promises";
import type { SourceMapPayload } from "node:module";
import { basename, dirname, extname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import * as esbuild from "esbuild";
import { JuneError } from "../errors/index.ts";
import { juneAliasPlugin } from "./june-alias-plugin.ts";
import { sharedPackagesPlugin } from "./shared-packages-plugin.ts";
import { juneEntryUrls, studioNodeModules } from "./june-entries.ts";
import { bundleFailure, describeMessage, isBuildFailure } from "./load-error.ts";
import { workflowTsconfig } from "./workflow-tsconfig.ts";

/** The file kinds a workflow can be written in. */
export const WORKFLOW_EXTENSIONS = [".tsx", ".ts", ".jsx", ".js", ".mts", ".mjs"] as const;

export interface BundleOptions {
  /**
   * Where to look for packages the workflow's own folder doesn't have, in order. Defaults to the
   * node_modules folders above the embedded engine (its own, then the studio's).
   */
  fallbackNodeModules?: string[];
}

/** One workflow bundled and ready to import. */
export interface WorkflowBundle {
  /** The workflow's absolute, symlink-free path. */
  file: string;
  /** One ESM module, with its source map inline. */
  code: string;
  /** The same source map as an object; `sources` are absolute `file://` URLs. */
  map: SourceMapPayload;
  /** Every file the bundle was built from, absolute (what to watch to know it changed). */
  inputs: string[];
  /** `june` specifier → the engine file URL it was rewritten to. */
  aliases: Record<string, string>;
  /** esbuild's warnings, each as `file:line:column: text` (absolute path) and the line it is on. */
  warnings: string[];
}

/**
 * Bundles the workflow at `file` in memory. Fails with JUNE_LOAD_FAILED when the file is missing,
 * has a syntax or type-syntax error, or imports something that doesn't resolve.
 *
 * @example
 * const bundle = await bundleWorkflow("flows/triage.tsx");
 * bundle.aliases.june; // "file:///…/engine/src/index.ts"
 * bundle.code; // `import { Agent } from "file:///…/engine/src/index.ts"; …`
 */
export async function bundleWorkflow(file: string, options: BundleOptions = {}): Promise<WorkflowBundle> {
  const entry = await workflowPath(file);
  const workingDir = dirname(entry);
  const entries = await juneEntryUrls();
  const entryUrl = pathToFileURL(entry).href;
  // Never written: it only anchors the source map's relative paths, which we make absolute below.
  const outfile = join(workingDir, `${basename(entry)}.june-bundle.mjs`);

  let result: esbuild.BuildResult<{ write: false; metafile: true }>;
  try {
    result = await esbuild.build({
      entryPoints: [entry],
      absWorkingDir: workingDir,
      outfile,
      bundle: true,
      write: false,
      metafile: true,
      platform: "node",
      format: "esm",
      target: "node22",
      jsx: "automatic",
      jsxImportSource: "june",
      jsxDev: true,
      tsconfigRaw: workflowTsconfig(workingDir),
      // Inlined by hand below, once its paths are absolute: the bundle is imported from a temp folder.
      sourcemap: "external",
      sourcesContent: true,
      nodePaths: options.fallbackNodeModules ?? studioNodeModules(),
      plugins: [juneAliasPlugin(entries, workingDir), sharedPackagesPlugin()],
      // The bundle runs from a temp file, so point "where am I" at the workflow the user wrote
      // (esbuild's define is global: bundled packages asking get the workflow's answer too).
      define: {
        "import.meta.url": JSON.stringify(entryUrl),
        "import.meta.filename": JSON.stringify(entry),
        "import.meta.dirname": JSON.stringify(workingDir),
      },
      // CommonJS dependencies `require` Node builtins; an ES module has no `require` of its own.
      banner: { js: `import { createRequire as __juneCreateRequire } from "node:module"; const require = __juneCreateRequire(${JSON.stringify(entryUrl)});` },
      logLevel: "silent",
    });
  } catch (error) {
    if (isBuildFailure(error)) throw bundleFailure(entry, workingDir, error.errors);
    throw error;
  }

  const js = result.outputFiles.find((output) => output.path.endsWith(".mjs"));
  const mapFile = result.outputFiles.find((output) => output.path.endsWith(".map"));
  if (!js || !mapFile) throw new Error(`june: esbuild produced no bundle for ${entry}`);
  const map = absoluteSources(JSON.parse(mapFile.text) as SourceMapPayload, dirname(outfile));
  const inline = Buffer.from(JSON.stringify(map)).toString("base64");
  return {
    file: entry,
    code: `${js.text}//# sourceMappingURL=data:application/json;base64,${inline}\n`,
    map,
    inputs: Object.keys(result.metafile.inputs)
      .filter((input) => !input.includes(":"))
      .map((input) => resolve(workingDir, input)),
    aliases: Object.fromEntries(entries),
    warnings: result.warnings.map((warning) => describeMessage(warning, workingDir)),
  };
}

/** The workflow's real absolute path, or JUNE_LOAD_FAILED saying why it can't be one. */
async function workflowPath(file: string): Promise<string> {
  const absolute = resolve(file);
  if (!(WORKFLOW_EXTENSIONS as readonly string[]).includes(extname(absolute))) {
    throw new JuneError(
      "JUNE_LOAD_FAILED",
      `june: ${absolute} is not a workflow file; a workflow is a ${WORKFLOW_EXTENSIONS.join(", ")} file.`,
    );
  }
  try {
    return await realpath(absolute);
  } catch (error) {
    throw new JuneError("JUNE_LOAD_FAILED", `june: there is no workflow file at ${absolute}.`, { cause: error });
  }
}

/**
 * Source map paths are relative to the bundle, and the bundle is imported from elsewhere: name
 * real files by absolute URL and drop their contents (they are on disk; embedding them would
 * triple the bundle), keeping contents only for plugin modules that exist nowhere else.
 */
function absoluteSources(map: SourceMapPayload, bundleDir: string): SourceMapPayload {
  const virtual = (source: string) => source.includes(":");
  const sources = map.sources.map((source) => (virtual(source) ? source : pathToFileURL(resolve(bundleDir, source)).href));
  const contents = map.sources.map((source, index) => (virtual(source) ? (map.sourcesContent?.[index] ?? null) : null));
  return { ...map, sources, sourcesContent: contents as string[], sourceRoot: "" };
}
