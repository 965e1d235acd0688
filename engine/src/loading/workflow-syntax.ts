// Which files are workflows, by their module syntax rather than their text: a file is a workflow
// when its real top-level module syntax (esbuild parses it to plain JS, es-module-lexer reads the
// import and export statements) imports from "june" or "june/*" and has a default export. Words in a
// string, a template or a comment never count. Nothing here runs the file.
import { init, parse } from "es-module-lexer";
import { transform, type Loader } from "esbuild";

/** What the syntax says of a file: a workflow or not, or that it doesn't parse (it can't run either). */
export type WorkflowSyntax = "workflow" | "not-a-workflow" | "unparsed";

const LOADERS: Record<string, Loader> = { tsx: "tsx", jsx: "jsx", ts: "ts", mts: "ts", js: "js", mjs: "js" };

/**
 * Reads a script's top-level module syntax.
 *
 * @example
 * await workflowSyntax('import { Agent } from "june";\nexport default () => <Agent />;', "a.tsx"); // "workflow"
 * await workflowSyntax('const doc = `from "june" … export default`;', "b.ts"); // "not-a-workflow"
 */
export async function workflowSyntax(text: string, file: string): Promise<WorkflowSyntax> {
  // A fast refusal only: a workflow's source must contain both words somewhere.
  if (!text.includes("june") || !text.includes("default")) return "not-a-workflow";
  let code: string;
  try {
    // `jsx: "transform"` adds no import of its own (the automatic runtime would import june/jsx-runtime);
    // verbatimModuleSyntax keeps a value import TypeScript would drop as unused (a workflow that
    // renders nothing still imports June), while `import type` still goes.
    code = (
      await transform(text, {
        loader: LOADERS[extension(file)] ?? "tsx",
        jsx: "transform",
        tsconfigRaw: { compilerOptions: { verbatimModuleSyntax: true } },
        sourcefile: file,
        logLevel: "silent",
      })
    ).code;
  } catch {
    return "unparsed";
  }
  await init;
  let imports, exports;
  try {
    [imports, exports] = parse(code, file);
  } catch {
    return "unparsed";
  }
  // Static imports and `export … from` (re-exports are static imports to the lexer); not import().
  const importsJune = imports.some((i) => i.d === -1 && i.n !== undefined && (i.n === "june" || i.n.startsWith("june/")));
  const exportsDefault = exports.some((e) => e.n === "default");
  return importsJune && exportsDefault ? "workflow" : "not-a-workflow";
}

/**
 * The old text test, kept for files that don't parse: they are listed when their text (comments
 * aside) imports June and exports a default, so their syntax error shows as a problem with its
 * line; bundling fails before any of it could run.
 */
export function looksLikeWorkflow(text: string): boolean {
  // Line comments first: a `/*` inside one (`docs/*.md`) opens no block comment.
  const code = text.replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1").replace(/\/\*[\s\S]*?\*\//g, "");
  return /from\s+["']june(\/[^"']*)?["']/.test(code) && /export\s+default/.test(code);
}

function extension(file: string): string {
  return file.slice(file.lastIndexOf(".") + 1);
}
