// `june inspect <folder>`: loads a project as the studio does and prints every agent and every
// problem with file, line and code; exits 1 when there is an error, so it can guard a CI.
import { existsSync, statSync } from "node:fs";
import { relative, resolve } from "node:path";
import { openProject, type Problem, type ProjectEntry } from "../project/index.ts";
import { CliError } from "./cli-error.ts";
import type { InspectArgs } from "./args.ts";
import type { CliIo } from "./run-command.ts";
import { createStyle, wantsColor, type Style } from "./style.ts";

export async function inspectCommand(args: InspectArgs, io: CliIo): Promise<number> {
  const folder = resolve(args.folder);
  if (!existsSync(folder) || !statSync(folder).isDirectory()) {
    throw new CliError("JUNE_CLI_USAGE", `june inspect: ${args.folder} is not a folder. Give the project folder, e.g. june inspect samples.`);
  }
  // Isolated: a file that exits, loops or never settles is a problem in the list, not the end of june.
  const project = await openProject(folder, { isolate: true });
  const errors = project.problems.filter((p) => p.severity === "error").length;
  if (args.json) {
    const agents = project.entries.map(({ tree: _tree, ...entry }) => entry);
    io.stdout.write(`${JSON.stringify({ folder, agents, problems: project.problems }, null, 2)}\n`);
  } else {
    const s = createStyle(wantsColor(io.stdout, io.env));
    io.stdout.write(renderProject(folder, project.entries, project.problems, s).join("\n") + "\n");
  }
  return errors > 0 ? 1 : 0;
}

export function renderProject(folder: string, entries: readonly ProjectEntry[], problems: readonly Problem[], s: Style): string[] {
  const rel = (file: string) => relative(folder, file) || file;
  const lines = [s.bold(`${folder}`), "", s.bold(`agents (${entries.length})`)];
  for (const entry of entries) {
    lines.push(`  ${s.cyan(entry.kind === "workflow" ? "◆" : "▤")} ${s.bold(entry.name)} ${s.dim(`${entry.kind} · ${rel(entry.file)}`)}`);
    if (entry.description) lines.push(`      ${s.dim(entry.description)}`);
    if (entry.models.length) lines.push(`      model  ${entry.models.join(", ")}`);
    lines.push(`      tools  ${entry.tools.length ? entry.tools.join(", ") : s.dim("none")}`);
  }
  const byPlace = (a: Problem, b: Problem) => (a.file ?? "").localeCompare(b.file ?? "", "en") || (a.line ?? 0) - (b.line ?? 0);
  const errors = problems.filter((p) => p.severity === "error").sort(byPlace);
  const warnings = problems.filter((p) => p.severity === "warning").sort(byPlace);
  lines.push("", s.bold(`problems (${errors.length} error${errors.length === 1 ? "" : "s"}, ${warnings.length} warning${warnings.length === 1 ? "" : "s"})`));
  for (const problem of [...errors, ...warnings]) {
    const where = problem.file ? `${rel(problem.file)}${problem.line ? `:${problem.line}${problem.column ? `:${problem.column}` : ""}` : ""}` : "(project)";
    const mark = problem.severity === "error" ? s.red("error") : s.yellow("warning");
    lines.push(`  ${mark} ${where} ${s.dim(`[${problem.code}]`)}`);
    for (const line of problem.message.split("\n")) lines.push(`    ${line}`);
  }
  if (problems.length === 0) lines.push(`  ${s.green("none")}`);
  return lines;
}
