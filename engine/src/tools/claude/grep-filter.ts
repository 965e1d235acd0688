// Which files a Grep searches: its `glob` (ripgrep semantics: a glob without "/" matches file
// names at any depth) and its `type` (ripgrep's common file types, by extension).
import { builtinError } from "./file-errors.ts";
import { compileGlob } from "./glob-pattern.ts";

// A subset of `rg --type-list`: the types a model is likely to ask for.
const FILE_TYPES: Record<string, readonly string[]> = {
  c: ["c", "h"],
  cpp: ["cpp", "cc", "cxx", "c++", "hpp", "hh", "hxx", "h"],
  cs: ["cs"],
  css: ["css", "scss", "sass", "less"],
  go: ["go"],
  html: ["html", "htm"],
  java: ["java"],
  js: ["js", "mjs", "cjs", "jsx"],
  json: ["json", "jsonc", "json5"],
  kotlin: ["kt", "kts"],
  lua: ["lua"],
  md: ["md", "markdown", "mdx"],
  markdown: ["md", "markdown", "mdx"],
  php: ["php"],
  py: ["py", "pyi"],
  python: ["py", "pyi"],
  rb: ["rb"],
  ruby: ["rb"],
  rust: ["rs"],
  scala: ["scala"],
  sh: ["sh", "bash", "zsh"],
  sql: ["sql"],
  svelte: ["svelte"],
  swift: ["swift"],
  toml: ["toml"],
  ts: ["ts", "mts", "cts", "tsx"],
  typescript: ["ts", "mts", "cts", "tsx"],
  vue: ["vue"],
  xml: ["xml"],
  yaml: ["yaml", "yml"],
};

/** The file types Grep's `type` knows. */
export const GREP_FILE_TYPES: readonly string[] = Object.keys(FILE_TYPES);

/**
 * A test on a file's path relative to the search folder ("/"-separated) that passes the files
 * `glob` and `type` allow. Throws `JUNE_BUILTIN_FAILED` for an unknown type or a bad glob.
 *
 * @example
 * const accepts = grepFileFilter({ glob: "*.ts" });
 * accepts("src/deep/a.ts"); // true: no "/" in the glob, so any depth
 */
export function grepFileFilter(options: { glob?: string; type?: string }): (relative: string) => boolean {
  const tests: Array<(relative: string) => boolean> = [];
  if (options.glob !== undefined && options.glob !== "") {
    const pattern = options.glob.startsWith("/") ? options.glob.slice(1) : options.glob;
    const matcher = compileGlob(pattern);
    const byName = !pattern.includes("/");
    tests.push((relative) => matcher.test(byName ? relative.slice(relative.lastIndexOf("/") + 1) : relative));
  }
  if (options.type !== undefined && options.type !== "") {
    const extensions = FILE_TYPES[options.type.toLowerCase()];
    if (!extensions) {
      throw builtinError(`june: Grep does not know the file type ${options.type}; use one of ${GREP_FILE_TYPES.join(", ")}, or a glob such as "*.ext"`);
    }
    tests.push((relative) => extensions.includes(relative.slice(relative.lastIndexOf(".") + 1).toLowerCase()));
  }
  return (relative) => tests.every((test) => test(relative));
}
