// Errors a user causes at the command line (a wrong flag, a missing file, a workflow that won't
// load): the CLI prints the message — what was wrong and what to do — and exits with code 2.

/** The exit code for anything the user can fix by changing the command or the file. */
export const USAGE_EXIT_CODE = 2;

/**
 * A problem with how `june` was invoked. `code` is stable (JUNE_CLI_USAGE for the command line,
 * JUNE_LOAD_FAILED for a workflow that can't be loaded) so tests and wrappers can key on it.
 *
 * @example
 * throw new CliError("JUNE_CLI_USAGE", "june: unknown option --fast. Run `june run --help` for the options.");
 */
export class CliError extends Error {
  readonly code: string;

  constructor(code: string, message: string, options?: { cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = "CliError";
    this.code = code;
  }
}
