// claudeBuiltins(): the ten tools under their Claude Code names and input shapes, marked as
// June's built-ins, with approval on the ones that change things unless overridden.
import { asSchema } from "ai";
import type { FlexibleSchema } from "@ai-sdk/provider-utils";
import { describe, expect, it } from "vitest";
import { isJuneError } from "../../errors/index.ts";
import { builtinName } from "../builtin.ts";
import { claudeBuiltins, CLAUDE_BUILTIN_NAMES, CLAUDE_KNOWN_BUILTINS } from "../index.ts";
import type { ClaudeBuiltinName, ClaudeBuiltins } from "../index.ts";
import { useTempProject } from "./project.test-support.ts";

const project = useTempProject();

function approvals(tools: ClaudeBuiltins): Record<string, unknown> {
  // WebFetch decides per domain: asked of a domain no setting allows.
  const ask = (needs: unknown) => (typeof needs === "function" ? needs({ url: "https://example.com/" }, { toolCallId: "t", messages: [] }) : (needs ?? false));
  return Object.fromEntries(Object.entries(tools).map(([name, tool]) => [name, ask(tool.needsApproval)]));
}

describe("the tool set", () => {
  it("has the eleven Claude Code names, each marked as June's built-in of that name; WebSearch only with a provider", () => {
    const tools = claudeBuiltins({ root: project.current.root });
    expect(Object.keys(tools)).toEqual([...CLAUDE_BUILTIN_NAMES]);
    for (const name of CLAUDE_BUILTIN_NAMES) expect(builtinName(tools[name])).toBe(name);
    const searching = claudeBuiltins({ root: project.current.root, webSearch: { provider: "searxng", url: "http://127.0.0.1:9/" } });
    expect(Object.keys(searching)).toEqual([...CLAUDE_BUILTIN_NAMES, "WebSearch"]);
    expect(builtinName(searching.WebSearch!)).toBe("WebSearch");
  });

  it("takes Claude Code's field names", async () => {
    const tools = claudeBuiltins({ root: project.current.root });
    const fields = async (name: ClaudeBuiltinName) => {
      const schema = (await asSchema(tools[name].inputSchema as FlexibleSchema<unknown>).jsonSchema) as { properties: object; required?: string[] };
      return { properties: Object.keys(schema.properties).sort(), required: schema.required ?? [] };
    };
    expect(await fields("Read")).toEqual({ properties: ["file_path", "limit", "offset"], required: ["file_path"] });
    expect(await fields("Write")).toEqual({ properties: ["content", "file_path"], required: ["file_path", "content"] });
    expect(await fields("Edit")).toEqual({
      properties: ["file_path", "new_string", "old_string", "replace_all"],
      required: ["file_path", "old_string", "new_string"],
    });
    expect(await fields("Glob")).toEqual({ properties: ["path", "pattern"], required: ["pattern"] });
    expect(await fields("Grep")).toEqual({
      properties: ["-A", "-B", "-C", "-i", "-n", "glob", "head_limit", "multiline", "offset", "output_mode", "path", "pattern", "type"],
      required: ["pattern"],
    });
    expect(await fields("Bash")).toEqual({ properties: ["command", "description", "run_in_background", "timeout"], required: ["command"] });
  });

  it("describes each tool for the model without naming the project folder", () => {
    const tools = claudeBuiltins({ root: project.current.root });
    for (const name of CLAUDE_BUILTIN_NAMES) {
      expect(tools[name].description?.length).toBeGreaterThan(100);
      expect(tools[name].description).not.toContain(project.current.root);
    }
  });
});

describe("approval", () => {
  it("asks for Write, Edit, MultiEdit, NotebookEdit and Bash by default, not for Read, Glob, Grep, LS and TodoWrite", () => {
    expect(approvals(claudeBuiltins({ root: project.current.root }))).toEqual({
      Read: false,
      Write: true,
      Edit: true,
      MultiEdit: true,
      Glob: false,
      Grep: false,
      LS: false,
      Bash: true,
      NotebookEdit: true,
      TodoWrite: false,
      WebFetch: true,
    });
  });

  it("overrides per tool name, keeping the other defaults", () => {
    const tools = claudeBuiltins({ root: project.current.root, needsApproval: { Write: false, Read: true } });
    expect(approvals(tools)).toEqual({ Read: true, Write: false, Edit: true, MultiEdit: true, Glob: false, Grep: false, LS: false, Bash: true, NotebookEdit: true, TodoWrite: false, WebFetch: true });
  });

  it("asks for TodoWrite when it is named", () => {
    expect(approvals(claudeBuiltins({ root: project.current.root, needsApproval: { TodoWrite: true } })).TodoWrite).toBe(true);
  });

  it("sets them all with a boolean, but a blanket true leaves TodoWrite (which changes nothing but its own list) unasked", () => {
    expect(Object.values(approvals(claudeBuiltins({ root: project.current.root, needsApproval: false })))).toEqual(Array(11).fill(false));
    expect(approvals(claudeBuiltins({ root: project.current.root, needsApproval: true }))).toEqual({
      ...Object.fromEntries(CLAUDE_BUILTIN_NAMES.map((name) => [name, true])),
      TodoWrite: false,
    });
  });

  it("refuses an unknown tool name, listing the known ones", () => {
    try {
      claudeBuiltins({ root: project.current.root, needsApproval: { write: false } as never });
      expect.unreachable("expected an error");
    } catch (error) {
      expect(isJuneError(error) && error.code).toBe("JUNE_INVALID_PROPS");
      expect((error as Error).message).toContain('unknown tool "write"; use Read, Write, Edit, MultiEdit, Glob, Grep, LS, Bash, NotebookEdit, TodoWrite, WebFetch');
    }
  });
});

describe("options", () => {
  it("needs root", () => {
    try {
      claudeBuiltins({ root: "" });
      expect.unreachable("expected an error");
    } catch (error) {
      expect(isJuneError(error) && error.code).toBe("JUNE_INVALID_PROPS");
      expect((error as Error).message).toContain("needs root");
    }
  });

  it("refuses a runsFolder that is not a path and an allowStudioData that is not a boolean", () => {
    for (const options of [{ runsFolder: "" }, { runsFolder: 3 }, { allowStudioData: "yes" }]) {
      try {
        claudeBuiltins({ root: project.current.root, ...(options as object) });
        expect.unreachable("expected an error");
      } catch (error) {
        expect(isJuneError(error) && error.code).toBe("JUNE_INVALID_PROPS");
        expect((error as Error).message).toMatch(/runsFolder must be a folder path|allowStudioData must be true or false/);
      }
    }
  });
});

describe("the names June knows", () => {
  it("lists Claude Code built-ins June does not provide, none of them one it does", () => {
    expect(CLAUDE_KNOWN_BUILTINS).toEqual(expect.arrayContaining(["WebSearch", "Task", "Agent", "NotebookRead", "TaskCreate"]));
    expect(CLAUDE_KNOWN_BUILTINS.filter((name) => (CLAUDE_BUILTIN_NAMES as readonly string[]).includes(name))).toEqual([]);
    expect(new Set(CLAUDE_KNOWN_BUILTINS).size).toBe(CLAUDE_KNOWN_BUILTINS.length);
  });

  it("are frozen", () => {
    expect(Object.isFrozen(CLAUDE_BUILTIN_NAMES)).toBe(true);
    expect(Object.isFrozen(CLAUDE_KNOWN_BUILTINS)).toBe(true);
  });
});
