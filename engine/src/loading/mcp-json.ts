// A project's `.mcp.json` (Claude Code's shared MCP config) read beside june.config.ts's `mcp`:
// each issue a Problem on the file's line, a server both files define a Problem naming both (the
// config's definition is the one used: it is the file June owns). Read only where the folder's
// code may run (a stdio server is a command), and once per load, where the config's problems are
// collected.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { MCP_JSON, parseMcpJson, type McpServerConfig } from "../mcp/index.ts";
import type { Problem } from "./problem.ts";

/** The servers a project's `.mcp.json` defines, and what is wrong with it. */
export interface McpJson {
  file: string;
  servers: Record<string, McpServerConfig>;
  /** The line each server is defined on. */
  lines: Record<string, number>;
  problems: Problem[];
}

/** Reads `<folder>/.mcp.json`; undefined when there is none. */
export function readMcpJson(folder: string, env: Readonly<Record<string, string | undefined>> = process.env): McpJson | undefined {
  const file = join(folder, MCP_JSON);
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    return { file, servers: {}, lines: {}, problems: [{ severity: "error", code: "JUNE_MCP_JSON_INVALID", message: `june: ${file} could not be read: ${(error as Error).message}`, file }] };
  }
  const { servers, lines, issues } = parseMcpJson(text, env, folder);
  const problems = issues.map((issue): Problem => ({ severity: "error", code: "JUNE_MCP_JSON_INVALID", message: `june: ${file} ${issue.message}.`, file, ...(issue.line ? { line: issue.line } : {}) }));
  return { file, servers, lines, problems };
}

/** Where a server is defined: the file, and its line when it is `.mcp.json`. */
export interface McpServerSource {
  server: McpServerConfig;
  file: string | undefined;
  line?: number;
}

/**
 * The MCP servers markdown agents may name: the config's, and `.mcp.json`'s that the config does
 * not define too (those are a Problem naming both files). What is wrong with `.mcp.json` goes to
 * `problems`.
 */
export function projectMcpServers(
  configured: Record<string, McpServerConfig> | undefined,
  configFile: string | undefined,
  mcpJson: McpJson | undefined,
  problems: Problem[],
): Record<string, McpServerSource> {
  const servers: Record<string, McpServerSource> = {};
  for (const [name, server] of Object.entries(configured ?? {})) servers[name] = { server, file: configFile };
  if (!mcpJson) return servers;
  problems.push(...mcpJson.problems);
  for (const [name, server] of Object.entries(mcpJson.servers)) {
    const line = mcpJson.lines[name];
    if (!(name in servers)) {
      servers[name] = { server, file: mcpJson.file, ...(line ? { line } : {}) };
      continue;
    }
    problems.push({
      severity: "error",
      code: "JUNE_MCP_SERVER_TWICE",
      message: `june: the MCP server ${JSON.stringify(name)} is defined in both ${configFile ?? "the config"} (\`mcp.${name}\`) and ${mcpJson.file}; the config's is used. Keep it in one of them.`,
      file: mcpJson.file,
      ...(line ? { line } : {}),
    });
  }
  return servers;
}
