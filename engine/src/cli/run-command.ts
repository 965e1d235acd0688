// `june run <file>`: load the workflow, render its default export with the --input props (or a
// markdown agent `.md` of its project, asked --prompt), run it (offline on a scripted model with
// --script), stream the live tree (or JSONL with --json), ask for approvals, print the summary and
// turn the final status into the exit code.
import { existsSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { isJuneError } from "../errors/index.ts";
import { newRunId, startIsolatedRun, type ProjectSpec, type RunSpec } from "../isolate/index.ts";
import { bundleWorkflow, findConfigFile, type ReplaySpec, type WorkflowBundle } from "../project/index.ts";
import type { RunResult } from "../run/index.ts";
import { readTraceFile, type TraceEvent } from "../trace/index.ts";
import { fork, replay } from "../replay/index.ts";
import { agentTarget } from "./agent-target.ts";
import { ApprovalPrompt } from "./approval-prompt.ts";
import type { RunArgs } from "./args.ts";
import { CliError } from "./cli-error.ts";
import { jsonText } from "./format-values.ts";
import { ABORTED_EXIT_CODE, listenForInterrupts } from "./interrupts.ts";
import { LineReader } from "./line-reader.ts";
import { EventRenderer } from "./render-events.ts";
import { renderSummary } from "./render-summary.ts";
import { parseInputProps, readScript } from "./run-inputs.ts";
import { createStyle, wantsColor } from "./style.ts";

/** The process's streams and environment, as the CLI uses them. */
export interface CliIo {
  stdout: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  env: NodeJS.ProcessEnv;
}

/** Streamed text wraps here when stdout is not a terminal (a file, a pipe, a test). */
const PIPE_WIDTH = 100;

/**
 * Runs the workflow `args` names and returns the exit code: 0 succeeded, 1 failed, 130 aborted.
 * Throws CliError (exit 2) for bad flags, a missing file or a workflow that doesn't load.
 *
 * @example
 * const code = await runWorkflowCommand({ file: "flow.tsx", yes: true, json: false }, io);
 */
export async function runWorkflowCommand(args: RunArgs, io: CliIo): Promise<number> {
  const agent = /\.md$/i.test(args.file);
  const input = agent ? agentPrompt(args) : parseInputProps(args.input);
  const responses = args.script === undefined ? undefined : await readScript(args.script);
  const target = agent ? await agentEntry(args, io) : await workflowEntry(args.file, io);
  const { project, entry } = target;
  const recorded = args.replay === undefined ? undefined : readRecord(args.replay, args.forkAt);

  const outColor = !args.json && wantsColor(io.stdout, io.env);
  const errStyle = createStyle(wantsColor(io.stderr, io.env));
  // The workflow, its tools and models run in a worker: process.exit or an endless loop in them
  // ends the run (Ctrl-C still stops it), never june itself.
  const handle = startIsolatedRun(
    {
      project,
      entry,
      runId: newRunId(),
      input,
      ...(responses ? { scriptedResponses: responses } : {}),
      ...(recorded ? { replay: recorded } : {}),
    },
    // Warnings (a tool the policy withheld) are for the person, never for --json's stdout.
    { warn: (message) => void io.stderr.write(`${errStyle.yellow(`warning: ${message}`)}\n`) },
  );
  const loaded = await handle.loaded;
  if (!loaded.ok && agent) throw new CliError("JUNE_LOAD_FAILED", `${loaded.error.message}\nFix the agent file and run june again.`);
  if (!loaded.ok) {
    if (loaded.found) {
      throw new CliError(
        "JUNE_LOAD_FAILED",
        `june run: ${entry.file} ${loaded.found}. june run renders the file's default export as the workflow: ` +
          "export a component that returns <Agent> elements, e.g. export default function Release() { return <Agent …>…</Agent>; }",
      );
    }
    if (loaded.error.code === "JUNE_LOAD_FAILED") throw new CliError("JUNE_LOAD_FAILED", `${loaded.error.message}\nFix the workflow file and run june again.`);
  }

  let reader: LineReader | undefined;
  const interrupts = listenForInterrupts({
    abort: () => {
      io.stderr.write(`\n${errStyle.yellow("■")} Ctrl-C: aborting the run… ${errStyle.dim("(Ctrl-C again to exit at once)")}\n`);
      handle.abort("interrupted (Ctrl-C)");
    },
    exitNow: () => process.exit(ABORTED_EXIT_CODE),
  });
  const prompt = new ApprovalPrompt({
    handle,
    out: io.stderr,
    style: errStyle,
    approveAll: args.yes,
    answers: () => (reader ??= new LineReader({ input: io.stdin, output: io.stderr, onInterrupt: interrupts.interrupt })),
  });
  const renderer = args.json ? undefined : new EventRenderer({ color: outColor, width: io.stdout.isTTY && io.stdout.columns ? io.stdout.columns : PIPE_WIDTH });

  // A reader that goes away (`june run … | head`) ends the run the way Ctrl-C does.
  let stdoutOpen = true;
  const onStdoutError = () => {
    stdoutOpen = false;
    handle.abort("stdout was closed");
  };
  io.stdout.on("error", onStdoutError);
  const write = (text: string) => {
    if (stdoutOpen && text !== "") io.stdout.write(text);
  };

  try {
    for await (const event of handle.events) {
      write(renderer ? renderer.push(event) : jsonLine(event));
      if (event.type === "approval-requested") await prompt.decide(event.approval);
    }
    if (renderer) write(renderer.finish());
    const result = await handle.result;
    // --json keeps stdout to events; the summary is for the person watching stderr.
    const summary = renderSummary(result, { color: args.json ? errStyle.enabled : outColor });
    const text = summary.map((line) => `${line}\n`).join("");
    if (args.json) io.stderr.write(text);
    else write(text);
    if (result.error?.code === "JUNE_MISSING_API_KEY" && responses === undefined) {
      io.stderr.write(`To try the workflow without a model provider, run it offline: add --script responses.json (see june run --help).\n`);
    }
    return exitCode(result.status);
  } finally {
    io.stdout.off("error", onStdoutError);
    interrupts.dispose();
    reader?.close();
  }
}

/** The exit code for a finished run. */
export function exitCode(status: RunResult["status"]): number {
  return status === "succeeded" ? 0 : status === "aborted" ? ABORTED_EXIT_CODE : 1;
}

type RunTarget = { project: ProjectSpec; entry: RunSpec["entry"] };

/** A workflow file's run: bundled here, run in the worker with the project its nearest config makes. */
async function workflowEntry(file: string, io: CliIo): Promise<RunTarget> {
  const bundle = await bundleComponent(file);
  const project = await projectOf(bundle.file, io);
  return { project, entry: { id: `workflow:${relative(project.folder, bundle.file)}`, kind: "workflow", file: bundle.file, bundle } };
}

/** A markdown agent file's run: an entry of the project it sits in (agent-target.ts), with that project's config. */
async function agentEntry(args: RunArgs, io: CliIo): Promise<RunTarget> {
  const file = existingFile(args.file, "the agent's .md file");
  const target = await agentTarget(file, args.userAgents ? { userAgents: join(homedir(), ".claude", "agents") } : {});
  const project = {
    ...(await projectSpecAt(target.folder, io)),
    agentSources: target.agentSources,
    skillDirs: target.skillDirs,
    ...(args.allowBypassPermissions ? { allowBypassPermissions: true as const } : {}),
  };
  return { project, entry: { id: target.entryId, kind: "markdown", file } };
}

/** What a markdown agent is asked: --prompt, or --input's `prompt`. */
function agentPrompt(args: RunArgs): { prompt: string } {
  if (args.prompt !== undefined) return { prompt: args.prompt };
  const props = parseInputProps(args.input);
  if (args.input !== undefined && typeof props.prompt !== "string") {
    throw new CliError("JUNE_CLI_USAGE", `june run: a markdown agent's --input is {"prompt": "…"}: what to ask it. Or pass --prompt "…".`);
  }
  return { prompt: typeof props.prompt === "string" ? props.prompt : "" };
}

/** The absolute path of a file the user named, or a CliError saying where it was looked for. */
function existingFile(file: string, what: string): string {
  const path = resolve(file);
  if (!existsSync(path)) {
    throw new CliError(
      "JUNE_LOAD_FAILED",
      `june run: there is no file ${file} (looked for ${path}). Check the path: it is relative to the folder ` +
        `you run june in (${process.cwd()}), and names ${what}.`,
    );
  }
  return path;
}

/** The workflow bundled (its code runs in the run's worker), or a CliError saying why it can't be. */
async function bundleComponent(file: string): Promise<WorkflowBundle> {
  const path = existingFile(file, "the workflow's .tsx file");
  try {
    return await bundleWorkflow(path);
  } catch (error) {
    if (isJuneError(error) && error.code === "JUNE_LOAD_FAILED") {
      throw new CliError("JUNE_LOAD_FAILED", `${error.message}\nFix the workflow file and run june again.`, { cause: error });
    }
    throw error;
  }
}

/** The --replay record as a replay (or a fork at --fork-at); a bad file or node is a usage error. */
function readRecord(path: string, forkAt: string | undefined): ReplaySpec {
  let events: TraceEvent[];
  try {
    events = readTraceFile(path).events;
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === "ENOENT";
    throw new CliError(
      "JUNE_CLI_USAGE",
      `june run: can't read the --replay record ${path}${missing ? ": there is no such file" : `: ${(error as Error).message}`}. ` +
        "Pass a run's .jsonl (the studio keeps them in .june/runs/) or what june run --json printed.",
      { cause: error },
    );
  }
  try {
    // Checked here, so a bad record or node is a usage error before anything runs; the worker makes its own.
    if (forkAt === undefined) {
      replay(events);
      return { mode: "replay", events };
    }
    fork(events, { at: forkAt });
    return { mode: "fork", events, at: forkAt };
  } catch (error) {
    throw new CliError("JUNE_CLI_USAGE", `june run: ${(error as Error).message.replace(/^june: /, "")} (--replay ${path})`, { cause: error });
  }
}

function jsonLine(event: TraceEvent): string {
  return `${jsonText(event)}\n`;
}

/**
 * The project the file belongs to: the nearest june.config.* in the file's folder or above it
 * (bundled here, loaded in the run's worker for its default model and tool policy), as the
 * studio would use; without one, the file's own folder.
 */
async function projectOf(file: string, io: CliIo): Promise<ProjectSpec> {
  for (let dir = dirname(file); ; dir = dirname(dir)) {
    if (findConfigFile(dir)) return projectSpecAt(dir, io);
    if (dirname(dir) === dir || existsSync(join(dir, ".git"))) return { folder: dirname(file), agentSources: [], skillDirs: [], inspect: false };
  }
}

/** The project at `folder`, with its june.config.* bundled (loaded in the run's worker) when it has one. */
async function projectSpecAt(folder: string, io: CliIo): Promise<ProjectSpec> {
  const base = { folder, agentSources: [], skillDirs: [], inspect: false };
  const configFile = findConfigFile(folder);
  if (!configFile) return base;
  try {
    return { ...base, configFile, configBundle: await bundleWorkflow(configFile) };
  } catch (error) {
    io.stderr.write(`warning: ${configFile} was not used: ${error instanceof Error ? error.message : String(error)}\n`);
    return base;
  }
}
