// A problem's message cut to its first sentence, for a compact row.
import { describe, expect, it } from "vitest";
import { messageSummary } from "./message-summary.ts";

describe("messageSummary", () => {
  it("drops the june: prefix and the file:line the row already links to", () => {
    expect(messageSummary("june: .claude/agents/a.md:3: `tools` names no tool \"Grp\". Did you mean \"Grep\"?")).toEqual({ summary: '`tools` names no tool "Grp".', more: true });
    expect(messageSummary("june: collision.tsx:17:7: two tools named lookup.")).toEqual({ summary: "two tools named lookup.", more: false });
  });

  it("ends the sentence at its first full stop before a capital, not at a file's extension or an abbreviation", () => {
    const message = "june: /p/.claude/agents/x.md is not a .md file, e.g. a folder. Pass a folder of agent .md files.";
    expect(messageSummary(message)).toEqual({ summary: "/p/.claude/agents/x.md is not a .md file, e.g. a folder.", more: true });
  });

  it("keeps to the first line of a message of several", () => {
    const message = 'june: two capabilities of Collision expose one tool name; the tool name "lookup" comes from\n  - <Tool> at collision.tsx:17\n  - <Tool> at collision.tsx:18\nTool names are unique in an agent: rename one.';
    expect(messageSummary(message)).toEqual({ summary: 'two capabilities of Collision expose one tool name; the tool name "lookup" comes from', more: true });
  });

  it("is the whole message when it is one sentence", () => {
    expect(messageSummary("june: ignored")).toEqual({ summary: "ignored", more: false });
    expect(messageSummary("Something failed!")).toEqual({ summary: "Something failed!", more: false });
  });
});
