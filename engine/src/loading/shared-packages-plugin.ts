// Packages a workflow imports (ai, zod, @ai-sdk/*, its own dependencies) stay out of the bundle
// when they are ES modules in a node_modules folder: the import is rewritten to the resolved
// file's URL, so Node loads each package once per process and every workflow shares it. Loading
// a workflow then costs its own code, not a fresh copy of the AI SDK (seconds → milliseconds).
// CommonJS packages are still bundled, where esbuild's interop is reliable.
import { readFileSync } from "node:fs";
import { dirname, extname, join, sep } from "node:path";
import { pathToFileURL } from "node:url";
import type { Plugin } from "esbuild";

// esbuild filters are Go regexps (no lookahead): narrow to "not relative or absolute" here.
const BARE = /^[^./]/;

export function sharedPackagesPlugin(): Plugin {
  const moduleTypes = new Map<string, boolean>();
  return {
    name: "june-shared-packages",
    setup(build) {
      build.onResolve({ filter: BARE }, async (args) => {
        if (args.pluginData?.juneShared || args.path === "june" || args.path.startsWith("june/")) return undefined;
        if (args.path.startsWith("node:") || /^[a-zA-Z]:[\\/]/.test(args.path)) return undefined;
        const resolved = await build.resolve(args.path, {
          kind: args.kind,
          resolveDir: args.resolveDir,
          importer: args.importer,
          pluginData: { juneShared: true },
        });
        if (resolved.errors.length || resolved.external || !resolved.path) return undefined;
        if (!resolved.path.includes(`${sep}node_modules${sep}`) || !isEsm(resolved.path, moduleTypes)) return undefined;
        return { path: pathToFileURL(resolved.path).href, external: true };
      });
    },
  };
}

function isEsm(file: string, cache: Map<string, boolean>): boolean {
  const ext = extname(file);
  if (ext === ".mjs") return true;
  if (ext !== ".js") return false;
  for (let dir = dirname(file); dir !== dirname(dir); dir = dirname(dir)) {
    const cached = cache.get(dir);
    if (cached !== undefined) return cached;
    try {
      const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { type?: string };
      const esm = manifest.type === "module";
      cache.set(dir, esm);
      return esm;
    } catch {
      // No package.json here: look further up.
    }
  }
  return false;
}
