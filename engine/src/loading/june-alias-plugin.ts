// The esbuild plugin that ties a user's bundle to the engine already running: `june` and
// `june/*` stay external, rewritten to the engine's own file URLs, so the bundle shares the
// process's module instances (one `Agent`, one element marker) instead of bundling a copy.
import type { Plugin } from "esbuild";

const JUNE = /^june(?:\/|$)/;
const DEV_RUNTIME = "june/jsx-dev-runtime";
const SHIM_NAMESPACE = "june-jsx-dev";

/**
 * Aliases `june` and `june/*` to `entries` (specifier → file URL). A specifier the engine doesn't
 * export fails the build at the import, listing the ones it does.
 *
 * @example
 * await esbuild.build({ ..., plugins: [juneAliasPlugin(await juneEntryUrls(), "/home/me/flows")] });
 */
export function juneAliasPlugin(entries: ReadonlyMap<string, string>, workingDir: string): Plugin {
  return {
    name: "june-alias",
    setup(build) {
      build.onResolve({ filter: JUNE }, (args) => {
        // The JSX the user wrote goes through the shim; the shim's own import is the real runtime.
        if (args.path === DEV_RUNTIME && args.namespace !== SHIM_NAMESPACE) return { path: DEV_RUNTIME, namespace: SHIM_NAMESPACE };
        const url = entries.get(args.path);
        if (url !== undefined) return { path: url, external: true };
        return {
          errors: [
            {
              text: `"${args.path}" is not part of June`,
              notes: [{ text: `June provides ${[...entries.keys()].map((s) => `"${s}"`).join(", ")}.` }],
            },
          ],
        };
      });
      build.onLoad({ filter: /.*/, namespace: SHIM_NAMESPACE }, () => ({ contents: devRuntimeShim(workingDir), loader: "js" }));
    },
  };
}

/**
 * esbuild's `jsxDEV` calls name the file relative to the build's working folder; the studio and
 * error messages need the absolute path, so this stand-in resolves it before the real runtime
 * sees it. The automatic runtime only imports `jsxDEV` and `Fragment` from here.
 */
function devRuntimeShim(workingDir: string): string {
  return [
    `import { isAbsolute, resolve } from "node:path";`,
    `import { jsxDEV as engineJsxDEV } from ${JSON.stringify(DEV_RUNTIME)};`,
    `export { Fragment } from ${JSON.stringify(DEV_RUNTIME)};`,
    `const base = ${JSON.stringify(workingDir)};`,
    `export function jsxDEV(type, props, key, isStaticChildren, source, self) {`,
    `  const located = source && typeof source.fileName === "string" && !isAbsolute(source.fileName)`,
    `    ? { ...source, fileName: resolve(base, source.fileName) }`,
    `    : source;`,
    `  return engineJsxDEV(type, props, key, isStaticChildren, located, self);`,
    `}`,
  ].join("\n");
}
