// `.mcp.json`, the file Claude Code and other MCP clients share at a project's root:
// `{ "mcpServers": { "<name>": { "command", "args", "env" } | { "type": "http", "url", "headers" } } }`.
// As in Claude Code, `${VAR}` and `${VAR:-default}` expand in `command`, `args`, `env`, `url` and
// `headers` (a bare `$VAR` does not); a variable that is unset, with no default, is an issue of its
// server (it is left out) rather than the literal text sent on. A stdio server runs in the project
// folder and gets `CLAUDE_PROJECT_DIR`, as Claude Code starts it. June's own per-server settings
// (`approve`, `tools`) may be written here too. What is wrong is returned as issues with the line
// they are on, never thrown, so one bad server leaves the others.
import { readApproval, type McpServerConfig } from "./server-config.ts";

/** The file's name, at the project's root. */
export const MCP_JSON = ".mcp.json";

/** One thing wrong with the file, on a line of it; `server` when it is one server's (that server is left out). */
export interface McpJsonIssue {
  message: string;
  line?: number;
  server?: string;
}

export interface McpJsonServers {
  servers: Record<string, McpServerConfig>;
  /** The line each server is defined on. */
  lines: Record<string, number>;
  issues: McpJsonIssue[];
}

const VARIABLE = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g;
const FIELDS = new Set(["type", "command", "args", "env", "url", "headers", "approve", "tools"]);

/**
 * Parses the text of a `.mcp.json`, expanding variables from `env`, for the project `folder`.
 *
 * @example
 * parseMcpJson('{"mcpServers":{"fs":{"command":"npx","args":["-y","@modelcontextprotocol/server-filesystem","${DOCS:-./docs}"]}}}', process.env, "/repo");
 * // { servers: { fs: { command: "npx", args: ["-y", "@modelcontextprotocol/server-filesystem", "./docs"], env: { CLAUDE_PROJECT_DIR: "/repo" }, cwd: "/repo" } }, issues: [] }
 */
export function parseMcpJson(text: string, env: Readonly<Record<string, string | undefined>>, folder: string): McpJsonServers {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { servers: {}, lines: {}, issues: [{ message: `is not valid JSON: ${(error as Error).message}`, ...lineOfJsonError(text, error) }] };
  }
  const root = value as { mcpServers?: unknown };
  if (!isObject(value) || !isObject(root.mcpServers)) {
    return { servers: {}, lines: {}, issues: [{ message: 'has no "mcpServers" object: write { "mcpServers": { "<name>": { "command": … } } }', line: 1 }] };
  }
  const servers: Record<string, McpServerConfig> = {};
  const lines: Record<string, number> = {};
  const issues: McpJsonIssue[] = [];
  for (const [name, raw] of Object.entries(root.mcpServers)) {
    const line = lineOfKey(text, name);
    if (line) lines[name] = line;
    const fail = (message: string) => issues.push({ message: `server ${JSON.stringify(name)} ${message}`, server: name, ...(line ? { line } : {}) });
    const server = serverConfig(raw, env, folder, fail);
    if (server) servers[name] = server;
  }
  return { servers, lines, issues };
}

function serverConfig(raw: unknown, env: Readonly<Record<string, string | undefined>>, folder: string, fail: (message: string) => void): McpServerConfig | undefined {
  if (!isObject(raw)) return void fail("is not an object: { \"command\": … } or { \"type\": \"http\", \"url\": … }");
  const unknown = Object.keys(raw).filter((key) => !FIELDS.has(key));
  if (unknown.length > 0) return void fail(`has ${unknown.map((k) => JSON.stringify(k)).join(", ")}, which June does not know (it reads type, command, args, env, url, headers, approve, tools)`);
  const missing: string[] = [];
  const expand = (field: string, text: unknown): string | undefined => {
    if (typeof text !== "string") return void fail(`has ${field} that is not a string`);
    return text.replace(VARIABLE, (whole, name: string, fallback: string | undefined) => {
      const set = env[name];
      // `:-` as in a shell: the default also stands in for a variable set to "".
      if (fallback !== undefined) return set !== undefined && set !== "" ? set : fallback;
      if (set !== undefined) return set;
      missing.push(`\${${name}} in ${field}`);
      return whole;
    });
  };
  const record = (field: string, value: unknown): Record<string, string> | undefined => {
    if (value === undefined) return {};
    if (!isObject(value)) return void fail(`has ${field} that is not an object of strings`);
    const out: Record<string, string> = {};
    for (const [key, v] of Object.entries(value)) {
      const expanded = expand(`${field}.${key}`, v);
      if (expanded === undefined) return undefined;
      out[key] = expanded;
    }
    return out;
  };
  const approval = approvalOf(raw, fail);
  if (!approval) return undefined;
  const type = raw.type ?? (raw.url !== undefined ? "http" : "stdio");
  let server: McpServerConfig | undefined;
  if (type === "http") {
    const url = expand("url", raw.url);
    const headers = record("headers", raw.headers);
    if (url === undefined || headers === undefined) return undefined;
    server = { url, headers, ...approval };
  } else if (type === "stdio") {
    const command = expand("command", raw.command);
    if (raw.args !== undefined && !Array.isArray(raw.args)) return void fail("has args that is not an array of strings");
    const args = ((raw.args as unknown[] | undefined) ?? []).map((arg, i) => expand(`args[${i}]`, arg));
    const vars = record("env", raw.env);
    if (command === undefined || args.includes(undefined) || vars === undefined) return undefined;
    // As Claude Code starts it: in the project, told where the project is.
    server = { command, args: args as string[], env: { CLAUDE_PROJECT_DIR: folder, ...vars }, cwd: folder, ...approval };
  } else if (type === "sse") {
    return void fail('uses the "sse" transport, which June does not speak (MCP deprecated it): give the server\'s streamable HTTP endpoint with "type": "http"');
  } else {
    return void fail(`has type ${JSON.stringify(type)}: write "stdio" or "http"`);
  }
  if (missing.length > 0) return void fail(`uses ${missing.join(", ")}, but the variable is not set and has no default (\${VAR:-default}); it is left out`);
  return server;
}

function approvalOf(raw: Record<string, unknown>, fail: (message: string) => void): Pick<McpServerConfig, "approve" | "tools"> | undefined {
  // The config's one check (server-config.ts), its first problem said on this server's line.
  const refused = Symbol("refused");
  try {
    return readApproval(raw, (what) => {
      fail(what);
      throw refused;
    }) as Pick<McpServerConfig, "approve" | "tools">;
  } catch (error) {
    if (error === refused) return undefined;
    throw error;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The line of a server's key: the first `"name":` after `"mcpServers"`. */
function lineOfKey(text: string, name: string): number | undefined {
  const start = text.indexOf('"mcpServers"');
  const at = text.indexOf(`${JSON.stringify(name)}`, start < 0 ? 0 : start + 12);
  return at < 0 ? undefined : text.slice(0, at).split("\n").length;
}

/** Where JSON.parse stopped, as a line (V8 says "at position N" or "(line L column C)"). */
function lineOfJsonError(text: string, error: unknown): { line?: number } {
  const message = String((error as Error)?.message ?? "");
  const line = /line (\d+)/.exec(message);
  if (line) return { line: Number(line[1]) };
  const position = /position (\d+)/.exec(message);
  return position ? { line: text.slice(0, Number(position[1])).split("\n").length } : {};
}
