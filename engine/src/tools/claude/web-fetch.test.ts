// WebFetch against real loopback servers: what the model gets back for HTML and text, how
// redirects are followed or reported, the size, text and time limits, what it refuses, and
// which calls wait for approval.
import { createServer } from "node:net";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { builtinName } from "../builtin.ts";
import { call, failure } from "./project.test-support.ts";
import { WEB_FETCH_MAX_REDIRECTS, webFetchTool } from "./web-fetch.ts";
import type { WebFetchOptions } from "./web-fetch.ts";
import { send, useLoopbackServers } from "./web.test-support.ts";

const serve = useLoopbackServers();
// The servers are on 127.0.0.1, which only allowPrivate reaches.
const local = (options: WebFetchOptions = {}) => webFetchTool({ allowPrivate: true, ...options });
const fetchOf = (url: string, options?: WebFetchOptions) => call(local(options), { url, prompt: "What is on the page?" });

const PAGE = `<!doctype html><html><head><title>Release &amp; notes</title><style>p { color: red }</style>
<script>var secret = 1;</script></head><body><h1>Hello</h1><p>See <a href="/docs">the docs</a> and <b>this</b>.</p>
<ul><li>one</li><li>two</li></ul><pre><code>npm install june</code></pre></body></html>`;

describe("WebFetch: what the model gets back", () => {
  it("turns HTML into markdown, with the URL, status, title and the model's prompt", async () => {
    const server = await serve((_request, response) => send(response, "text/html; charset=utf-8", PAGE));
    const result = await call(local(), { url: `${server.origin}/notes`, prompt: "Which command installs it?" });
    expect(result).toContain(`URL: ${server.origin}/notes\nStatus: 200 OK\nContent type: text/html, converted to markdown\nTitle: Release & notes\n`);
    expect(result).toContain("# Hello\n\nSee [the docs](/docs) and **this**.");
    expect(result).toContain("* one\n* two");
    expect(result).toContain("```\nnpm install june\n```");
    expect(result).not.toContain("secret");
    expect(result).not.toContain("color: red");
    expect(result).toContain("\nPrompt: Which command installs it?\n");
    expect(result).toContain("returns the page itself rather than another model's answer");
  });

  it("passes plain text and JSON as they are", async () => {
    const server = await serve((request, response) =>
      request.url === "/data.json" ? send(response, "application/json", '{"version":"1.2.3"}') : send(response, "text/plain", "line one\n<b>not html</b>"),
    );
    expect(await fetchOf(`${server.origin}/readme.txt`)).toContain("Content type: text/plain\n\nline one\n<b>not html</b>\n");
    expect(await fetchOf(`${server.origin}/data.json`)).toContain('Content type: application/json\n\n{"version":"1.2.3"}\n');
  });

  it("decompresses a gzip-encoded page", async () => {
    const server = await serve((_request, response) => {
      response.writeHead(200, { "content-type": "text/html", "content-encoding": "gzip" });
      response.end(gzipSync("<p>squeezed</p>"));
    });
    expect(await fetchOf(server.origin)).toContain("\nsqueezed\n");
    expect(server.requests[0]!.headers["accept-encoding"]).toBe("gzip, deflate, br");
  });

  it("decodes the charset the server names", async () => {
    const server = await serve((_request, response) => send(response, "text/plain; charset=iso-8859-1", Buffer.from([0x63, 0x61, 0x66, 0xe9])));
    expect(await fetchOf(server.origin)).toContain("\ncafé\n");
  });

  it("sniffs a page sent without a content type", async () => {
    const server = await serve((_request, response) => send(response, undefined, "<!DOCTYPE html><h2>untyped</h2>"));
    expect(await fetchOf(server.origin)).toContain("Content type: text/html, converted to markdown\n\n## untyped\n");
  });

  it("sends its user agent, the configured one when given", async () => {
    const server = await serve((_request, response) => send(response, "text/plain", "ok"));
    await fetchOf(server.origin);
    await fetchOf(server.origin, { userAgent: "my-bot/2" });
    expect(server.requests.map((request) => request.headers["user-agent"])).toEqual(["June-WebFetch/1.0", "my-bot/2"]);
    expect(server.requests[0]!.method).toBe("GET");
  });

  it("says so for an empty page", async () => {
    const server = await serve((_request, response) => send(response, "text/html", "<html><body></body></html>"));
    expect(await fetchOf(server.origin)).toContain("(the page has no text)");
  });
});

describe("WebFetch: redirects", () => {
  it("follows a redirect on the same host and says which URL it ended at", async () => {
    const server = await serve((request, response) => {
      if (request.url === "/old") {
        response.writeHead(301, { location: "/new" });
        response.end();
      } else send(response, "text/plain", `at ${request.url}`);
    });
    const result = await fetchOf(`${server.origin}/old`);
    expect(result).toContain(`URL: ${server.origin}/new\nRequested: ${server.origin}/old\nStatus: 200 OK`);
    expect(result).toContain("at /new");
  });

  it("reports a redirect to another host to the model instead of following it", async () => {
    const server = await serve((request, response) => {
      response.writeHead(302, { location: `http://localhost:${server.port}/elsewhere` });
      response.end();
    });
    const result = await call(local(), { url: `${server.origin}/start`, prompt: "Summarise it" });
    expect(result).toBe(
      [
        "REDIRECT DETECTED: The URL redirects to a different host.",
        "",
        `Original URL: ${server.origin}/start`,
        `Redirect URL: http://localhost:${server.port}/elsewhere`,
        "Status: 302 Found",
        "",
        "To complete your request, fetch the content from the redirected URL: use WebFetch again with these parameters:",
        `- url: "http://localhost:${server.port}/elsewhere"`,
        '- prompt: "Summarise it"',
      ].join("\n"),
    );
    expect(server.requests.map((request) => request.url)).toEqual(["/start"]);
  });

  it("reports a redirect to another port or scheme of the same host too", async () => {
    const server = await serve((_request, response) => {
      response.writeHead(307, { location: "ftp://127.0.0.1/file" });
      response.end();
    });
    expect(await fetchOf(server.origin)).toContain("Redirect URL: ftp://127.0.0.1/file");
  });

  it(`gives up after ${WEB_FETCH_MAX_REDIRECTS} redirects`, async () => {
    const server = await serve((request, response) => {
      response.writeHead(302, { location: `/hop${server.requests.length}` });
      response.end();
    });
    const message = await failure(fetchOf(`${server.origin}/hop0`), "JUNE_WEB_FETCH_FAILED");
    expect(message).toContain(`it redirected more than ${WEB_FETCH_MAX_REDIRECTS} times`);
    expect(server.requests).toHaveLength(WEB_FETCH_MAX_REDIRECTS + 1);
  });
});

describe("WebFetch: limits", () => {
  it("streams the download and cuts it at maxBytes, saying so", async () => {
    // The server would send forever: only a streamed, cut download can finish.
    const server = await serve((_request, response) => {
      response.writeHead(200, { "content-type": "text/plain" });
      const more = () => {
        if (response.destroyed) return;
        response.write("x".repeat(1024), () => setImmediate(more));
      };
      more();
    });
    const result = await fetchOf(server.origin, { maxBytes: 4096 });
    expect(result).toContain(`\n${"x".repeat(4096)}\n`);
    expect(result).not.toContain("x".repeat(4097));
    expect(result).toContain("[WebFetch stopped downloading at 4096 bytes (maxBytes); the end of the page is missing.]");
  });

  it("keeps a page of exactly maxBytes whole", async () => {
    const server = await serve((_request, response) => send(response, "text/plain", "y".repeat(100)));
    expect(await fetchOf(server.origin, { maxBytes: 100 })).not.toContain("stopped downloading");
  });

  it("cuts the text given back at maxChars, saying how much there was", async () => {
    const server = await serve((_request, response) => send(response, "text/plain", "z".repeat(500)));
    const result = await fetchOf(server.origin, { maxChars: 120 });
    expect(result).toContain(`\n${"z".repeat(120)}\n\n[WebFetch cut the text at 120 of its 500 characters (maxChars); the rest is missing.]`);
  });

  it("fails with the time limit when the server never answers", async () => {
    const server = await serve(() => {});
    const message = await failure(fetchOf(`${server.origin}/slow`, { timeoutMs: 50 }), "JUNE_WEB_FETCH_FAILED");
    expect(message).toBe(`june: WebFetch gave up on ${server.origin}/slow after 50 ms (its time limit, timeoutMs): the server did not answer in time`);
  });

  it("stops when the call is aborted, as an abort", async () => {
    const controller = new AbortController();
    const server = await serve(() => controller.abort(new Error("user pressed stop")));
    const error = await call(local(), { url: server.origin, prompt: "p" }, controller.signal).catch((reason: unknown) => reason);
    expect(error).toMatchObject({ name: "AbortError", message: `june: WebFetch of ${server.origin} was aborted` });
  });
});

describe("WebFetch: what it refuses", () => {
  it.each([
    ["http://127.0.0.1:9/", "127.0.0.1 is a loopback address"],
    ["http://[::1]:9/", "::1 is a loopback address"],
    ["http://10.1.2.3/", "10.1.2.3 is a private address"],
    ["http://169.254.169.254/latest/meta-data/", "169.254.169.254 is a link-local address"],
    ["http://[::ffff:127.0.0.1]/", "::ffff:7f00:1 is a loopback address"],
    ["http://100.64.0.1/", "100.64.0.1 is a CGNAT address"],
    ["http://0.0.0.0/", "0.0.0.0 is an unspecified address"],
    ["http://2130706433/", "127.0.0.1 is a loopback address"],
  ])("refuses %s without allowPrivate", async (url, why) => {
    const message = await failure(call(webFetchTool(), { url, prompt: "p" }), "JUNE_WEB_ADDRESS_REFUSED");
    expect(message).toContain(why);
    expect(message).toContain("WebFetch only fetches public addresses (allowPrivate: true lets it reach this one)");
  });

  it("refuses a host name that resolves to a loopback address, checking what it resolves to", async () => {
    const server = await serve((_request, response) => send(response, "text/plain", "reached"));
    const message = await failure(call(webFetchTool(), { url: `http://localhost:${server.port}/`, prompt: "p" }), "JUNE_WEB_ADDRESS_REFUSED");
    expect(message).toMatch(/localhost resolves to (127\.0\.0\.1|::1), a loopback address/);
    expect(server.requests).toHaveLength(0);
  });

  it("reaches the same host name with allowPrivate, keeping plain http for it", async () => {
    const server = await serve((_request, response) => send(response, "text/plain", "reached"));
    const result = await fetchOf(`http://localhost:${server.port}/`);
    expect(result).toContain(`URL: http://localhost:${server.port}/\n`);
    expect(result).toContain("reached");
  });

  it("refuses other schemes and URLs with credentials", async () => {
    expect(await failure(fetchOf("file:///etc/passwd"), "JUNE_WEB_ADDRESS_REFUSED")).toContain("only fetches http and https URLs");
    expect(await failure(fetchOf("http://me:pw@127.0.0.1/"), "JUNE_WEB_ADDRESS_REFUSED")).toContain("user name or password");
  });

  it("refuses binary content with a clear message", async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    const server = await serve((request, response) => send(response, request.url === "/logo.png" ? "image/png" : undefined, png));
    expect(await failure(fetchOf(`${server.origin}/logo.png`), "JUNE_WEB_FETCH_FAILED")).toBe(
      `june: WebFetch can't read ${server.origin}/logo.png: it is image/png, not a web page or text; WebFetch reads HTML, plain text, markdown, JSON and XML`,
    );
    expect(await failure(fetchOf(`${server.origin}/blob`), "JUNE_WEB_FETCH_FAILED")).toContain("it is a binary file, not a web page or text");
  });

  it("fails on an HTTP error status, naming it", async () => {
    const server = await serve((_request, response) => send(response, "text/html", "<h1>gone</h1>", 404));
    expect(await failure(fetchOf(`${server.origin}/missing`), "JUNE_WEB_FETCH_FAILED")).toBe(
      `june: WebFetch got HTTP 404 Not Found from ${server.origin}/missing; check the URL, or try another page`,
    );
  });

  it("fails when nothing listens, naming the URL", async () => {
    const closed = `http://127.0.0.1:${await freedPort()}/`;
    expect(await failure(fetchOf(closed), "JUNE_WEB_FETCH_FAILED")).toContain(`june: WebFetch could not connect to ${closed}`);
  });
});

describe("WebFetch: approval, per domain", () => {
  const asks = (options: WebFetchOptions, url: string) => {
    const needsApproval = webFetchTool(options).needsApproval as (input: { url: string; prompt: string }, options: unknown) => boolean;
    return needsApproval({ url, prompt: "p" }, { toolCallId: "call-1", messages: [] });
  };

  it("runs calls to allowDomains unasked and asks for every other domain", () => {
    const options = { allowDomains: ["docs.example.com", "*.python.org"] };
    expect(asks(options, "https://docs.example.com/guide")).toBe(false);
    expect(asks(options, "https://DOCS.example.com./other")).toBe(false);
    expect(asks(options, "https://example.com/")).toBe(true);
    expect(asks(options, "https://peps.python.org/pep-8/")).toBe(false);
    expect(asks(options, "https://python.org/")).toBe(true);
    expect(asks({}, "https://docs.example.com/guide")).toBe(true);
  });

  it("asks for a URL it cannot read a domain from", () => {
    expect(asks({ allowDomains: ["example.com"] }, "example.com")).toBe(true);
  });

  it("asks for nothing with needsApproval: false", () => {
    expect(asks({ needsApproval: false }, "https://anything.example/")).toBe(false);
  });
});

describe("WebFetch: the tool", () => {
  it("is June's built-in WebFetch, taking Claude Code's { url, prompt }", () => {
    const tool = webFetchTool();
    expect(builtinName(tool)).toBe("WebFetch");
    expect(tool.description).toContain("Fetch a web page by URL");
  });

  it("refuses bad options, naming the field", () => {
    expect(() => webFetchTool({ timeoutMs: -1 })).toThrow(/WebFetch settings are not valid: `webFetch.timeoutMs`/);
    expect(() => webFetchTool({ allowDomains: ["https://example.com"] })).toThrow(
      /`webFetch.allowDomains.0`: "https:\/\/example.com" is not a domain: write the host alone/,
    );
    expect(() => webFetchTool({ maxbytes: 5 } as WebFetchOptions)).toThrow(/maxbytes/);
  });
});

// A port that was free a moment ago and has nothing listening now.
async function freedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
