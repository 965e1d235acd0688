// An MCP stdio transport that owns its server process: it starts the server in its own process
// group with the environment it is given, keeps the tail of its stderr for error messages, and
// closes by ending the whole group and waiting until the process is gone — so a run that ends
// leaves no server behind. (@ai-sdk/mcp's own stdio transport inherits stderr and returns from
// close() before the process has exited.)
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { existsSync } from "node:fs";
import { validateJSONRPCMessage, type JSONRPCMessage, type MCPTransport } from "@ai-sdk/mcp";

/** How to start a server process. */
export interface StdioServerOptions {
  command: string;
  args: readonly string[];
  /** The child's whole environment (nothing is added from the host). */
  env: Record<string, string>;
  cwd?: string;
}

// Time a SIGTERM'd server gets to shut down before SIGKILL.
const KILL_GRACE_MS = 2_000;
// How much of the server's stderr is kept to explain a failure.
const STDERR_TAIL_CHARS = 2_000;

/**
 * One server process speaking newline-delimited JSON-RPC on stdin/stdout.
 *
 * @example
 * const transport = new StdioServerTransport({ command: "mcp-server-filesystem", args: ["/tmp"], env: {} });
 * const client = await createMCPClient({ transport });
 * await client.close(); // resolves once the process has exited
 */
export class StdioServerTransport implements MCPTransport {
  readonly supportsProtocolVersionDiscovery = true;
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  readonly #options: StdioServerOptions;
  #child: ChildProcessWithoutNullStreams | undefined;
  #gone: Promise<void> = Promise.resolve();
  #spawnError: NodeJS.ErrnoException | undefined;
  #exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  #stdoutLine = "";
  #stderrTail = "";
  #closing = false;
  #groupEnded = false;

  constructor(options: StdioServerOptions) {
    this.#options = options;
  }

  /** The server's process id once started (also its process group id). */
  get pid(): number | undefined {
    return this.#child?.pid;
  }

  start(): Promise<void> {
    if (this.#child) return Promise.reject(new Error("the server process was already started"));
    const child = spawn(this.#options.command, [...this.#options.args], {
      env: this.#options.env,
      ...(this.#options.cwd !== undefined ? { cwd: this.#options.cwd } : {}),
      stdio: "pipe",
      // Its own process group, so closing also ends whatever the server started (npx, a shell).
      detached: true,
    });
    this.#child = child;
    this.#gone = new Promise((resolve) => {
      child.once("exit", (code, signal) => {
        this.#exit = { code, signal };
        // Whatever the server started may still hold its pipes open; they go with it.
        this.#endGroup(child.pid!);
        resolve();
      });
      // After a failed spawn there is no "exit", only "error" then "close".
      child.once("close", () => resolve());
    });
    child.once("close", () => this.onclose?.());
    child.stdin.on("error", (error) => this.onerror?.(error));
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk: string) => this.#receive(chunk));
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (chunk: string) => {
      this.#stderrTail = (this.#stderrTail + chunk).slice(-STDERR_TAIL_CHARS);
    });
    return new Promise((resolve, reject) => {
      child.once("spawn", () => resolve());
      child.once("error", (error: NodeJS.ErrnoException) => {
        if (child.pid === undefined) {
          this.#spawnError = error;
          reject(error);
        } else {
          this.onerror?.(error);
        }
      });
    });
  }

  send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.#child?.stdin;
    if (!stdin || !stdin.writable || this.#exit) return Promise.reject(new Error("the server process is not running"));
    return new Promise((resolve, reject) => {
      stdin.write(`${JSON.stringify(message)}\n`, (error) => (error ? reject(error) : resolve()));
    });
  }

  /** Ends the server's process group (SIGTERM, then SIGKILL) and resolves once it has exited. */
  async close(): Promise<void> {
    const child = this.#child;
    if (child && !this.#closing && child.pid !== undefined && !this.#exit) {
      this.#closing = true;
      child.stdin.end();
      this.#endGroup(child.pid);
    }
    await this.#gone;
  }

  /**
   * Resolves once the process has exited, or after `ms`: a write that failed (EPIPE) often comes
   * just before the exit that explains it.
   */
  async exited(ms: number): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([this.#gone, new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
    clearTimeout(timer);
  }

  /** What went wrong with the process, in words, when it didn't start or has exited. */
  describeFailure(): string | undefined {
    const error = this.#spawnError;
    if (error) {
      if (error.code === "ENOENT") {
        return this.#options.cwd !== undefined && !existsSync(this.#options.cwd)
          ? "its cwd does not exist"
          : `the command was not found (${error.message})`;
      }
      if (error.code === "EACCES") return `the command is not executable (${error.message})`;
      return `it could not be started: ${error.message}`;
    }
    if (!this.#exit || this.#closing) return undefined;
    const how = this.#exit.code !== null ? `with code ${this.#exit.code}` : `on ${this.#exit.signal}`;
    const stderr = this.#stderrTail.trim();
    return `the server process exited ${how}${stderr ? `; its stderr ended with: ${stderr.slice(-500)}` : " (it wrote nothing to stderr)"}`;
  }

  #endGroup(pid: number): void {
    if (this.#groupEnded) return;
    this.#groupEnded = true;
    if (!signalGroup(pid, "SIGTERM")) return;
    // Unref'd: a pending escalation never keeps the host alive. It goes out even after the
    // leader exits, for members of the group that ignore SIGTERM.
    setTimeout(() => signalGroup(pid, "SIGKILL"), KILL_GRACE_MS).unref();
  }

  #receive(chunk: string): void {
    const lines = (this.#stdoutLine + chunk).split("\n");
    this.#stdoutLine = lines.pop()!;
    for (const line of lines) {
      if (line.trim() === "") continue;
      try {
        this.onmessage?.(validateJSONRPCMessage(JSON.parse(line)));
      } catch (error) {
        // A line that isn't JSON-RPC (a server logging to stdout), or a response the client
        // no longer waits for: reported, never fatal.
        this.onerror?.(error instanceof Error ? error : new Error(String(error)));
      }
    }
  }
}

/** Signals every process in the group led by `pid`; false when the group is gone. */
function signalGroup(pid: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(-pid, signal);
    return true;
  } catch (error) {
    // ESRCH: already gone. EPERM: the id now belongs to someone else's processes, so ours are gone.
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ESRCH" || code === "EPERM") return false;
    throw error;
  }
}
