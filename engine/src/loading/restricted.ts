// Restricted mode (VS Code's Workspace Trust): a folder the user hasn't trusted opens without
// running any of its code. Its workflow files are listed by file name without being imported,
// june.config.* is checked for syntax only (esbuild parses it; nothing evaluates it), and
// markdown agents load as far as needs no config — what would come from the config says so.
import { readFile } from "node:fs/promises";
import { relative } from "node:path";
import { transform } from "esbuild";
import { JuneError } from "../errors/index.ts";
import type { Problem } from "./problem.ts";

/** A workflow file as restricted mode lists it: its file name, no tree, no element to run. */
export function listedWorkflow(folder: string, file: string) {
  const id = `workflow:${relative(folder, file)}`;
  return {
    entry: { id, kind: "workflow" as const, name: relative(folder, file), file, models: [], tools: [] },
    element: (): never => {
      throw new JuneError("JUNE_FOLDER_RESTRICTED", `june: ${file} was not loaded: ${folder} is not trusted, so none of its code runs. Trust the folder to load and run it.`);
    },
    problems: [] as Problem[],
  };
}

/** The config's syntax errors, found without running it. */
export async function configSyntaxProblems(configFile: string): Promise<Problem[]> {
  let text: string;
  try {
    text = await readFile(configFile, "utf8");
  } catch (error) {
    return [{ severity: "error", code: "JUNE_INVALID_CONFIG", message: `june: ${configFile} can't be read: ${error instanceof Error ? error.message : String(error)}.`, file: configFile }];
  }
  try {
    await transform(text, { loader: configFile.endsWith("x") ? "tsx" : "ts", sourcefile: configFile, logLevel: "silent" });
    return [];
  } catch (error) {
    const first = (error as { errors?: { text: string; location?: { line: number; column: number } | null }[] }).errors?.[0];
    return [
      {
        severity: "error",
        code: "JUNE_INVALID_CONFIG",
        message: `june: ${configFile} has a syntax error: ${first?.text ?? String(error)}.`,
        file: configFile,
        ...(first?.location ? { line: first.location.line, column: first.location.column + 1 } : {}),
      },
    ];
  }
}

/** Codes of markdown diagnostics the config could answer: in restricted mode they wait for trust. */
const NEEDS_CONFIG = new Set(["JUNE_UNKNOWN_TOOL", "JUNE_UNKNOWN_MCP_SERVER", "JUNE_UNKNOWN_MODEL_PROVIDER"]);

/**
 * A markdown agent's problems in restricted mode, when the folder has a config: what the config
 * may provide (tools, MCP servers, model providers, an `inherit` model) is a warning saying so.
 */
export function restrictedMarkdownProblems(problems: Problem[], agent: { name: string; file: string; model?: string | undefined }, configFile: string, entryId: string): Problem[] {
  const wait = `; ${relativeName(configFile)} may provide it, and it loads once you trust the folder`;
  const out = problems.map((p) => (NEEDS_CONFIG.has(p.code) ? { ...p, severity: "warning" as const, message: `${p.message.replace(/\.$/, "")}${wait}.` } : p));
  if (!agent.model) {
    out.push({
      severity: "warning",
      code: "JUNE_FOLDER_RESTRICTED",
      message: `june: ${agent.name} (${agent.file}) uses the project's model (\`model: inherit\` or none), which comes from ${relativeName(configFile)}; it loads once you trust the folder.`,
      file: agent.file,
      entryId,
    });
  }
  return out;
}

function relativeName(file: string): string {
  return file.slice(Math.max(file.lastIndexOf("/"), file.lastIndexOf("\\")) + 1);
}
