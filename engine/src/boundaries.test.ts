// The engine's boundaries, enforced: it never imports Electron, React DOM or the renderer, and a
// folder is entered only through its index.ts (its stated public surface).
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { describe, expect, it } from "vitest";

const root = new URL(".", import.meta.url).pathname;
// Files the package exports (june/jsx-runtime, june/sdk/openai, …) are public entries too.
const exported = new Set(
  Object.values(JSON.parse(readFileSync(join(root, "..", "package.json"), "utf8")).exports as Record<string, string>)
    .filter((target) => target.startsWith("./src/"))
    .map((target) => target.slice("./src/".length)),
);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "fixtures" ? [] : sources(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test(-support)?\.tsx?$/.test(name) ? [path] : [];
  });
}

function imports(file: string): string[] {
  const text = readFileSync(file, "utf8");
  return [...text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+"([^"]+)"/g), ...text.matchAll(/import\(\s*"([^"]+)"\s*\)/g)].map((m) => m[1]!);
}

describe("engine boundaries", () => {
  const files = sources(root);

  it("finds the engine's sources", () => {
    expect(files.length).toBeGreaterThan(30);
  });

  it("never imports electron, react, react-dom or the renderer", () => {
    const bad = files.flatMap((file) =>
      imports(file)
        .filter((spec) => /^(electron|react|react-dom)(\/|$)/.test(spec) || spec.includes("renderer/"))
        .map((spec) => `${relative(root, file)} imports ${spec}`),
    );
    expect(bad).toEqual([]);
  });

  it("enters another folder only through its index.ts or a file the package exports", () => {
    const bad = files.flatMap((file) => {
      const folder = relative(root, file).split(sep)[0];
      return imports(file)
        .filter((spec) => spec.startsWith("."))
        .filter((spec) => {
          const target = relative(root, join(file, "..", spec));
          const [targetFolder, ...rest] = target.split(sep);
          return targetFolder !== folder && rest.length > 0 && rest.join("/") !== "index.ts" && !exported.has(target.split(sep).join("/"));
        })
        .map((spec) => `${relative(root, file)} imports ${spec}`);
    });
    expect(bad).toEqual([]);
  });
});
