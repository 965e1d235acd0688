// Spec: which `@path`s of a CLAUDE.md are imports, as Claude Code reads them: after whitespace or
// at a line's start, never in fenced code blocks or inline code spans, without the sentence's
// punctuation, with `\ ` for a space.
import { describe, expect, it } from "vitest";
import { findImports } from "./claude-md-imports.ts";

const paths = (text: string) => findImports(text).map((i) => i.path);

describe("what is an import", () => {
  it("an @path at a line's start or after whitespace, each with its line", () => {
    expect(findImports("See @README for the overview.\n\n- git workflow @docs/git.md\n@./a.md @../b.md @/abs/c.md @~/.claude/mine.md\n")).toEqual([
      { path: "README", line: 1 },
      { path: "docs/git.md", line: 3 },
      { path: "./a.md", line: 4 },
      { path: "../b.md", line: 4 },
      { path: "/abs/c.md", line: 4 },
      { path: "~/.claude/mine.md", line: 4 },
    ]);
  });

  it("the sentence's punctuation is not part of the path; an escaped space is", () => {
    expect(paths("Read @docs/style.md, then @notes.md.\n(see @x.md)\n@my\\ notes.md\n")).toEqual(["docs/style.md", "notes.md", "x.md", "my notes.md"]);
  });

  it("an @ inside a word (an e-mail), @@, @# and a lone @ are not imports", () => {
    expect(paths("mail me@example.com, @@twice, @#tag, @ alone, @/\n")).toEqual([]);
  });
});

describe("code is not read for imports", () => {
  it("inline code spans, of one backtick or more, on the same line", () => {
    expect(paths("Install `@anthropic-ai/claude-code` and ``@a `b` @c`` but read @real.md\n")).toEqual(["real.md"]);
  });

  it("an unclosed backtick is text, so what follows it is read", () => {
    expect(paths("a ` stray backtick @after.md\n")).toEqual(["after.md"]);
  });

  it("fenced code blocks of backticks or tildes, until a fence of the same character at least as long", () => {
    const text = ["```sh", "npm i @scope/pkg", "~~~", "@still/code", "```", "@out1.md", "~~~~", "@in.md", "~~~", "@still/in.md", "~~~~", "@out2.md"].join("\n");
    expect(paths(text)).toEqual(["out1.md", "out2.md"]);
  });

  it("a fence left open runs to the end of the file", () => {
    expect(paths("@before.md\n```\n@never.md\n")).toEqual(["before.md"]);
  });

  it("three backticks with a backtick after them is inline code, not a fence", () => {
    expect(paths("```@a``` @b.md\n@c.md\n")).toEqual(["b.md", "c.md"]);
  });
});
