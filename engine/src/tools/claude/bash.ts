// Claude Code's Bash, on June's bashTool: the model's `{ command, timeout, description }` runs in
// the project folder, in bashTool's sandbox, with its allow-listed environment and capped output;
// the model's timeout is honoured up to a cap. The call's result stays bashTool's structured one
// (exit code, stdout, stderr, …), which the trace keeps and the studio shows; the model reads it
// as Claude Code's Bash gives it (bashModelText): the output as text, and a failure as an error
// that starts "Exit code N".
import { constants } from "node:os";
import { tool } from "ai";
import type { ExecutableTool, Tool, ToolResultOutput } from "@ai-sdk/provider-utils";
import { z } from "zod";
import { JuneError } from "../../errors/index.ts";
import { approvalUnder, decideSandbox, describeSandbox } from "../../sandbox/index.ts";
import type { SandboxDecision, SandboxSettings } from "../../sandbox/index.ts";
import { bashTool } from "../bash.ts";
import type { BashToolOptions } from "../bash.ts";
import { markBuiltin } from "../builtin.ts";
import type { BashResult } from "../run-bash.ts";
import { STUDIO_DATA_FOLDER } from "./confine.ts";

/** Options for the Claude Code Bash tool (`claudeBuiltins({ bash })`). */
export interface ClaudeBashOptions {
  /** Milliseconds a command may run when the model gives no timeout; default 120000, as in Claude Code. */
  timeout?: number;
  /** The most milliseconds a model's `timeout` can ask for; default 600000, as in Claude Code. */
  maxTimeout?: number;
  /** Extra variables for the command; they win over host variables of the same name. */
  env?: BashToolOptions["env"];
  /** Host variables passed through; default bashTool's allow-list. */
  allowEnv?: BashToolOptions["allowEnv"];
  /** Characters kept per stream (stdout, stderr); default bashTool's. */
  maxOutput?: BashToolOptions["maxOutput"];
  /**
   * The sandbox commands run in, as in Claude Code's settings.json `sandbox`; default on, with
   * no network and only the project folder writable. Relative paths start at the project folder.
   * The studio's run records (`.june/`) are always among `filesystem.denyRead`.
   */
  sandbox?: SandboxSettings;
}

/** What the model sends to Bash. */
export interface ClaudeBashInput {
  command: string;
  timeout?: number;
  description?: string;
  /** Claude Code's background shells; June has none (BashOutput/KillShell), so `true` is refused. */
  run_in_background?: boolean;
}

/** The Bash tool. */
export type ClaudeBashTool = ExecutableTool<Tool<ClaudeBashInput, BashResult>>;

const DEFAULT_TIMEOUT_MS = 120_000;
const DEFAULT_MAX_TIMEOUT_MS = 600_000;

/** Characters of each stream the model reads, as Claude Code's default `BASH_MAX_OUTPUT_LENGTH`; the trace keeps up to `maxOutput`. */
export const BASH_MODEL_MAX_CHARS = 30_000;

const bashInputSchema = z.object({
  command: z.string().min(1).describe("The bash command to run."),
  timeout: z
    .number()
    .positive()
    .optional()
    .describe("Milliseconds before the command is stopped (optional); values above the maximum are lowered to it."),
  description: z
    .string()
    .optional()
    .describe('A clear, concise description of what the command does in 5-10 words, e.g. "Run the unit tests".'),
  run_in_background: z
    .boolean()
    .optional()
    .describe("Not supported here: every command runs in the foreground until it ends or its timeout. Leave it unset."),
});

/**
 * Bash, running in `root`.
 *
 * @example
 * await claudeBashTool("/work/app", false, { maxTimeout: 60_000 }).execute({ command: "npm test", timeout: 30_000 }, options);
 */
export function claudeBashTool(root: string, needsApproval: boolean, options: ClaudeBashOptions = {}): ClaudeBashTool {
  const maxTimeout = options.maxTimeout ?? DEFAULT_MAX_TIMEOUT_MS;
  const shared: BashToolOptions = { cwd: root, needsApproval: false };
  if (options.env) shared.env = options.env;
  if (options.allowEnv) shared.allowEnv = options.allowEnv;
  if (options.maxOutput !== undefined) shared.maxOutput = options.maxOutput;
  const settings = withoutStudioData(options.sandbox);
  shared.sandbox = settings;
  // Built once now so bad options fail at creation, with bashTool's messages.
  bashTool({ ...shared, timeout: maxTimeout });
  const defaultTimeout = Math.min(checkTimeout(options.timeout ?? DEFAULT_TIMEOUT_MS), maxTimeout);
  // The same decision bashTool makes for each call (the machine's answer is cached), made here
  // for what the model and the person approving are told.
  const sandbox = decideSandbox(settings, root);

  // The limit a call runs under: what the command gets, and what its result says it had.
  const limitOf = (timeout: number | undefined) => Math.min(timeout ?? defaultTimeout, maxTimeout);

  const bash = tool({
    description: describeBash(defaultTimeout, maxTimeout, sandbox),
    inputSchema: bashInputSchema,
    needsApproval: approvalUnder(sandbox, needsApproval),
    execute: ({ command, timeout, run_in_background: background }, execution) => {
      // Run in the foreground instead, a server or watcher would hold the call until its timeout.
      if (background) return Promise.reject(backgroundRefused(command));
      return bashTool({ ...shared, timeout: limitOf(timeout) }).execute({ command }, execution);
    },
    toModelOutput: ({ input, output }) => bashModelOutput(output, limitOf(input.timeout)),
  });
  return markBuiltin(bash, "Bash");
}

function backgroundRefused(command: string): JuneError {
  return new JuneError(
    "JUNE_BUILTIN_FAILED",
    `june: Bash can't run ${JSON.stringify(command.length > 80 ? `${command.slice(0, 80)}…` : command)} in the background here (there are no background shells, BashOutput or KillShell). ` +
      "Run a command that ends on its own, in the foreground (give it a timeout), or a bounded check such as `timeout 10 npm run dev`.",
  );
}

/**
 * What Claude Code's Bash gives the model for `result`: stdout then stderr, each trimmed and cut
 * at {@link BASH_MODEL_MAX_CHARS} with a note of how much was left out; after a non-zero exit or
 * a timeout, an error that starts `Exit code N` (a signal's 128 + its number) with stderr (and
 * "Command timed out after Ns") before stdout. `timeoutMs` is the limit the command ran under.
 *
 * @example
 * bashModelText({ exitCode: 0, stdout: "ok\n", stderr: "", ...rest }, 120_000); // { isError: false, text: "ok" }
 * bashModelText({ exitCode: 2, stdout: "", stderr: "no such file\n", ...rest }, 120_000); // { isError: true, text: "Exit code 2\nno such file" }
 */
export function bashModelText(result: BashResult, timeoutMs: number): { isError: boolean; text: string } {
  const stdout = streamText(result.stdout, result.droppedChars.stdout);
  const stderr = [streamText(result.stderr, result.droppedChars.stderr), result.timedOut ? `Command timed out after ${formatSeconds(timeoutMs)}` : ""]
    .filter(Boolean)
    .join("\n");
  const code = exitCodeOf(result);
  if (code !== 0 || result.timedOut) return { isError: true, text: [`Exit code ${code}`, stderr, stdout].filter(Boolean).join("\n") };
  // A tool result with no text at all is refused by some providers; Claude Code says so in words.
  return { isError: false, text: [stdout, stderr].filter(Boolean).join("\n") || "(Bash completed with no output)" };
}

function bashModelOutput(result: BashResult, timeoutMs: number): ToolResultOutput {
  const { isError, text } = bashModelText(result, timeoutMs);
  return isError ? { type: "error-text", value: text } : { type: "text", value: text };
}

// Blank lines before the output and whitespace after it carry nothing (Claude Code drops them too).
function streamText(text: string, dropped: number): string {
  const trimmed = text.replace(/^(\s*\n)+/, "").trimEnd();
  if (trimmed.length <= BASH_MODEL_MAX_CHARS && dropped === 0) return trimmed;
  const kept = trimmed.slice(0, BASH_MODEL_MAX_CHARS);
  const left = trimmed.length - kept.length + dropped;
  return `${kept}\n\n... [${left} characters truncated] ...`;
}

// A shell ended by a signal reports 128 + the signal's number, as bash itself would ($?).
function exitCodeOf(result: BashResult): number {
  if (result.exitCode !== null) return result.exitCode;
  const signal = result.signal === null ? undefined : constants.signals[result.signal as keyof typeof constants.signals];
  return signal === undefined ? 1 : 128 + signal;
}

function formatSeconds(ms: number): string {
  const seconds = ms / 1000;
  return `${Number.isInteger(seconds) ? seconds : seconds.toFixed(1)}s`;
}

// The studio's run records hold other runs' inputs and outputs (and decisions a replay trusts):
// Bash sees them no more than Read or Write do.
function withoutStudioData(settings: SandboxSettings | undefined): SandboxSettings {
  const filesystem = settings?.filesystem ?? {};
  return { ...settings, filesystem: { ...filesystem, denyRead: [...(filesystem.denyRead ?? []), STUDIO_DATA_FOLDER] } };
}

function checkTimeout(timeout: number): number {
  if (Number.isFinite(timeout) && timeout > 0) return timeout;
  throw new JuneError("JUNE_INVALID_PROPS", `june: claudeBuiltins bash.timeout must be a number of milliseconds above 0, got ${String(timeout)}`);
}

function describeBash(defaultTimeout: number, maxTimeout: number, sandbox: SandboxDecision): string {
  return [
    // The folder is not named: descriptions reach traces, and a path never should.
    "Run a bash command in the project folder and get back its output.",
    "Use it for terminal work (tests, builds, git, package managers); use Read, Glob, Grep, Edit and Write for " +
      "reading, finding and changing files instead of cat, find, grep, sed or echo.",
    "Each call starts a fresh shell in the project folder: `cd` and exported variables do not carry over, " +
      "so chain steps with && in one command. Quote paths that contain spaces.",
    "There is no input (stdin is empty) and no terminal: avoid interactive programs and pagers, " +
      "and pass flags such as --yes or --no-pager.",
    `A command is stopped after ${defaultTimeout / 1000} s, or after timeout milliseconds when given ` +
      `(at most ${maxTimeout} ms); the result then says "Command timed out". Jobs it leaves running in the background end when it exits.`,
    "You get stdout, then stderr. A command that fails gets back an error starting with its exit code (\"Exit code 1\"), then stderr, then stdout.",
    `Output past ${BASH_MODEL_MAX_CHARS} characters per stream is cut (the result says how much was left out), so filter long output (grep, tail) instead.`,
    "Give description: a few words saying what the command does, for the person approving it.",
    describeSandbox(sandbox),
  ].join("\n");
}
