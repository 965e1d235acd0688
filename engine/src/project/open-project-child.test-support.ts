// Run by loader.invariant.test.ts under plain Node, as the CLI and the studio load a project (a
// native `import()` of each bundle): opens each folder named on the command line, one after the
// other, and prints one JSON line per folder — its entries and problems, or what openProject threw.
// In a process of its own so the test can bound the wait: a synchronous hang (a regex that
// backtracks for minutes) blocks the event loop, and no timer in the hanging process would fire.
// Usage: node open-project-child.test-support.ts <folder>...
import { openProject } from "./index.ts";

export interface ChildReport {
  folder: string;
  /** Wall time of the openProject call, for the report only (nothing asserts on it). */
  ms: number;
  entries?: { id: string; file: string }[];
  problems?: { severity: string; code: string; message: string; file?: unknown; line?: unknown; column?: unknown; entryId?: string }[];
  /** Set when openProject rejected: the one thing it must never do for a user's files. */
  threw?: string;
}

const folders = process.argv.slice(2);
if (folders.length === 0) throw new Error("usage: node open-project-child.test-support.ts <folder>...");

for (const folder of folders) {
  const start = performance.now();
  let report: ChildReport;
  try {
    const project = await openProject(folder);
    report = {
      folder,
      ms: performance.now() - start,
      entries: project.entries.map(({ id, file }) => ({ id, file })),
      problems: project.problems.map(({ severity, code, message, file, line, column, entryId }) => ({
        severity,
        code,
        message: message.slice(0, 300),
        file,
        line,
        column,
        ...(entryId === undefined ? {} : { entryId }),
      })),
    };
  } catch (error) {
    report = { folder, ms: performance.now() - start, threw: describe(error) };
  }
  // Flushed before the next folder starts: a pipe takes 64 KB at once and the event loop writes the
  // rest, which a hang in the next folder would stop, losing this folder's report with it.
  await new Promise<void>((resolve, reject) => process.stdout.write(`${JSON.stringify(report)}\n`, (error) => (error ? reject(error) : resolve())));
}

function describe(error: unknown): string {
  try {
    return error instanceof Error ? `${error.name}: ${error.message}\n${error.stack ?? ""}` : String(error);
  } catch {
    return "(a throwable that can't be printed)";
  }
}
