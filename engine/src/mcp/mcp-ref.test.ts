// Spec: the MCP tool grammar — MCP(server), MCP(server:tool), and the raw mcp__server__tool forms
// Claude Code agent files carry, split at the first "__" after the prefix.
import { describe, expect, it } from "vitest";
import { mcpWireName, parseMcpRef } from "./index.ts";

describe("parseMcpRef", () => {
  it.each([
    ["MCP(github)", { server: "github" }],
    ["MCP(github:create_issue)", { server: "github", tool: "create_issue" }],
    ["MCP(my-docs:get-env)", { server: "my-docs", tool: "get-env" }],
    ["mcp__github__create_issue", { server: "github", tool: "create_issue" }],
    ["mcp__github", { server: "github" }],
    ["mcp__github__*", { server: "github" }],
    ["  MCP(github)  ", { server: "github" }],
  ])("reads %j", (ref, expected) => {
    expect(parseMcpRef(ref)).toEqual(expected);
  });

  it("splits the raw form at the first __ after the prefix, leaving the tool free to carry __", () => {
    expect(parseMcpRef("mcp__github__issues__create")).toEqual({ server: "github", tool: "issues__create" });
    expect(parseMcpRef("mcp__gh___x")).toEqual({ server: "gh", tool: "_x" });
  });

  it.each(["Read", "Bash(git:*)", "MCP()", "MCP(github:)", "MCP(a:b:c)", "MCP(git hub)", "mcp__", "mcp____tool", "mcp__github__", "mcp__git hub__x", "Direct(hello)", "mcp_github"])(
    "is undefined for %j",
    (ref) => {
      expect(parseMcpRef(ref)).toBeUndefined();
    },
  );
});

describe("mcpWireName", () => {
  it("is mcp__<server>__<tool>, which parseMcpRef reads back", () => {
    expect(mcpWireName("github", "issues__create")).toBe("mcp__github__issues__create");
    expect(parseMcpRef(mcpWireName("github", "issues__create"))).toEqual({ server: "github", tool: "issues__create" });
  });
});
