// The `june` command line: reads the command, runs it, and turns every outcome into an exit
// code — CliErrors (what the user can fix) print their message and exit 2.
import { readFile } from "node:fs/promises";
import { parseCommand } from "./args.ts";
import { CliError, USAGE_EXIT_CODE } from "./cli-error.ts";
import type { CliIo } from "./run-command.ts";
import { createStyle, wantsColor } from "./style.ts";
import type { StudioArgs } from "./args.ts";
import { INSPECT_USAGE, MAIN_USAGE, RUN_USAGE, STUDIO_USAGE } from "./usage.ts";

export type { CliIo } from "./run-command.ts";

/**
 * Runs `june` with `argv` (the arguments after the script) and returns the exit code.
 *
 * @example
 * process.exitCode = await runCli(["run", "flow.tsx", "--yes"], { stdout, stderr, stdin, env: process.env });
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    const command = parseCommand(argv);
    switch (command.kind) {
      case "help":
        io.stdout.write({ main: MAIN_USAGE, run: RUN_USAGE, inspect: INSPECT_USAGE, studio: STUDIO_USAGE }[command.topic]);
        return 0;
      case "version":
        io.stdout.write(`june ${await engineVersion()}\n`);
        return 0;
      case "run": {
        // Loaded only to run: the engine and the AI SDK take a while, and --help shouldn't wait.
        const { runWorkflowCommand } = await import("./run-command.ts");
        return await runWorkflowCommand(command.args, io);
      }
      case "inspect": {
        const { inspectCommand } = await import("./inspect-command.ts");
        return await inspectCommand(command.args, io);
      }
      case "studio": {
        const { runStudioCommand } = await loadStudio();
        return await runStudioCommand(command.args, io);
      }
    }
  } catch (error) {
    const s = createStyle(wantsColor(io.stderr, io.env));
    if (error instanceof CliError) {
      io.stderr.write(`${s.red(error.message)} ${s.dim(`[${error.code}]`)}\n`);
      return USAGE_EXIT_CODE;
    }
    // Not something the user did: show everything we know so it can be reported.
    const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
    io.stderr.write(`${s.red(`june: unexpected error (a bug in June, please report it): ${detail}`)}\n`);
    return 1;
  }
}

/** What the june-studio package's `june-studio/cli` entry exports. */
interface StudioModule {
  runStudioCommand(args: StudioArgs, io: CliIo): Promise<number>;
}

/**
 * June Studio is its own package (it depends on June, not the other way round), so the engine
 * reaches it only at run time, through a specifier the type checker and bundlers don't follow.
 */
async function loadStudio(): Promise<StudioModule> {
  const specifier = "june-studio/cli";
  try {
    return (await import(specifier)) as StudioModule;
  } catch (error) {
    if ((error as { code?: string }).code === "ERR_MODULE_NOT_FOUND" && String((error as Error).message).includes("june-studio")) {
      throw new CliError(
        "JUNE_STUDIO_MISSING",
        "june studio: June Studio (the june-studio package) is not installed next to June. Run `npm install` at the root of the June repository, or install june-studio beside june.",
        { cause: error },
      );
    }
    throw error;
  }
}

async function engineVersion(): Promise<string> {
  const manifest = JSON.parse(await readFile(new URL("../../package.json", import.meta.url), "utf8")) as { version?: string };
  return manifest.version ?? "unknown";
}
