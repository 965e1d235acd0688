// Spec: mcpServer() declarations — the client name rules (Routecraft), the config, the key that
// makes identical declarations share one connection, and the environment a stdio server gets.
import { describe, expect, it } from "vitest";
import { isJuneError } from "june";
import { mcpChildEnv } from "./child-env.ts";
import { DEFAULT_MCP_ENV_ALLOWLIST, mcpServer, type McpServerConfig } from "./index.ts";

function thrown(f: () => unknown): { code: string; message: string } {
  try {
    f();
  } catch (error) {
    if (isJuneError(error)) return error;
    throw error;
  }
  throw new Error("expected a JuneError");
}

describe("an MCP server's name (Routecraft client names)", () => {
  it.each([
    ["", "may not be empty"],
    ["git__hub", 'may not contain "__"'],
    ["github_", 'may not end in "_"'],
    ["git hub", 'letters, digits, "_" and "-"'],
    ["git:hub", 'letters, digits, "_" and "-"'],
  ])("rejects %j at construction, naming it and the rule", (name, rule) => {
    const error = thrown(() => mcpServer(name, { command: "x" }));
    expect(error.code).toBe("JUNE_INVALID_MCP_NAME");
    expect(error.message).toContain(`mcpServer(${JSON.stringify(name)}`);
    expect(error.message).toContain(rule);
  });

  it.each(["github", "my-docs", "a_b", "_x", "Server2"])("accepts %j", (name) => {
    expect(mcpServer(name, { command: "x" }).name).toBe(name);
  });
});

describe("an MCP server's config", () => {
  it.each<[string, unknown, string]>([
    ["nothing", {}, "needs a command to start"],
    ["both transports", { command: "x", url: "http://localhost/mcp" }, "has both command and url"],
    ["a bad url", { url: "not a url" }, "not a valid URL"],
    ["a non-HTTP url", { url: "ftp://example.com/mcp" }, "needs http: or https:"],
    ["bad args", { command: "x", args: "--flag" }, "args that are not an array of strings"],
    ["a non-string env value", { command: "x", env: { N: 1 } }, "env.N that is not a string"],
  ])("rejects %s with JUNE_INVALID_MCP_CONFIG naming the server", (_what, config, problem) => {
    const error = thrown(() => mcpServer("fs", config as McpServerConfig));
    expect(error.code).toBe("JUNE_INVALID_MCP_CONFIG");
    expect(error.message).toContain('mcpServer("fs"');
    expect(error.message).toContain(problem);
  });

  it("is a tool source of kind mcp named after the server", () => {
    const source = mcpServer("fs", { command: "mcp-server-filesystem", args: ["/tmp"] });
    expect(source).toMatchObject({ name: "fs", kind: "mcp" });
  });
});

describe("the key identical declarations share", () => {
  const key = (name: string, config: McpServerConfig) => mcpServer(name, config).key;

  it("is the same for the same name and transport, however often it is declared", () => {
    expect(key("fs", { command: "srv", args: ["/a"], env: { A: "1", B: "2" } })).toBe(key("fs", { command: "srv", args: ["/a"], env: { B: "2", A: "1" } }));
    expect(key("web", { url: "http://localhost:1/mcp", headers: { X: "1" } })).toBe(key("web", { url: new URL("http://localhost:1/mcp"), headers: { X: "1" } }));
  });

  it("differs when the name, command, args, env, cwd, url or headers differ", () => {
    const base = key("fs", { command: "srv", args: ["/a"], env: { A: "1" } });
    expect(
      new Set([
        base,
        key("fs2", { command: "srv", args: ["/a"], env: { A: "1" } }),
        key("fs", { command: "srv2", args: ["/a"], env: { A: "1" } }),
        key("fs", { command: "srv", args: ["/b"], env: { A: "1" } }),
        key("fs", { command: "srv", args: ["/a"], env: { A: "2" } }),
        key("fs", { command: "srv", args: ["/a"], env: { A: "1" }, cwd: "/tmp" }),
        key("fs", { url: "http://localhost:1/mcp" }),
        key("fs", { url: "http://localhost:1/mcp", headers: { Authorization: "Bearer t" } }),
      ]).size,
    ).toBe(8);
  });

  it("never spells out env or header values, which often hold secrets", () => {
    expect(key("fs", { command: "srv", env: { TOKEN: "hunter2" } })).not.toContain("hunter2");
    expect(key("web", { url: "http://localhost:1/mcp", headers: { Authorization: "Bearer hunter2" } })).not.toContain("hunter2");
  });
});

describe("a stdio server's environment", () => {
  const host = { PATH: "/usr/bin", HOME: "/home/u", LANG: "C.UTF-8", OPENAI_API_KEY: "sk-secret", GITHUB_TOKEN: "ghp" };

  it("is the allow-listed host variables plus the declared ones, never the rest of the host's", () => {
    expect(mcpChildEnv(host, { GITHUB_TOKEN: "scoped", DEBUG: "1" })).toEqual({ PATH: "/usr/bin", HOME: "/home/u", LANG: "C.UTF-8", GITHUB_TOKEN: "scoped", DEBUG: "1" });
  });

  it("allows the bash tool's list: PATH, HOME, locale, terminal, temp folder, user, shell, time zone", () => {
    expect([...DEFAULT_MCP_ENV_ALLOWLIST].sort()).toEqual(["HOME", "LANG", "LC_ALL", "LOGNAME", "PATH", "SHELL", "TERM", "TMPDIR", "TZ", "USER"]);
  });
});
