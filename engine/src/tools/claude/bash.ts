// Claude Code's Bash, on June's bashTool: the model's `{ command, timeout, description }` runs in
// the project folder, in bashTool's sandbox, with its allow-listed environment and capped output;
// the model's timeout is honoured up to a cap.
import { tool } from "ai";
import type { ExecutableTool, Tool } from "@ai-sdk/provider-utils";
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
}

/** The Bash tool. */
export type ClaudeBashTool = ExecutableTool<Tool<ClaudeBashInput, BashResult>>;

const DEFAULT_TIMEOUT_MS = 120_000;
const DEFAULT_MAX_TIMEOUT_MS = 600_000;

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

  const bash = tool({
    description: describeBash(defaultTimeout, maxTimeout, sandbox),
    inputSchema: bashInputSchema,
    needsApproval: approvalUnder(sandbox, needsApproval),
    execute: ({ command, timeout }, execution) => {
      const limit = Math.min(timeout ?? defaultTimeout, maxTimeout);
      return bashTool({ ...shared, timeout: limit }).execute({ command }, execution);
    },
  });
  return markBuiltin(bash, "Bash");
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
    "Run a bash command in the project folder and get back its exit code, stdout and stderr.",
    "Use it for terminal work (tests, builds, git, package managers); use Read, Glob, Grep, Edit and Write for " +
      "reading, finding and changing files instead of cat, find, grep, sed or echo.",
    "Each call starts a fresh shell in the project folder: `cd` and exported variables do not carry over, " +
      "so chain steps with && in one command. Quote paths that contain spaces.",
    "There is no input (stdin is empty) and no terminal: avoid interactive programs and pagers, " +
      "and pass flags such as --yes or --no-pager.",
    `A command is stopped after ${defaultTimeout / 1000} s, or after timeout milliseconds when given ` +
      `(at most ${maxTimeout} ms); the result then has timedOut: true. Jobs it leaves running in the background end when it exits.`,
    "Long output is cut (the result says how much was dropped), so filter it (grep, tail) instead.",
    "A non-zero exit code is a normal result, not a failure of the tool.",
    "Give description: a few words saying what the command does, for the person approving it.",
    describeSandbox(sandbox),
  ].join("\n");
}
