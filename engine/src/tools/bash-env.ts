// The environment a bash command sees: only allow-listed host variables plus explicit ones, so
// API keys and tokens in the host's process.env never reach a command the model wrote.

/**
 * Host variables a bash command gets by default: enough for tools to find binaries, a home
 * folder, a locale and a temp folder, and nothing that usually holds a credential.
 */
export const DEFAULT_BASH_ENV_ALLOWLIST: readonly string[] = Object.freeze([
  "PATH",
  "HOME",
  "LANG",
  "LC_ALL",
  "TERM",
  "TMPDIR",
  "USER",
  "LOGNAME",
  "SHELL",
  "TZ",
]);

/** What the child's environment is built from. */
export interface BashEnvSources {
  /** The host environment to pick allow-listed variables from. */
  hostEnv: NodeJS.ProcessEnv;
  /** Names of host variables passed through. */
  allowEnv: readonly string[];
  /** Variables set explicitly; they win over host values of the same name. */
  env?: Readonly<Record<string, string>>;
}

/**
 * Builds a child environment from allow-listed host variables and explicit ones.
 *
 * @example
 * buildBashEnv({ hostEnv: process.env, allowEnv: ["PATH"], env: { CI: "1" } });
 * // { PATH: "/usr/bin:/bin", CI: "1" }
 */
export function buildBashEnv(sources: BashEnvSources): Record<string, string> {
  const childEnv: Record<string, string> = {};
  for (const name of sources.allowEnv) {
    const value = sources.hostEnv[name];
    if (value !== undefined) childEnv[name] = value;
  }
  return { ...childEnv, ...sources.env };
}
