// How an MCP server is reached: a command June starts (stdio) or a URL (streamable HTTP), checked
// where it is declared, and the key under which identical declarations share one connection.
import { createHash } from "node:crypto";
import { JuneError } from "../errors/index.ts";
import { MCP_APPROVE_VALUES, type McpApprovalConfig } from "./approval.ts";

/** What every MCP server declaration may set. */
export interface McpServerCommon extends McpApprovalConfig {
  /** Where warnings go (a tool skipped for its name); default console.warn. */
  onWarning?: (message: string) => void;
}

/** A server June starts as a child process and talks to over stdin/stdout. */
export interface McpStdioConfig extends McpServerCommon {
  command: string;
  args?: readonly string[];
  /** Added to the allow-listed host variables (PATH, HOME, LANG, …); the rest of the host's env is never passed. */
  env?: Readonly<Record<string, string>>;
  cwd?: string;
}

/** A server reached over streamable HTTP. */
export interface McpHttpConfig extends McpServerCommon {
  url: string | URL;
  headers?: Readonly<Record<string, string>>;
}

export type McpServerConfig = McpStdioConfig | McpHttpConfig;

/** The checked form: exactly one transport, plain values. */
export type McpTransportSpec =
  | { kind: "stdio"; command: string; args: string[]; env: Record<string, string>; cwd?: string }
  | { kind: "http"; url: URL; headers: Record<string, string> };

/** Checks a declaration's approval settings, naming the server and the field; throws JUNE_INVALID_MCP_CONFIG. */
export function approvalConfig(name: string, config: McpServerCommon): McpApprovalConfig {
  return readApproval(config, (what) => {
    throw new JuneError("JUNE_INVALID_MCP_CONFIG", `june: mcpServer(${JSON.stringify(name)}, …) ${what}.`);
  });
}

/**
 * The approval settings of a server's config (`approve`, `tools: { <tool>: { approve } }`), the
 * one check of them: `fail` gets what is wrong ("has approve \"sometimes\": write …") and throws.
 */
export function readApproval(config: { approve?: unknown; tools?: unknown }, fail: (what: string) => never): McpApprovalConfig {
  const approve = (value: unknown, field: string) => {
    if (value !== undefined && !MCP_APPROVE_VALUES.includes(value as never)) fail(`has ${field} ${JSON.stringify(value)}: write "always", "never" or "by-annotations"`);
    return value as McpApprovalConfig["approve"];
  };
  const out: { approve?: McpApprovalConfig["approve"]; tools?: Record<string, { approve?: McpApprovalConfig["approve"] }> } = {};
  if (config.approve !== undefined) out.approve = approve(config.approve, "approve");
  if (config.tools !== undefined) {
    if (typeof config.tools !== "object" || config.tools === null || Array.isArray(config.tools)) fail("has tools that is not an object of { approve } by tool name");
    out.tools = {};
    for (const [tool, setting] of Object.entries(config.tools as Record<string, unknown>)) {
      if (typeof setting !== "object" || setting === null) fail(`has tools.${tool} that is not an object ({ approve: … })`);
      out.tools[tool] = { approve: approve((setting as { approve?: unknown }).approve, `tools.${tool}.approve`) };
    }
  }
  return out;
}

/** Checks a declaration's config, naming the server and the field; throws JUNE_INVALID_MCP_CONFIG. */
export function transportSpec(name: string, config: unknown): McpTransportSpec {
  const fail = (what: string): never => {
    throw new JuneError("JUNE_INVALID_MCP_CONFIG", `june: mcpServer(${JSON.stringify(name)}, …) ${what}.`);
  };
  if (typeof config !== "object" || config === null) return fail("needs a config: { command, args?, env?, cwd? } or { url, headers? }");
  const c = config as Record<string, unknown>;
  if ("command" in c && "url" in c) return fail("has both command and url: give a command to start or a url to connect to, not both");
  if ("url" in c) {
    let url: URL;
    try {
      url = new URL(String(c.url));
    } catch {
      return fail("has a url that is not a valid URL");
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") fail(`has a ${url.protocol} url: MCP over HTTP needs http: or https:`);
    return { kind: "http", url, headers: stringRecord(c.headers, "headers", fail) };
  }
  if (typeof c.command !== "string" || c.command.trim() === "") return fail("needs a command to start (a string) or a url to connect to");
  if (c.args !== undefined && (!Array.isArray(c.args) || !c.args.every((a) => typeof a === "string"))) fail("has args that are not an array of strings");
  if (c.cwd !== undefined && typeof c.cwd !== "string") fail("has a cwd that is not a string");
  return {
    kind: "stdio",
    command: c.command,
    args: [...((c.args as string[] | undefined) ?? [])],
    env: stringRecord(c.env, "env", fail),
    ...(typeof c.cwd === "string" ? { cwd: c.cwd } : {}),
  };
}

function stringRecord(value: unknown, field: string, fail: (what: string) => never): Record<string, string> {
  if (value === undefined) return {};
  if (typeof value !== "object" || value === null || Array.isArray(value)) return fail(`has ${field} that is not an object of strings`);
  const out: Record<string, string> = {};
  for (const [key, v] of Object.entries(value)) {
    // An unset host variable passed through (`{ TOKEN: process.env.TOKEN }`) is left out, not "undefined".
    if (v === undefined) continue;
    if (typeof v !== "string") fail(`has ${field}.${key} that is not a string`);
    out[key] = v as string;
  }
  return out;
}

/**
 * The cache key: the same name, transport and approval settings give the same key, so identical
 * declarations in one run share one connection (and one set of tools, with their approval
 * decided once). Hashed, because env and headers often hold secrets.
 */
export function serverKey(name: string, spec: McpTransportSpec, approval: McpApprovalConfig = {}): string {
  const approvals = [approval.approve ?? "by-annotations", Object.entries(approval.tools ?? {}).map(([tool, s]) => [tool, s.approve ?? null]).sort()];
  const canonical =
    spec.kind === "stdio"
      ? ["stdio", spec.command, spec.args, sorted(spec.env), spec.cwd ?? null, approvals]
      : ["http", spec.url.href, sorted(spec.headers), approvals];
  return `mcp:${name}:${createHash("sha256").update(JSON.stringify(canonical)).digest("hex").slice(0, 16)}`;
}

function sorted(record: Record<string, string>): [string, string][] {
  return Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** Where the server is, for messages: the command's name, or the URL without credentials or query. */
export function describeTarget(spec: McpTransportSpec): string {
  if (spec.kind === "stdio") return `command ${JSON.stringify(spec.command)}`;
  return `${spec.url.origin}${spec.url.pathname}`;
}
