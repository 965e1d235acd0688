// Spec: an MCP server over streamable HTTP — server-everything serving HTTP on a loopback port,
// called through a real run; a refused connection and an HTTP error name the server, and neither
// headers nor the URL's query (where tokens live) appear in the message.
import { createServer, type IncomingHttpHeaders } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Agent, Step, Tools, run } from "june";
import { scripted } from "june/sdk/scripted";
import { mcpServer } from "./index.ts";
import { closedPort, startEverythingHttp } from "./servers.test-support.ts";

const never = () => new AbortController().signal;

describe("an MCP server over streamable HTTP", () => {
  let everything: { url: string; stop: () => Promise<void> };

  beforeAll(async () => {
    everything = await startEverythingHttp();
  });

  afterAll(async () => {
    await everything?.stop();
  });

  it("offers the server's tools and a call reaches the server and comes back", async () => {
    const model = scripted([{ toolCalls: [{ toolName: "mcp__web__echo", input: { message: "hello over http" } }] }, { text: "done" }]);
    const result = await run(
      <Agent model={model}>
        <Tools from={mcpServer("web", { url: everything.url })} />
        <Step id="s" prompt="Echo something" />
      </Agent>,
    ).result;
    expect(result.status).toBe("succeeded");
    expect(model.calls[0]!.tools).toEqual(expect.arrayContaining(["mcp__web__echo", "mcp__web__get-sum", "mcp__web__get-env"]));
    expect(JSON.stringify(model.calls[1]!.prompt)).toContain("Echo: hello over http");
  });

  it("records the server's annotations for each tool", async () => {
    const loaded = await mcpServer("web", { url: everything.url }).load({ signal: never() });
    try {
      expect(loaded.origins["mcp__web__echo"]).toEqual({
        server: "web",
        tool: "echo",
        annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
      });
    } finally {
      await loaded.close();
    }
  });

  it("a refused connection rejects naming the server, its address and the refusal", async () => {
    const port = await closedPort();
    await expect(mcpServer("down", { url: `http://127.0.0.1:${port}/mcp?key=secret-in-query` }).load({ signal: never() })).rejects.toThrow(
      new RegExp(`^MCP server "down" \\(http://127\\.0\\.0\\.1:${port}/mcp\\) failed to connect: .*ECONNREFUSED`),
    );
  });

  it("sends the declared headers, and an HTTP error names the server and the status but not the headers or query", async () => {
    const seen: IncomingHttpHeaders[] = [];
    const server = createServer((req, res) => {
      seen.push(req.headers);
      res.writeHead(401, { "content-type": "text/plain" }).end("unauthorized");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    try {
      const error = await mcpServer("guarded", { url: `http://127.0.0.1:${port}/mcp?key=secret-in-query`, headers: { Authorization: "Bearer t0ken-secret" } })
        .load({ signal: never() })
        .then(
          () => undefined,
          (e: Error) => e,
        );
      expect(error!.message).toContain(`MCP server "guarded" (http://127.0.0.1:${port}/mcp) failed to connect`);
      expect(error!.message).toContain("401");
      expect(error!.message).not.toContain("t0ken-secret");
      expect(error!.message).not.toContain("secret-in-query");
      expect(seen[0]!.authorization).toBe("Bearer t0ken-secret");
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
