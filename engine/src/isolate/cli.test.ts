// `june inspect` and `june run` survive the project's code: each runs as a child process (so a
// hostile file that would end or hang june can't end or hang the test), with a bounded wait.
import { spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { EXIT_AT_IMPORT, GOOD, LOOP_AT_IMPORT, toolThat } from "./hostile-code.test-support.ts";

const ENGINE = new URL("../..", import.meta.url).pathname;
/** Past this a child is killed and reported as hung (its code is then null). */
const BOUND_MS = 15_000;

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), "june-isolate-cli-"));
});
const afterEachKill = new Set<ReturnType<typeof spawn>>();
afterEach(async () => {
  for (const child of afterEachKill) child.kill("SIGKILL");
  await rm(folder, { recursive: true, force: true });
});

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs june with `args`; `onLine` sees each stdout line and may signal the child. */
function june(args: string[], env: Record<string, string> = {}, onLine?: (line: string, child: ReturnType<typeof spawn>) => void): Promise<Ran> {
  const child = spawn(process.execPath, ["bin/june.js", ...args], { cwd: ENGINE, env: { ...process.env, NO_COLOR: "1", ...env } });
  let stdout = "";
  let stderr = "";
  let pending = "";
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk;
    pending += chunk;
    const lines = pending.split("\n");
    pending = lines.pop()!;
    for (const line of lines) onLine?.(line, child);
  });
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk));
  const bound = setTimeout(() => child.kill("SIGKILL"), BOUND_MS);
  // A child still running when the test ends (it failed early) must not outlive it.
  afterEachKill.add(child);
  return new Promise((resolve) =>
    child.on("close", (code) => {
      afterEachKill.delete(child);
      clearTimeout(bound);
      resolve({ code, stdout, stderr });
    }),
  );
}

describe("june inspect", () => {
  it("lists a file that calls process.exit at import as a problem and the rest as agents (exit 1)", async () => {
    await writeFile(join(folder, "good.tsx"), GOOD);
    await writeFile(join(folder, "hostile.tsx"), EXIT_AT_IMPORT);
    const ran = await june(["inspect", folder, "--json"]);
    expect(ran.code).toBe(1);
    const report = JSON.parse(ran.stdout) as { agents: { id: string }[]; problems: { code: string; file: string }[] };
    expect(report.agents.map((a) => a.id)).toEqual(["workflow:good.tsx"]);
    expect(report.problems).toEqual([expect.objectContaining({ code: "JUNE_USER_CODE_EXITED", file: join(folder, "hostile.tsx") })]);
  });

  it("reports a file that loops at import once the import limit (JUNE_IMPORT_TIMEOUT_MS) passed", async () => {
    await writeFile(join(folder, "good.tsx"), GOOD);
    await writeFile(join(folder, "hostile.tsx"), LOOP_AT_IMPORT);
    const ran = await june(["inspect", folder, "--json"], { JUNE_IMPORT_TIMEOUT_MS: "2000" });
    expect(ran.code).toBe(1);
    const report = JSON.parse(ran.stdout) as { agents: { id: string }[]; problems: { code: string }[] };
    expect(report.agents.map((a) => a.id)).toEqual(["workflow:good.tsx"]);
    expect(report.problems).toEqual([expect.objectContaining({ code: "JUNE_LOAD_TIMEOUT" })]);
  });
});

describe("june run", () => {
  it("a tool that calls process.exit fails the run with a coded error; june prints the summary (exit 1)", async () => {
    await writeFile(join(folder, "acting.tsx"), toolThat("process.exit(9);"));
    const ran = await june(["run", join(folder, "acting.tsx")]);
    expect(ran.code).toBe(1);
    expect(ran.stdout).toContain("JUNE_USER_CODE_EXITED");
    expect(ran.stdout).toContain("process.exit(9)");
  });

  it("Ctrl-C ends a run whose tool spins forever (exit 130)", async () => {
    await writeFile(join(folder, "acting.tsx"), toolThat("while (true) {}"));
    let interrupted = false;
    const ran = await june(["run", join(folder, "acting.tsx"), "--json"], { JUNE_ABORT_GRACE_MS: "500" }, (line, child) => {
      if (!interrupted && line.includes('"kind":"tool-call"')) {
        interrupted = true;
        child.kill("SIGINT");
      }
    });
    expect(interrupted).toBe(true);
    expect(ran.code).toBe(130);
    expect(ran.stderr).toContain("JUNE_ABORT_FORCED");
  });
});
