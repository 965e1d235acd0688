// Spec: what a server lists becomes an agent's tools — every page of the listing, each tool under
// its wire name with the server's annotations verbatim (hints the AI SDK doesn't know included),
// and a tool whose wire name no provider accepts skipped with a warning instead of failing.
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { mcpServer } from "./index.ts";

const pagedServer = { command: process.execPath, args: [fileURLToPath(new URL("./fixtures/paged-server.mjs", import.meta.url))] };

describe("a server's listing", () => {
  it("follows every page, keeps annotations verbatim, and skips names no provider accepts", async () => {
    const warnings: string[] = [];
    const loaded = await mcpServer("paged", { ...pagedServer, onWarning: (m) => warnings.push(m) }).load({ signal: new AbortController().signal });
    try {
      expect(Object.keys(loaded.tools)).toEqual(["mcp__paged__ping", "mcp__paged__second_page"]);
      expect(loaded.origins).toEqual({
        mcp__paged__ping: { server: "paged", tool: "ping", annotations: { readOnlyHint: true, "x-june-cost": "free" } },
        mcp__paged__second_page: { server: "paged", tool: "second_page" },
      });
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toContain('MCP server "paged" offers the tool "has.dot"');
      expect(warnings[0]).toContain('"mcp__paged__has.dot"');
    } finally {
      await loaded.close();
    }
  });
});
