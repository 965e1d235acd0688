// Loads a user's workflow into the running process: bundle it, write the bundle to a temp .mjs
// (Node imports modules from URLs, not strings), import it, delete the file, hand back the exports.
import { randomUUID } from "node:crypto";
import { rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { pathToFileURL } from "node:url";
import { bundleWorkflow, type BundleOptions, type WorkflowBundle } from "./bundle-workflow.ts";
import { evaluationFailure } from "./load-error.ts";

/** A workflow module, evaluated. */
export interface LoadedWorkflow {
  /** Every export of the module, by name (`default` included when there is one). */
  exports: Record<string, unknown>;
  /** The default export: normally a component returning `<Agent>` elements. */
  default?: unknown;
  /** The workflow's absolute, symlink-free path. */
  file: string;
}

/**
 * Bundles and imports the workflow at `file`. The module is evaluated afresh on every call, so a
 * saved edit shows up on the next load. Fails with JUNE_LOAD_FAILED when the file can't be
 * bundled (message and `error.source` at the problem) or throws while it evaluates.
 *
 * @example
 * const workflow = await loadWorkflow("flows/triage.tsx");
 * const tree = await inspect(jsx(workflow.default as Component, {}));
 */
export async function loadWorkflow(file: string, options: BundleOptions = {}): Promise<LoadedWorkflow> {
  return importBundle(await bundleWorkflow(file, options));
}

/**
 * Imports a workflow bundled earlier (by bundleWorkflow, maybe in another thread: the isolate's
 * workers import what the host bundled, so esbuild runs once per file, not once per worker).
 * `onImport` learns the URL the module is imported from before it evaluates.
 */
export async function importBundle(bundle: WorkflowBundle, onImport?: (url: string) => void): Promise<LoadedWorkflow> {
  const path = join(tmpdir(), `june-${basename(bundle.file).replace(/[^\w.-]/g, "_")}-${randomUUID()}.mjs`);
  const url = pathToFileURL(path).href;
  await writeFile(path, bundle.code, "utf8");
  onImport?.(url);
  let namespace: Record<string, unknown>;
  try {
    // The query keeps Node's module cache from ever answering with an earlier load.
    namespace = (await import(`${url}?t=${Date.now()}`)) as Record<string, unknown>;
  } catch (error) {
    const aliases = new Map(Object.entries(bundle.aliases).map(([specifier, entryUrl]) => [entryUrl, specifier]));
    throw evaluationFailure(bundle.file, error, { bundleUrl: url, map: bundle.map, inputs: bundle.inputs, aliases });
  } finally {
    await rm(path, { force: true });
  }
  const exports = { ...namespace };
  return { exports, ...("default" in exports ? { default: exports.default } : {}), file: bundle.file };
}
