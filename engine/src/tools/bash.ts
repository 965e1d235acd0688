// bashTool(): a real bash tool as a plain AI SDK tool, the low-level form of <Bash />. Each call
// runs `bash -c` in a sandbox (bubblewrap: the folder writable, the system read-only, no home, no
// network, its own PID namespace) with an allow-listed environment, a timeout and capped output,
// and waits for approval unless told otherwise. Where no sandbox can run it says so, and either
// waits for approval on every call or refuses.
import path from "node:path";
import { tool } from "ai";
import type { ExecutableTool, Tool } from "@ai-sdk/provider-utils";
import { z } from "zod";
import { JuneError } from "../errors/index.ts";
import { approvalUnder, decideSandbox, describeSandbox, sandboxRefusal } from "../sandbox/index.ts";
import type { SandboxDecision, SandboxSettings } from "../sandbox/index.ts";
import { buildBashEnv, DEFAULT_BASH_ENV_ALLOWLIST } from "./bash-env.ts";
import { runBash } from "./run-bash.ts";
import { markBuiltin } from "./builtin.ts";
import type { BashResult } from "./run-bash.ts";

/** Options for {@link bashTool}. */
export interface BashToolOptions {
  /** Directory the command runs in; default `process.cwd()` when the tool is created. */
  cwd?: string;
  /** Extra variables for the command; they win over host variables of the same name. */
  env?: Record<string, string>;
  /** Host variables passed through; default {@link DEFAULT_BASH_ENV_ALLOWLIST}. */
  allowEnv?: readonly string[];
  /** Milliseconds before the command's process group is killed; default 120000. */
  timeout?: number;
  /** Characters kept per stream (stdout, stderr); default 100000. */
  maxOutput?: number;
  /** Whether each call waits for approval; default true. */
  needsApproval?: boolean;
  /**
   * Replaces the description the model is given (a line saying the tool runs without a sandbox,
   * when it does, is kept).
   */
  description?: string;
  /**
   * The sandbox every command runs in; default on, with no network and only `cwd` writable.
   * See {@link SandboxSettings}.
   */
  sandbox?: SandboxSettings;
}

/** What the model sends. */
export interface BashInput {
  command: string;
}

/** The tool {@link bashTool} returns. */
export type BashTool = ExecutableTool<Tool<BashInput, BashResult>>;

const DEFAULT_TIMEOUT_MS = 120_000;
const DEFAULT_MAX_OUTPUT = 100_000;
// setTimeout fires at once for longer delays, which would kill every command immediately.
const MAX_TIMEOUT_MS = 2_147_483_647;

const bashInputSchema = z.object({
  command: z
    .string()
    .describe(
      "The bash command to run, e.g. `ls -la src` or `npm test 2>&1 | tail -n 50`. " +
        "Runs via `bash -c`, so pipes, && and redirects work.",
    ),
});

/**
 * A bash tool for any AI SDK call: the model sends `{ command }` and gets back the exit code,
 * stdout, stderr and whether the output was cut or the command timed out.
 *
 * @example
 * import { generateText } from "ai";
 * import { bashTool } from "june/tools";
 *
 * await generateText({
 *   model,
 *   tools: { bash: bashTool({ cwd: "./repo", timeout: 60_000, env: { CI: "1" } }) },
 *   prompt: "Run the tests and summarise the failures",
 * });
 */
export function bashTool(options: BashToolOptions = {}): BashTool {
  const timeout = checkTimeout(options.timeout ?? DEFAULT_TIMEOUT_MS);
  const maxOutput = checkMaxOutput(options.maxOutput ?? DEFAULT_MAX_OUTPUT);
  const cwd = path.resolve(options.cwd ?? process.cwd());
  const allowEnv = [...(options.allowEnv ?? DEFAULT_BASH_ENV_ALLOWLIST)];
  const env = { ...options.env };
  const sandbox = decideSandbox(options.sandbox, cwd);

  const bash = tool({
    description: options.description !== undefined ? withNotice(options.description, sandbox) : describeBashTool(timeout, maxOutput, sandbox),
    inputSchema: bashInputSchema,
    needsApproval: approvalUnder(sandbox, options.needsApproval ?? true),
    execute: async ({ command }, { abortSignal }) => {
      if (sandbox.kind === "refused") throw sandboxRefusal(sandbox.reason, "bash");
      // The host environment is read per call so allow-listed values (PATH) stay current.
      const childEnv = buildBashEnv({ hostEnv: process.env, allowEnv, env });
      const where = sandbox.kind === "sandboxed" ? { sandbox: { bwrap: sandbox.bwrap, policy: sandbox.policy } } : {};
      return await runBash(command, { cwd, timeout, maxOutput, env: childEnv, ...where }, abortSignal);
    },
  });
  return markBuiltin(bash, "Bash");
}

// A custom description keeps the line saying there is no sandbox: the person reading the trace
// (and the studio, which reads it back) must learn it whatever the description says.
function withNotice(description: string, sandbox: SandboxDecision): string {
  if (sandbox.kind === "sandboxed") return description;
  return `${description}\n${describeSandbox(sandbox)}`;
}

function describeBashTool(timeout: number, maxOutput: number, sandbox: SandboxDecision): string {
  return [
    // The directory is not named: descriptions reach traces, and a cwd never should.
    "Run a bash command in the working directory and get back its exit code, stdout and stderr.",
    "Each call starts a fresh shell: `cd` and exported variables do not carry over to the next call, " +
      "so chain steps with && in one command.",
    "There is no input (stdin is empty) and no terminal: avoid interactive programs and pagers, " +
      "and pass flags such as --yes or --no-pager.",
    "Only a few environment variables are set (such as PATH and HOME).",
    `A command still running after ${timeout / 1000} s is stopped, with everything it started; ` +
      "the result then has timedOut: true. Jobs a command leaves running in the background end when it exits.",
    `Output past ${maxOutput} characters per stream is cut; the result says how much was dropped, ` +
      "so filter long output (grep, tail) instead.",
    "A non-zero exit code is a normal result, not a failure of the tool.",
    describeSandbox(sandbox),
  ].join("\n");
}

function checkTimeout(timeout: number): number {
  if (Number.isFinite(timeout) && timeout > 0 && timeout <= MAX_TIMEOUT_MS) return timeout;
  throw new JuneError(
    "JUNE_INVALID_PROPS",
    `june: bashTool timeout must be a number of milliseconds above 0 and at most ${MAX_TIMEOUT_MS}, got ${String(timeout)}`,
  );
}

function checkMaxOutput(maxOutput: number): number {
  if (Number.isInteger(maxOutput) && maxOutput >= 0) return maxOutput;
  throw new JuneError(
    "JUNE_INVALID_PROPS",
    `june: bashTool maxOutput must be a whole number of characters, 0 or more, got ${String(maxOutput)}`,
  );
}
