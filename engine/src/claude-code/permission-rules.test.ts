// Permission rules as Claude Code reads them: the grammar (bad rules are warnings with file:line),
// deny > ask > allow, Bash prefix and wildcard patterns over each part of a compound command,
// gitignore-style paths for the file tools, WebFetch domains and MCP server names.
import { describe, expect, it } from "vitest";
import { decide, parseRules } from "./permission-rules.ts";
import { bashPatternMatches, splitCommand } from "./permission-rules-bash.ts";
import type { RuleEntry } from "./settings.ts";

const root = "/work/app";

function entries(lists: Partial<Record<"allow" | "ask" | "deny", string[]>>): RuleEntry[] {
  let line = 1;
  return (["allow", "ask", "deny"] as const).flatMap((list) =>
    (lists[list] ?? []).map((text) => ({ text, list, file: `${root}/.claude/settings.json`, shown: ".claude/settings.json", line: ++line, scope: "project" as const })),
  );
}

function decideWith(lists: Partial<Record<"allow" | "ask" | "deny", string[]>>, tool: string, input: unknown) {
  const { rules, problems } = parseRules(entries(lists), { root, home: "/home/ann" });
  expect(problems).toEqual([]);
  return decide(tool, input, rules, { root, home: "/home/ann" });
}

describe("the rule grammar", () => {
  it("warns about a rule it can't read, naming file:line, and skips it", () => {
    const { rules, problems } = parseRules(entries({ allow: ["Bash(npm test", "Bash()", "WebFetch(example.com)", "Read"] }), { root });
    expect(rules.map((r) => r.entry.text)).toEqual(["Read"]);
    expect(problems.map((p) => [p.code, p.line])).toEqual([
      ["JUNE_PERMISSION_RULE_INVALID", 2],
      ["JUNE_PERMISSION_RULE_INVALID", 3],
      ["JUNE_PERMISSION_RULE_INVALID", 4],
    ]);
    expect(problems[0]!.message).toContain(".claude/settings.json:2");
    expect(problems[2]!.message).toContain("domain:");
  });
});

describe("precedence", () => {
  it("deny wins over ask and allow, ask over allow, and names the rule with its place", () => {
    const lists = { allow: ["Bash"], ask: ["Bash(git push *)"], deny: ["Bash(git push --force *)"] };
    expect(decideWith(lists, "Bash", { command: "git push --force origin" })).toMatchObject({ behavior: "deny", rule: { text: "Bash(git push --force *)", list: "deny", line: 4 } });
    expect(decideWith(lists, "Bash", { command: "git push origin" })).toMatchObject({ behavior: "ask", rule: { text: "Bash(git push *)" } });
    expect(decideWith(lists, "Bash", { command: "ls" })).toMatchObject({ behavior: "allow", rule: { text: "Bash" } });
    expect(decideWith(lists, "Read", { file_path: "a" })).toEqual({ behavior: "none" });
  });
});

describe("Bash commands", () => {
  it("matches the legacy prefix form and the wildcard form at a word boundary", () => {
    expect(bashPatternMatches("npm test:*", "npm test")).toBe(true);
    expect(bashPatternMatches("npm test:*", "npm test -- -u")).toBe(true);
    expect(bashPatternMatches("npm test:*", "npm testing")).toBe(false);
    expect(bashPatternMatches("git log *", "git log --oneline")).toBe(true);
    expect(bashPatternMatches("git log *", "git log")).toBe(true);
    expect(bashPatternMatches("ls *", "lsof")).toBe(false);
    expect(bashPatternMatches("ls*", "lsof")).toBe(true);
    expect(bashPatternMatches("* --version", "node --version")).toBe(true);
    expect(bashPatternMatches("npm run build", "npm run build:dev")).toBe(false);
  });

  it("splits compound commands, respecting quotes, and strips wrappers", () => {
    expect(splitCommand("npm test && git push; echo 'a && b' | wc -l 2>&1")).toEqual(["npm test", "git push", "echo 'a && b'", "wc -l 2>&1"]);
    expect(splitCommand("timeout 30 nohup npm test")).toEqual(["npm test"]);
  });

  it("allows a compound command only when every part is allowed", () => {
    const lists = { allow: ["Bash(npm test *)", "Bash(git status)"] };
    expect(decideWith(lists, "Bash", { command: "npm test && git status" })).toMatchObject({ behavior: "allow" });
    expect(decideWith(lists, "Bash", { command: "npm test && rm -rf /" })).toEqual({ behavior: "none" });
    expect(decideWith(lists, "Bash", { command: "npm test $(rm -rf /)" })).toEqual({ behavior: "none" });
  });

  it("denies a compound command when any part is denied, env assignments or not", () => {
    const lists = { allow: ["Bash"], deny: ["Bash(rm *)"] };
    expect(decideWith(lists, "Bash", { command: "ls && rm -rf build" })).toMatchObject({ behavior: "deny" });
    expect(decideWith(lists, "Bash", { command: "X=1 rm -rf build" })).toMatchObject({ behavior: "deny" });
  });
});

describe("file paths", () => {
  it("reads ./ and bare patterns from the project, bare names at any depth", () => {
    const lists = { deny: ["Read(./secrets/**)", "Read(*.env)"] };
    expect(decideWith(lists, "Read", { file_path: `${root}/secrets/prod/key.pem` })).toMatchObject({ behavior: "deny" });
    expect(decideWith(lists, "Read", { file_path: "config/.env" })).toMatchObject({ behavior: "deny", rule: { text: "Read(*.env)" } });
    expect(decideWith(lists, "Read", { file_path: "src/app.ts" })).toEqual({ behavior: "none" });
  });

  it("reads //abs, ~/ and /project-root forms", () => {
    expect(decideWith({ deny: ["Read(//etc/**)"] }, "Read", { file_path: "/etc/passwd" })).toMatchObject({ behavior: "deny" });
    expect(decideWith({ deny: ["Read(~/.ssh/**)"] }, "Read", { file_path: "/home/ann/.ssh/id_rsa" })).toMatchObject({ behavior: "deny" });
    expect(decideWith({ allow: ["Edit(/src/**/*.ts)"] }, "Edit", { file_path: `${root}/src/a/b.ts` })).toMatchObject({ behavior: "allow" });
    expect(decideWith({ allow: ["Edit(/src/**/*.ts)"] }, "Edit", { file_path: `${root}/lib/b.ts` })).toEqual({ behavior: "none" });
  });

  it("reads patterns as gitignore does: braces are literal, `**` inside a name stays in its folder", () => {
    expect(decideWith({ deny: ["Read(./{a,b}.txt)"] }, "Read", { file_path: "a.txt" })).toEqual({ behavior: "none" });
    expect(decideWith({ deny: ["Read(./{a,b}.txt)"] }, "Read", { file_path: "{a,b}.txt" })).toMatchObject({ behavior: "deny" });
    expect(decideWith({ deny: ["Read(/src/x**y)"] }, "Read", { file_path: "src/x1y" })).toMatchObject({ behavior: "deny" });
    expect(decideWith({ deny: ["Read(/src/x**y)"] }, "Read", { file_path: "src/x/1/y" })).toEqual({ behavior: "none" });
    expect(decideWith({ deny: ["Read(/[!a]*.md)"] }, "Read", { file_path: "b.md" })).toMatchObject({ behavior: "deny" });
    expect(decideWith({ deny: ["Read(/[!a]*.md)"] }, "Read", { file_path: "a.md" })).toEqual({ behavior: "none" });
  });

  it("applies Read rules to Glob and Grep, Edit rules to Write, and a folder's rule to what is inside", () => {
    expect(decideWith({ deny: ["Read(./secrets)"] }, "Grep", { pattern: "x", path: "secrets/deep" })).toMatchObject({ behavior: "deny" });
    expect(decideWith({ deny: ["Edit(./dist/**)"] }, "Write", { file_path: "dist/a.js" })).toMatchObject({ behavior: "deny" });
    expect(decideWith({ deny: ["Read(./secrets/**)"] }, "Write", { file_path: "secrets/a" })).toEqual({ behavior: "none" });
  });
});

describe("WebFetch and MCP", () => {
  it("matches WebFetch by the URL's host", () => {
    const lists = { allow: ["WebFetch(domain:example.com)", "WebFetch(domain:*.docs.dev)"] };
    expect(decideWith(lists, "WebFetch", { url: "https://EXAMPLE.com/a" })).toMatchObject({ behavior: "allow" });
    expect(decideWith(lists, "WebFetch", { url: "https://api.docs.dev/" })).toMatchObject({ behavior: "allow" });
    expect(decideWith(lists, "WebFetch", { url: "https://example.com.evil.io/" })).toEqual({ behavior: "none" });
  });

  it("matches a whole server by mcp__server or mcp__server__*, one tool by its full name", () => {
    expect(decideWith({ allow: ["mcp__github"] }, "mcp__github__search", {})).toMatchObject({ behavior: "allow" });
    expect(decideWith({ allow: ["mcp__github__*"] }, "mcp__github__search", {})).toMatchObject({ behavior: "allow" });
    expect(decideWith({ allow: ["mcp__github__search"] }, "mcp__github__create", {})).toEqual({ behavior: "none" });
    expect(decideWith({ allow: ["mcp__git"] }, "mcp__github__search", {})).toEqual({ behavior: "none" });
  });
});
