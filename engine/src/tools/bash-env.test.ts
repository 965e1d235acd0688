import { describe, expect, it } from "vitest";
import { buildBashEnv, DEFAULT_BASH_ENV_ALLOWLIST } from "./bash-env.ts";

describe("buildBashEnv passes only allow-listed host variables and explicit ones", () => {
  const hostEnv = { PATH: "/usr/bin", HOME: "/home/u", OPENAI_API_KEY: "sk-secret", GITHUB_TOKEN: "ghp" };

  it("copies allow-listed variables and leaves the rest of the host out", () => {
    expect(buildBashEnv({ hostEnv, allowEnv: ["PATH", "HOME"] })).toEqual({ PATH: "/usr/bin", HOME: "/home/u" });
  });

  it("skips allow-listed names the host does not set", () => {
    expect(buildBashEnv({ hostEnv, allowEnv: ["PATH", "TZ"] })).toEqual({ PATH: "/usr/bin" });
  });

  it("adds explicit variables, which win over host values", () => {
    expect(buildBashEnv({ hostEnv, allowEnv: ["PATH", "HOME"], env: { HOME: "/tmp/h", CI: "1" } })).toEqual({
      PATH: "/usr/bin",
      HOME: "/tmp/h",
      CI: "1",
    });
  });

  it("gives only explicit variables with an empty allow-list", () => {
    expect(buildBashEnv({ hostEnv, allowEnv: [], env: { CI: "1" } })).toEqual({ CI: "1" });
  });
});

describe("DEFAULT_BASH_ENV_ALLOWLIST", () => {
  it("is the small list of variables tools need, with nothing that holds a credential", () => {
    expect([...DEFAULT_BASH_ENV_ALLOWLIST].sort()).toEqual(
      ["HOME", "LANG", "LC_ALL", "LOGNAME", "PATH", "SHELL", "TERM", "TMPDIR", "TZ", "USER"].sort(),
    );
  });

  it("cannot be changed at run time", () => {
    expect(() => (DEFAULT_BASH_ENV_ALLOWLIST as string[]).push("AWS_SECRET_ACCESS_KEY")).toThrow(TypeError);
  });
});
