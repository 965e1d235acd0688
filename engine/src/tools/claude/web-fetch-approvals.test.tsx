// WebFetch asks once per domain and conversation (Claude Code's "don't ask again for this
// domain"): through June's run(), a second fetch of a domain the person let through runs unasked,
// another domain asks again, and a denied domain is asked about again.
import { describe, expect, it } from "vitest";
import type { ModelMessage } from "ai";
import { Agent, Step, Tool, run, type RunHandle } from "june";
import { scripted } from "june/sdk/scripted";
import { fetchedBefore } from "./web-fetch-approvals.ts";
import { webFetchTool } from "./web-fetch.ts";
import { useLoopbackServers } from "./web.test-support.ts";

const serve = useLoopbackServers();

function call(id: string, url: string): ModelMessage {
  return { role: "assistant", content: [{ type: "tool-call", toolCallId: id, toolName: "WebFetch", input: { url, prompt: "p" } }] };
}
function result(id: string, denied = false): ModelMessage {
  return {
    role: "tool",
    content: [{ type: "tool-result", toolCallId: id, toolName: "WebFetch", output: denied ? { type: "execution-denied" } : { type: "text", value: "page" } }],
  };
}

describe("WebFetch asks once per domain", () => {
  it("a domain fetched earlier in the conversation counts; a denied or unanswered one doesn't", () => {
    expect(fetchedBefore("a.example", [call("1", "https://a.example/x"), result("1")])).toBe(true);
    expect(fetchedBefore("b.example", [call("1", "https://a.example/x"), result("1")])).toBe(false);
    expect(fetchedBefore("a.example", [call("1", "https://a.example/x"), result("1", true)])).toBe(false);
    expect(fetchedBefore("a.example", [call("1", "https://a.example/x")])).toBe(false);
    expect(fetchedBefore(undefined, [call("1", "https://a.example/x"), result("1")])).toBe(false);
  });

  it("in a run: the first fetch of a domain waits for approval, the second runs unasked, a third domain asks", async () => {
    const server = await serve((_request, response) => response.writeHead(200, { "content-type": "text/plain" }).end("hello"));
    const other = server.origin.replace("127.0.0.1", "localhost");
    const model = scripted([
      { toolCalls: [{ toolName: "WebFetch", input: { url: `${server.origin}/one`, prompt: "p" } }] },
      { toolCalls: [{ toolName: "WebFetch", input: { url: `${server.origin}/two`, prompt: "p" } }] },
      { toolCalls: [{ toolName: "WebFetch", input: { url: `${other}/three`, prompt: "p" } }] },
      { text: "done" },
    ]);
    const handle = run(
      <Agent model={model}>
        <Tool name="WebFetch" value={webFetchTool({ allowPrivate: true })} />
        <Step id="s" prompt="Fetch them" />
      </Agent>,
    );
    const asked = await approveAll(handle);
    const outcome = await handle.result;
    expect(outcome.status).toBe("succeeded");
    expect(asked).toEqual([`${server.origin}/one`, `${other}/three`]);
    expect(server.requests.map((r) => r.url)).toEqual(["/one", "/two", "/three"]);
  });
});

async function approveAll(handle: RunHandle): Promise<string[]> {
  const asked: string[] = [];
  for await (const event of handle.events) {
    if (event.type !== "approval-requested") continue;
    asked.push((event.approval.input as { url: string }).url);
    handle.approve(event.approval.approvalId);
  }
  return asked;
}
