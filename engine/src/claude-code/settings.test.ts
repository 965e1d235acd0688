// Reading a project's settings files: local before shared, every rule with its file and line, a
// broken file a problem naming file:line while the other file still loads, the user's file only
// when its path is passed.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadClaudeSettings } from "./settings.ts";

let root = "";
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), "june-settings-"));
  await mkdir(join(root, ".claude"));
});
afterEach(() => rm(root, { recursive: true, force: true }));

const write = (name: string, text: string) => writeFile(join(root, ".claude", name), text);

describe("loadClaudeSettings", () => {
  it("keeps each rule's list, file and line, the local file's first", async () => {
    await write("settings.json", `{\n  "permissions": {\n    "allow": [\n      "Bash(npm test:*)"\n    ],\n    "deny": ["Read(./.env)"]\n  }\n}\n`);
    await write("settings.local.json", `{\n  "permissions": { "ask": ["Bash(git push *)"], "defaultMode": "acceptEdits" }\n}\n`);
    const settings = await loadClaudeSettings(root);
    expect(settings.problems).toEqual([]);
    expect(settings.rules.map((r) => [r.text, r.list, r.shown, r.line])).toEqual([
      ["Bash(git push *)", "ask", ".claude/settings.local.json", 2],
      ["Bash(npm test:*)", "allow", ".claude/settings.json", 4],
      ["Read(./.env)", "deny", ".claude/settings.json", 6],
    ]);
    expect(settings.defaultMode).toMatchObject({ value: "acceptEdits", shown: ".claude/settings.local.json", line: 2 });
  });

  it("reports a file that is not JSON with its line, and still loads the other", async () => {
    await write("settings.json", `{\n  "permissions": {\n    "allow": ["Bash(ls)",]\n  }\n}\n`);
    await write("settings.local.json", `{ "permissions": { "deny": ["Bash(rm *)"] } }`);
    const settings = await loadClaudeSettings(root);
    expect(settings.rules.map((r) => r.text)).toEqual(["Bash(rm *)"]);
    expect(settings.problems).toHaveLength(1);
    expect(settings.problems[0]).toMatchObject({ code: "JUNE_SETTINGS_INVALID", line: 3, file: join(root, ".claude", "settings.json") });
    expect(settings.problems[0]!.message).toContain(".claude/settings.json:3");
  });

  it("reports a value of the wrong type at its line and keeps the rest", async () => {
    await write("settings.json", `{\n  "permissions": {\n    "allow": "Bash",\n    "deny": ["Bash(rm *)", 7]\n  }\n}\n`);
    const settings = await loadClaudeSettings(root);
    expect(settings.rules.map((r) => r.text)).toEqual(["Bash(rm *)"]);
    expect(settings.problems.map((p) => [p.code, p.line])).toEqual([
      ["JUNE_SETTINGS_INVALID", 3],
      ["JUNE_SETTINGS_INVALID", 4],
    ]);
  });

  it("reads the user's settings only when given, after the project's", async () => {
    const user = join(root, "user-settings.json");
    await writeFile(user, `{ "permissions": { "allow": ["Read"] } }`);
    expect((await loadClaudeSettings(root)).rules).toEqual([]);
    const settings = await loadClaudeSettings(root, { userSettings: user });
    expect(settings.rules).toMatchObject([{ text: "Read", scope: "user", file: user }]);
  });

  it("keeps hooks with the line of each entry", async () => {
    await write("settings.json", `{\n  "hooks": {\n    "PreToolUse": [\n      { "matcher": "Bash", "hooks": [\n        { "type": "command", "command": "./guard.sh" }\n      ] }\n    ]\n  }\n}\n`);
    const settings = await loadClaudeSettings(root);
    expect(settings.hooks).toHaveLength(1);
    expect(settings.hooks[0]!.lineOf(["PreToolUse", 0, "hooks", 0])).toBe(5);
  });
});
