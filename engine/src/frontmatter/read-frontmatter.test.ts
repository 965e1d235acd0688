// The frontmatter reader markdown agents and skills share: what it splits off, when it had to
// recover, and where a refusal points. The agent-file rules built on it are in
// markdown/frontmatter.test.ts and markdown/agent-definition.test.ts.
import { describe, expect, it } from "vitest";
import { readFrontmatter } from "./read-frontmatter.ts";

describe("readFrontmatter splits a file into its frontmatter and its body", () => {
  it("gives the data, each key's file line, the body and the opening line", () => {
    const read = readFrontmatter("a.md", "\n---\nname: a\ndescription: d\n---\nBody\n");
    expect(read).toEqual({
      ok: true,
      frontmatter: { data: { name: "a", description: "d" }, keyLines: { name: 3, description: 4 }, body: "Body\n", startLine: 2, recovered: false },
    });
  });

  it("says when it had to recover", () => {
    const strict = readFrontmatter("a.md", "---\nname: a\n---\n");
    const loose = readFrontmatter("a.md", "---\nname: a: b\n---\n");
    expect(strict.ok && strict.frontmatter.recovered).toBe(false);
    expect(loose.ok && loose.frontmatter.recovered).toBe(true);
    expect(loose.ok && loose.frontmatter.data).toEqual({ name: "a: b" });
  });
});

describe("readFrontmatter refuses with the file, line and column at fault", () => {
  it("YAML that quoting can't rescue is an error of the file at its line", () => {
    const read = readFrontmatter("agents/bad.md", '---\nname: a\ndescription: "unterminated\n---\nBody');
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.diagnostic).toMatchObject({ severity: "error", code: "JUNE_FRONTMATTER_INVALID", file: "agents/bad.md", line: 3 });
    expect(read.diagnostic.message).toMatch(/^june: agents\/bad\.md:3: the frontmatter is not valid YAML/);
  });

  it("a file without frontmatter points at its first line, column 1", () => {
    const read = readFrontmatter("notes.md", "# Notes");
    expect(read).toEqual({ ok: false, diagnostic: expect.objectContaining({ code: "JUNE_FRONTMATTER_INVALID", file: "notes.md", line: 1, column: 1 }) });
  });
});
