// Turning what goes wrong while loading a workflow into JUNE_LOAD_FAILED errors a user can act on:
// esbuild's messages become `file:line:column: text` plus what to do, and an exception thrown
// while the bundle evaluates is traced back (through the bundle's source map) to the user's line.
import { SourceMap, type SourceMapPayload } from "node:module";
import { isAbsolute, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Message } from "esbuild";
import { JuneError, type SourceLocation } from "../errors/index.ts";
import { thrownDetail, thrownStack } from "./thrown.ts";

/** Only the first few problems are listed; the first one is usually the cause of the rest. */
const MAX_LISTED = 5;

/** True for the error `esbuild.build` rejects with when the code has problems. */
export function isBuildFailure(error: unknown): error is Error & { errors: Message[] } {
  return error instanceof Error && Array.isArray((error as { errors?: unknown }).errors);
}

/**
 * A failed bundle as JUNE_LOAD_FAILED: names the workflow, each problem at `file:line:column`
 * (absolute path, 1-based column), and a hint for imports that don't resolve.
 */
export function bundleFailure(file: string, workingDir: string, messages: readonly Message[]): JuneError {
  const first = messages[0];
  const source = first ? locate(first, workingDir) : undefined;
  const lines = messages.slice(0, MAX_LISTED).map((message) => describeMessage(message, workingDir));
  if (messages.length > MAX_LISTED) lines.push(`…and ${messages.length - MAX_LISTED} more`);
  const hint = first ? resolutionHint(first.text, workingDir) : undefined;
  const message = [`june: can't load the workflow ${file}:`, ...lines.map((line) => `  ${line}`), ...(hint ? [hint] : [])].join("\n");
  return new JuneError("JUNE_LOAD_FAILED", message, source ? { source } : undefined);
}

/** Where an esbuild message points, as an absolute path and a 1-based character column. */
export function locate(message: Message, workingDir: string): SourceLocation | undefined {
  const location = message.location;
  if (!location) return undefined;
  // Files are named relative to the build's working folder; plugin namespaces keep their own names.
  const inFile = location.namespace === "file" || location.namespace === "";
  const file = inFile && !isAbsolute(location.file) ? resolve(workingDir, location.file) : location.file;
  // esbuild counts columns in bytes from 0; editors count characters from 1.
  const column = Buffer.from(location.lineText).subarray(0, location.column).toString("utf8").length + 1;
  return { file, line: location.line, column };
}

/** One esbuild message as `file:line:column: text; notes`, with the offending line under it. */
export function describeMessage(message: Message, workingDir: string): string {
  const where = locate(message, workingDir);
  const prefix = where ? `${where.file}:${where.line}:${where.column}: ` : "";
  // esbuild's own notes suggest build flags ("mark it as external") a studio user can't set.
  const notes = message.notes.map((note) => note.text).filter((text) => !/external|--/.test(text));
  const snippet = message.location?.lineText.trim();
  return `${prefix}${[message.text, ...notes].join("; ")}${snippet ? `\n      ${snippet}` : ""}`;
}

/** What to do about an import that doesn't resolve: install the package, or fix the path. */
function resolutionHint(text: string, workingDir: string): string | undefined {
  const specifier = /^Could not resolve "([^"]+)"/.exec(text)?.[1];
  if (specifier === undefined) return undefined;
  if (specifier.startsWith(".") || isAbsolute(specifier)) return `Check the path "${specifier}": there is no such file.`;
  const name = packageName(specifier);
  return `Install "${name}" for this workflow (npm install ${name} in ${workingDir}), or fix the import.`;
}

/** `@scope/pkg/sub` → `@scope/pkg`, `pkg/sub` → `pkg`. */
function packageName(specifier: string): string {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]!;
}

/** What the bundle knows that an evaluation error needs. */
export interface EvaluationContext {
  /** The URL the bundle was imported from (without the cache-busting query). */
  bundleUrl: string;
  map: SourceMapPayload;
  /** The files the bundle was built from, absolute: a stack already mapped names these. */
  inputs: readonly string[];
  /** Engine entry URL → the `june…` specifier the user wrote, to keep engine paths out of messages. */
  aliases: ReadonlyMap<string, string>;
}

/**
 * An exception thrown while the bundle evaluated (or linked) as JUNE_LOAD_FAILED, naming the
 * workflow and, when the stack reaches the user's code, the original file and line.
 */
export function evaluationFailure(file: string, error: unknown, context: EvaluationContext): JuneError {
  const source = throwSite(error, context);
  let detail = thrownDetail(error);
  for (const [url, specifier] of context.aliases) detail = detail.split(url).join(specifier);
  const where = source ? ` at ${source.file}:${source.line}:${source.column}` : "";
  return new JuneError("JUNE_LOAD_FAILED", `june: the workflow ${file} threw while loading${where}: ${detail}`, {
    cause: error,
    ...(source ? { source } : {}),
  });
}

/**
 * Where the user's code threw: the first stack frame in a file they wrote (not node_modules),
 * else the first frame in the bundle at all. Frames in the bundle are mapped back through its
 * source map; a host that already maps stacks (source maps enabled, a test runner) names the
 * original file, which is taken as is.
 */
function throwSite(error: unknown, context: EvaluationContext): SourceLocation | undefined {
  const stack = thrownStack(error);
  if (!stack) return undefined;
  let map: SourceMap | undefined;
  const lookup = (line: number, column: number) => (map ??= new SourceMap(context.map)).findOrigin(line, column);
  const sites = stack
    .split("\n")
    .filter((line) => /^\s+at /.test(line))
    .map((frame) => frameSite(frame, context, lookup))
    .filter((site): site is SourceLocation => site !== undefined);
  return sites.find((site) => !/[\\/]node_modules[\\/]/.test(site.file)) ?? sites[0];
}

type Lookup = (line: number, column: number) => ReturnType<SourceMap["findOrigin"]>;

function frameSite(frame: string, context: EvaluationContext, lookup: Lookup): SourceLocation | undefined {
  const inBundle = new RegExp(`${escape(context.bundleUrl)}(?:\\?[^:\\s)]*)?:(\\d+):(\\d+)`).exec(frame);
  if (inBundle) {
    const origin = lookup(Number(inBundle[1]), Number(inBundle[2]));
    if (!("fileName" in origin)) return undefined;
    const file = origin.fileName.startsWith("file:") ? fileURLToPath(origin.fileName) : origin.fileName;
    return { file, line: origin.lineNumber, column: origin.columnNumber };
  }
  for (const input of context.inputs) {
    const mapped = new RegExp(`${escape(input)}:(\\d+):(\\d+)`).exec(frame);
    if (mapped) return { file: input, line: Number(mapped[1]), column: Number(mapped[2]) };
  }
  return undefined;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
