// The environment an MCP server process gets: the same short allow-list of host variables a bash
// command gets, plus what the declaration sets — never the host's whole process.env, where API
// keys and tokens live.
import { DEFAULT_BASH_ENV_ALLOWLIST } from "../tools/index.ts";

/** Host variables an MCP server process gets by default (the bash tool's list). */
export const DEFAULT_MCP_ENV_ALLOWLIST: readonly string[] = DEFAULT_BASH_ENV_ALLOWLIST;

/**
 * Allow-listed host variables plus `env`, which wins over host values of the same name.
 *
 * @example
 * mcpChildEnv({ PATH: "/usr/bin", OPENAI_API_KEY: "sk-…" }, { GITHUB_TOKEN: "ghp_…" });
 * // { PATH: "/usr/bin", GITHUB_TOKEN: "ghp_…" }
 */
export function mcpChildEnv(hostEnv: NodeJS.ProcessEnv, env: Readonly<Record<string, string>> = {}): Record<string, string> {
  const childEnv: Record<string, string> = {};
  for (const name of DEFAULT_MCP_ENV_ALLOWLIST) {
    const value = hostEnv[name];
    if (value !== undefined) childEnv[name] = value;
  }
  for (const [name, value] of Object.entries(env)) {
    // `env: { TOKEN: process.env.TOKEN }` with TOKEN unset would otherwise pass "undefined".
    if (typeof value === "string") childEnv[name] = value;
  }
  return childEnv;
}
