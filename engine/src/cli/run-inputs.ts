// What `june run` feeds a run besides the workflow: the --input props and the --script
// responses. Both are checked here so a typo is a CliError naming the flag, before anything runs.
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import type { ScriptedResponse } from "../sdk/scripted.ts";
import { CliError } from "./cli-error.ts";

const INPUT_EXAMPLE = `--input '{"topic":"Suspense"}'`;
const SCRIPT_EXAMPLE = `[{"toolCalls":[{"toolName":"search","input":{"query":"x"}}]},{"text":"Done."}]`;

/**
 * The props for the workflow's default export: `{}` without --input, else the JSON object given.
 *
 * @example
 * parseInputProps('{"topic":"Suspense"}'); // { topic: "Suspense" }
 */
export function parseInputProps(text: string | undefined): Record<string, unknown> {
  if (text === undefined) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new CliError(
      "JUNE_CLI_USAGE",
      `june run: --input is not valid JSON (${(error as Error).message}). Pass the props of the workflow's default export ` +
        `as one JSON object, quoted for your shell, e.g. ${INPUT_EXAMPLE}.`,
      { cause: error },
    );
  }
  if (!isPlainObject(value)) {
    throw new CliError(
      "JUNE_CLI_USAGE",
      `june run: --input must be a JSON object (the props of the workflow's default export), not ${kindOf(value)}, ` +
        `e.g. ${INPUT_EXAMPLE}.`,
    );
  }
  return value;
}

/**
 * The scripted responses in the --script file, checked entry by entry.
 *
 * @example
 * const responses = await readScript("test/spec-examples/release.script.json");
 * run(element, { modelOverride: scripted(responses) });
 */
export async function readScript(file: string): Promise<ScriptedResponse[]> {
  const path = resolve(file);
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === "ENOENT";
    throw new CliError(
      "JUNE_CLI_USAGE",
      `june run: can't read the --script file ${path}${missing ? ": there is no such file" : `: ${(error as Error).message}`}. ` +
        `Pass a JSON file holding an array of scripted model responses, e.g. ${SCRIPT_EXAMPLE}.`,
      { cause: error },
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new CliError(
      "JUNE_CLI_USAGE",
      `june run: the --script file ${path} is not valid JSON (${(error as Error).message}). Fix it so it holds an array ` +
        `of scripted model responses, e.g. ${SCRIPT_EXAMPLE}.`,
      { cause: error },
    );
  }
  if (!Array.isArray(value)) {
    throw new CliError(
      "JUNE_CLI_USAGE",
      `june run: the --script file ${path} holds ${kindOf(value)}; it must hold an array of scripted model responses, ` +
        `one per model call, e.g. ${SCRIPT_EXAMPLE}.`,
    );
  }
  value.forEach((entry, index) => {
    const problem = responseProblem(entry);
    if (problem !== undefined) {
      throw new CliError(
        "JUNE_CLI_USAGE",
        `june run: response ${index + 1} in the --script file ${path} ${problem}. Each response is ` +
          `{ "text"?: string, "toolCalls"?: [{ "toolName": string, "input"?: any }], "reasoning"?: string, "usage"?: {…} }.`,
      );
    }
  });
  return value as ScriptedResponse[];
}

/** Why `entry` is not a ScriptedResponse, or undefined when it is one. */
function responseProblem(entry: unknown): string | undefined {
  if (!isPlainObject(entry)) return `is ${kindOf(entry)}, not an object`;
  const known = new Set(["text", "toolCalls", "reasoning", "usage"]);
  const unknown = Object.keys(entry).filter((key) => !known.has(key));
  if (unknown.length) return `has ${unknown.map((key) => `"${key}"`).join(", ")}, which a response doesn't take`;
  if (entry.text !== undefined && typeof entry.text !== "string") return `has a "text" that is ${kindOf(entry.text)}, not a string`;
  if (entry.reasoning !== undefined && typeof entry.reasoning !== "string") return `has a "reasoning" that is not a string`;
  if (entry.usage !== undefined && !isPlainObject(entry.usage)) return `has a "usage" that is not an object`;
  if (entry.toolCalls !== undefined) {
    if (!Array.isArray(entry.toolCalls)) return `has "toolCalls" that is not an array`;
    const bad = entry.toolCalls.findIndex((call) => !isPlainObject(call) || typeof call.toolName !== "string");
    if (bad >= 0) return `has a tool call (number ${bad + 1}) without a "toolName" string`;
  }
  return undefined;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function kindOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "object") return "an object";
  return `the ${typeof value} ${JSON.stringify(value)}`;
}
