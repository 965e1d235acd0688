// Routecraft "Claude Code compatibility": the loader is tolerant, so an existing agent file works
// without edits — here, the YAML of its frontmatter. The field rules are in agent-definition.test.ts.
import { describe, expect, it } from "vitest";
import { parseAgentFile } from "./agent-definition.ts";

function parsed(text: string, file = "agents/a.md") {
  const result = parseAgentFile(file, text);
  if (!result.definition) throw new Error(`expected a definition, got ${JSON.stringify(result.diagnostics)}`);
  return result.definition;
}

describe("Claude Code compatibility: the frontmatter Claude Code accepts loads", () => {
  it("an unquoted `: ` inside a description (strict YAML refuses it) is read as text", () => {
    const definition = parsed(
      "---\nname: reviewer\ndescription: Use this agent when: the user asks for a review. Examples: <example>Context: a PR\\nuser: \"review it\"</example>\nmodel: sonnet\n---\nYou review.\n",
    );
    expect(definition.description).toBe(
      'Use this agent when: the user asks for a review. Examples: <example>Context: a PR\\nuser: "review it"</example>',
    );
    // the keys after the recovered line still read, with their own lines
    expect(definition.model).toBe("anthropic:claude-sonnet-5-5");
    expect(definition.lines).toEqual({ name: 2, description: 3, model: 4 });
  });

  it("a description over several plain lines, one holding `: `, folds as YAML would", () => {
    const definition = parsed("---\nname: a\ndescription: Line one\n  continues: here\n\n  after a blank line\ntools: Read\n---\nBody");
    expect(definition.description).toBe("Line one continues: here\nafter a blank line");
    expect(definition.lines.tools).toBe(7);
  });

  it("block scalars (| keeps lines, > folds them) hold colons untouched", () => {
    const literal = parsed("---\nname: a\ndescription: |\n  Use when: things break.\n  Then: fix them.\n---\n");
    expect(literal.description).toBe("Use when: things break.\nThen: fix them.");
    const folded = parsed("---\nname: a\ndescription: >\n  Use when: things break.\n  Then fix them.\n---\n");
    expect(folded.description).toBe("Use when: things break. Then fix them.");
  });

  it("only the first closing `---` ends the frontmatter; later `---` lines are the body's", () => {
    const definition = parsed("---\nname: a\ndescription: d\n---\n\nPart one\n---\nPart two\n---\n");
    expect(definition.instructions).toBe("Part one\n---\nPart two\n---");
  });

  it("keys load in any order, and names may hold dots", () => {
    const definition = parsed("---\ndescription: d\nmodel: haiku\nname: code.reviewer\n---\n");
    expect(definition.name).toBe("code.reviewer");
    expect(definition.lines).toEqual({ description: 2, model: 3, name: 4 });
  });

  it("CRLF line endings and a BOM load, and lines are counted the same", () => {
    const definition = parsed("\uFEFF---\r\nname: a\r\ndescription: Fixes: bugs\r\nmodel: opus\r\n---\r\nLine 1\r\nLine 2\r\n");
    expect(definition.description).toBe("Fixes: bugs");
    expect(definition.instructions).toBe("Line 1\nLine 2");
    expect(definition.lines).toEqual({ name: 2, description: 3, model: 4 });
  });

  it("single and double quotes, with escapes and colons, read as YAML says", () => {
    const definition = parsed(`---\nname: 'it''s'\ndescription: "Says: \\"hi\\"\\tthen"\n---\n`);
    expect(definition.name).toBe("it's");
    expect(definition.description).toBe('Says: "hi"\tthen');
  });

  it("a quoted value over several lines reads as one string", () => {
    const definition = parsed('---\nname: a\ndescription: "first line\n  second: line"\n---\n');
    expect(definition.description).toBe("first line second: line");
  });

  it("a nested mapping (hooks) loads, with a `: ` inside it recovered, and is kept as written", () => {
    const result = parseAgentFile(
      "a.md",
      "---\nname: a\ndescription: d\nhooks:\n  PreToolUse:\n    - matcher: Bash\n      command: echo checking: now\n---\n",
    );
    expect(result.definition?.name).toBe("a");
    expect(result.diagnostics).toEqual([]);
    expect(result.definition?.hooks).toEqual({ PreToolUse: [{ matcher: "Bash", command: "echo checking: now" }] });
  });

  it("recovery leaves flow collections alone: a `{key: value}` stays a mapping", () => {
    const { diagnostics } = parseAgentFile("a.md", "---\nname: a\ndescription: Fixes: bugs\nmodel: {id: opus}\n---\n");
    expect(diagnostics).toEqual([expect.objectContaining({ code: "JUNE_AGENT_FIELD_INVALID", field: "model", line: 4 })]);
    expect(diagnostics[0]!.message).toContain("not a mapping");
  });

  it("the frontmatter may start after blank lines", () => {
    expect(parsed("\n\n---\nname: a\ndescription: d\n---\nx").lines.name).toBe(4);
  });
});

describe("Claude Code compatibility: what no harness could load is an error with file:line", () => {
  it("a file with no frontmatter", () => {
    const { definition, diagnostics } = parseAgentFile("agents/notes.md", "# Notes\n\nJust text.");
    expect(definition).toBeUndefined();
    expect(diagnostics).toEqual([
      expect.objectContaining({ severity: "error", code: "JUNE_FRONTMATTER_INVALID", file: "agents/notes.md", line: 1 }),
    ]);
    expect(diagnostics[0]!.message).toContain("agents/notes.md:1");
    expect(diagnostics[0]!.message).toContain("no frontmatter");
  });

  it("frontmatter that is never closed names the line it opened on", () => {
    const { diagnostics } = parseAgentFile("a.md", "\n---\nname: a\ndescription: d\n");
    expect(diagnostics[0]).toMatchObject({ code: "JUNE_FRONTMATTER_INVALID", line: 2 });
    expect(diagnostics[0]!.message).toContain("never closed");
  });

  it("YAML that quoting can't rescue names the file line of the problem", () => {
    const { definition, diagnostics } = parseAgentFile("agents/bad.md", '---\nname: a\ndescription: "unterminated\n---\nBody');
    expect(definition).toBeUndefined();
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ severity: "error", code: "JUNE_FRONTMATTER_INVALID", file: "agents/bad.md", line: 3 });
    expect(diagnostics[0]!.message).toMatch(/^june: agents\/bad\.md:3: the frontmatter is not valid YAML/);
  });

  it("a key given twice is refused (which one was meant is unknowable)", () => {
    const { diagnostics } = parseAgentFile("a.md", "---\nname: a\ndescription: d\nname: b\n---\n");
    expect(diagnostics[0]).toMatchObject({ code: "JUNE_FRONTMATTER_INVALID", line: 4 });
  });

  it("a key given twice inside a nested mapping is refused too, at the repeated key", () => {
    const { diagnostics } = parseAgentFile("a.md", "---\nname: a\ndescription: d\nhooks:\n  Stop: []\n  Stop: [x]\n---\n");
    expect(diagnostics[0]).toMatchObject({ code: "JUNE_FRONTMATTER_INVALID", line: 6, column: 3 });
    expect(diagnostics[0]!.message).toContain("Map keys must be unique");
  });

  it("frontmatter that is a list, not key: value lines", () => {
    const { diagnostics } = parseAgentFile("a.md", "---\n- name\n- description\n---\n");
    expect(diagnostics[0]).toMatchObject({ code: "JUNE_FRONTMATTER_INVALID", line: 2 });
    expect(diagnostics[0]!.message).toContain("key: value");
  });
});
