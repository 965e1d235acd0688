// Starting the editor and watching it briefly, so that "opened" is not claimed for an editor that
// died as it started. How the watch tells them apart:
// - exit code 0 within the watch is success: launchers (`code`, `subl`, `zed`, `emacsclient -n`,
//   `open -a`) hand the file to a running window and exit 0 at once;
// - still running when the watch ends is success: a windowed editor of its own (gedit, `code --wait`);
// - a non-zero exit, a signal, or a spawn error within the watch is a failure, with the end of
//   what the editor printed.
// Terminal editors are refused before this (terminal-editor.ts): vim, for one, outlives any watch
// short enough for a click.
import { spawn } from "node:child_process";
import { mkdtemp, open, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** How long a started editor is watched for an early failure by default. */
export const EXIT_WINDOW_MS = 1000;

export type StartOutcome = { started: true } | { started: false; what: string; output: string };

export interface StartOptions {
  cwd: string;
  env: Record<string, string>;
  /** How long to watch for an early exit; default EXIT_WINDOW_MS. */
  exitWindowMs?: number | undefined;
}

/**
 * Starts `executable` detached and answers once it has exited or the watch has ended.
 *
 * @example
 * await startEditor("/usr/bin/code", ["--goto", "/p/a.tsx:3"], { cwd: "/p", env: {} }); // { started: true }
 */
export async function startEditor(executable: string, args: string[], options: StartOptions): Promise<StartOutcome> {
  // The editor's output goes to a file, not a pipe: a pipe would break (SIGPIPE) under an editor
  // that outlives the studio and writes later. The file is read only if the editor fails.
  const dir = await mkdtemp(join(tmpdir(), "june-editor-"));
  const logPath = join(dir, "output.log");
  const log = await open(logPath, "w");
  try {
    const watched = watch(executable, args, options, log.fd);
    // The child holds its own copy of the descriptor from here on.
    await log.close();
    const ended = await watched;
    if (ended.kind === "running" || (ended.kind === "exit" && ended.code === 0)) return { started: true };
    const output = tail(await readFile(logPath, "utf8").catch(() => ""));
    if (ended.kind === "error") return { started: false, what: `could not be started (${ended.error.message})`, output };
    return { started: false, what: ended.signal ? `was killed by ${ended.signal} as it started` : `exited at once with code ${ended.code}`, output };
  } finally {
    await log.close().catch(() => {});
    // On Windows a still-running editor keeps its log open, so removal fails: a small file left in the temp folder.
    await rm(dir, { recursive: true, force: true }).catch(() => {});
  }
}

type Ended = { kind: "running" } | { kind: "exit"; code: number | null; signal: NodeJS.Signals | null } | { kind: "error"; error: Error };

function watch(executable: string, args: string[], { cwd, env, exitWindowMs = EXIT_WINDOW_MS }: StartOptions, logFd: number): Promise<Ended> {
  return new Promise((settle) => {
    let timer: NodeJS.Timeout | undefined;
    let settled = false;
    const end = (ended: Ended) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      settle(ended);
    };
    let child: ReturnType<typeof spawn>;
    try {
      child = spawn(executable, args, { cwd, env, detached: true, stdio: ["ignore", logFd, logFd] });
    } catch (error) {
      return end({ kind: "error", error: error instanceof Error ? error : new Error(String(error)) });
    }
    child.once("error", (error) => end({ kind: "error", error }));
    child.once("exit", (code, signal) => end({ kind: "exit", code, signal }));
    child.once("spawn", () => {
      timer = setTimeout(() => {
        // Still running: it is the user's editor now, not a child the studio waits for.
        child.unref();
        end({ kind: "running" });
      }, exitWindowMs);
    });
  });
}

const TAIL_LINES = 6;
const TAIL_CHARS = 600;

/** The last few lines an editor printed, without terminal escapes, on one line. */
export function tail(output: string): string {
  const lines = output
    // Terminal editors paint the screen (vim's alternate-screen and title sequences): keep the words.
    // eslint-disable-next-line no-control-regex -- matching terminal escape codes is the point
    .replace(/\x1b(\[[0-9;?<>=]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[@-_])/g, "")
    // eslint-disable-next-line no-control-regex -- and the control characters left over
    .replace(/[\x00-\x08\x0b-\x1f\x7f]/g, "")
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  const text = lines.slice(-TAIL_LINES).join(" / ");
  return text.length > TAIL_CHARS ? `…${text.slice(-TAIL_CHARS)}` : text;
}
