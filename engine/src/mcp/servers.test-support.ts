// Test support for the MCP tests: where the registry's MCP servers are installed, which server
// processes this test process has running (read from /proc), and waiting on state with a deadline
// instead of sleeping a fixed time.
import { spawn } from "node:child_process";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { mkdir, mkdtemp, realpath, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The installed bin `name` (e.g. "mcp-server-filesystem"), found in the nearest node_modules/.bin up from here. */
export function binPath(name: string): string {
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    const candidate = join(dir, "node_modules", ".bin", name);
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) throw new Error(`${name} is not installed in any node_modules/.bin above ${import.meta.url}`);
  }
}

/** A fresh temp folder (its real path, as servers report it). */
export async function tempDir(prefix: string): Promise<string> {
  return realpath(await mkdtemp(join(tmpdir(), prefix)));
}

let notesFolders = 0;

/** A new folder under `root` holding one note (notes.txt); its path also marks the server process serving it. */
export async function notesFolder(root: string, text = "the launch is on Tuesday"): Promise<string> {
  const dir = join(root, `notes-${++notesFolders}`);
  await mkdir(dir);
  await writeFile(join(dir, "notes.txt"), text);
  return dir;
}

/** Pids of this process's children whose command line contains `marker`. */
export function childProcesses(marker: string): number[] {
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .flatMap((entry) => {
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
        // Fields after "pid (comm) ": state, ppid, …; comm may itself contain spaces or parentheses.
        const [state, ppid] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        if (Number(ppid) !== process.pid || state === "Z") return [];
        return readFileSync(`/proc/${entry}/cmdline`, "utf8").includes(marker) ? [Number(entry)] : [];
      } catch {
        return []; // exited while we looked
      }
    });
}

/** True while `pid` exists and is not a zombie. */
export function isAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z";
  } catch {
    return false;
  }
}

/** Polls `condition` until it holds; fails with `what` after `timeoutMs`. */
export async function waitFor(what: string, condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A loopback port nothing listens on (bound, then released). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** server-everything serving streamable HTTP on a free loopback port (or `port`: start it again there), until `stop()`. */
export async function startEverythingHttp(port?: number): Promise<{ url: string; port: number; stop: () => Promise<void> }> {
  port ??= await closedPort();
  const child = spawn(binPath("mcp-server-everything"), ["streamableHttp"], {
    env: { PATH: process.env.PATH ?? "", PORT: String(port) },
    stdio: ["ignore", "ignore", "pipe"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  let stderr = "";
  await new Promise<void>((resolve, reject) => {
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (chunk: string) => {
      stderr += chunk;
      if (stderr.includes(`listening on port ${port}`)) resolve();
    });
    void exited.then(() => reject(new Error(`server-everything exited before listening: ${stderr}`)));
  });
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    port,
    stop: async () => {
      child.kill("SIGTERM");
      await exited;
    },
  };
}
