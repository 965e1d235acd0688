// `june studio [folder] [--web] [--port N]`, reached from the `june` CLI at run time. It opens
// the desktop app where Electron can run, and otherwise (or with --web) serves the web studio and
// prints exactly one line on stdout — `June Studio: http://127.0.0.1:PORT/?token=TOKEN` — when
// ready. Everything else goes to stderr. It runs until SIGINT/SIGTERM and then shuts down cleanly.
import { spawn } from "node:child_process";
import { stat } from "node:fs/promises";
import { homedir } from "node:os";
import { join } from "node:path";
import { StudioService, type ClaudeOptIns } from "../service/index.ts";
import { startWebHost } from "../web/index.ts";
import { commandLineTrust } from "./command-line-trust.ts";
import { findElectronApp, type ElectronApp } from "./electron-app.ts";
import { studioFolder } from "./studio-folder.ts";

/** What `june studio` was asked for (parsed by the engine's CLI). */
export interface StudioArgs {
  folder?: string;
  web: boolean;
  port?: number;
  /** `--user-agents`: the user's own `~/.claude/agents/` beside the project's. */
  userAgents?: true;
  /** `--allow-bypass-permissions`: honour agents' Claude Code `bypassPermissions` mode. */
  allowBypassPermissions?: true;
}

/** The process's streams and environment, as the command uses them. */
export interface StudioIo {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  env: NodeJS.ProcessEnv;
}

const USAGE_EXIT_CODE = 2;
const INTERRUPTED_EXIT_CODE = 130;

/**
 * Runs `june studio` and returns the exit code once it has stopped.
 *
 * @example
 * process.exitCode = await runStudioCommand({ folder: "samples", web: true }, { stdout, stderr, env: process.env });
 */
export async function runStudioCommand(args: StudioArgs, io: StudioIo): Promise<number> {
  const folder = studioFolder(args.folder, io.env);
  const info = await stat(folder).catch(() => undefined);
  if (!info?.isDirectory()) {
    io.stderr.write(`june studio: ${info ? `${folder} is a file; give the project folder that holds it` : `there is no folder ${folder}; check the path`}.\n`);
    return USAGE_EXIT_CODE;
  }
  if (!args.web) {
    const app = findElectronApp({ env: io.env });
    if ("reason" in app) {
      io.stderr.write(`june studio: ${app.reason}; opening the web studio instead\n`);
    } else {
      const code = await launchElectron(app, folder, io, optInFlags(args));
      if (code !== undefined) return code;
    }
  }
  return serveWeb(folder, args.port ?? 0, io, claudeOptIns(args, io.env));
}

/** The Claude Code opt-ins the user asked for, as the service takes them. */
export function claudeOptIns(args: Pick<StudioArgs, "userAgents" | "allowBypassPermissions">, env: NodeJS.ProcessEnv): ClaudeOptIns {
  const home = env.HOME ?? homedir();
  return {
    ...(args.userAgents ? { userAgents: join(home, ".claude", "agents") } : {}),
    ...(args.allowBypassPermissions ? { allowBypassPermissions: true } : {}),
  };
}

/** The same opt-ins as the desktop app's command line takes them (electron/src/main/command-line.ts). */
function optInFlags(args: StudioArgs): string[] {
  return [...(args.userAgents ? ["--user-agents"] : []), ...(args.allowBypassPermissions ? ["--allow-bypass-permissions"] : [])];
}

async function serveWeb(folder: string, port: number, io: StudioIo, claude: ClaudeOptIns): Promise<number> {
  // Listening before the URL is printed: whoever reads it may stop the studio at once.
  const stopped = untilStopped(() => {
    io.stderr.write("june studio: stopping again: exiting now.\n");
    process.exit(INTERRUPTED_EXIT_CODE);
  });
  const log = (message: string) => void io.stderr.write(`${message}\n`);
  // The folder named here is trusted; others opened from the page start in restricted mode.
  const service = new StudioService({ log, trust: commandLineTrust(folder, io.env, log), claude });
  const opened = await service.openFolder({ folder });
  if (!opened.ok) {
    io.stderr.write(`${opened.error.message} [${opened.error.code}]\n`);
    await service.close();
    return USAGE_EXIT_CODE;
  }
  let host;
  try {
    host = await startWebHost({ service, port });
  } catch (error) {
    io.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    await service.close();
    return USAGE_EXIT_CODE;
  }
  const { entries, problems } = opened.value;
  io.stdout.write(`June Studio: ${host.url}\n`);
  io.stderr.write(
    `june studio: serving ${folder} (${entries.length} agent${entries.length === 1 ? "" : "s"}, ${problems.length} problem${problems.length === 1 ? "" : "s"}); ` +
      "open the URL above in a browser. Ctrl-C stops the studio.\n",
  );
  await stopped;
  io.stderr.write("june studio: stopping (aborting live runs)…\n");
  await host.close();
  await service.close();
  return 0;
}

/** Resolves at the first SIGINT or SIGTERM; a second one calls `again`. (main.ts exits after.) */
function untilStopped(again: () => void): Promise<void> {
  return new Promise((resolve) => {
    let stopping = false;
    const onSignal = () => {
      if (stopping) return again();
      stopping = true;
      resolve();
    };
    process.on("SIGINT", onSignal);
    process.on("SIGTERM", onSignal);
  });
}

/** Runs the desktop app until it exits; undefined (after saying why) when it couldn't start. */
function launchElectron(app: Extract<ElectronApp, { binary: string }>, folder: string, io: StudioIo, flags: string[]): Promise<number | undefined> {
  const env = { ...io.env };
  // Set in the environment, it would make the binary a plain Node and never open a window.
  delete env.ELECTRON_RUN_AS_NODE;
  return new Promise((resolve) => {
    const child = spawn(app.binary, [app.main, folder, ...flags], { stdio: "inherit", env });
    const forward = (signal: NodeJS.Signals) => () => void child.kill(signal);
    const onInt = forward("SIGINT");
    const onTerm = forward("SIGTERM");
    process.on("SIGINT", onInt);
    process.on("SIGTERM", onTerm);
    const done = (code: number | undefined) => {
      process.off("SIGINT", onInt);
      process.off("SIGTERM", onTerm);
      resolve(code);
    };
    child.once("error", (error) => {
      io.stderr.write(`june studio: the desktop app could not start (${error.message}); opening the web studio instead\n`);
      done(undefined);
    });
    child.once("exit", (code, signal) => done(code ?? (signal ? INTERRUPTED_EXIT_CODE : 0)));
  });
}
