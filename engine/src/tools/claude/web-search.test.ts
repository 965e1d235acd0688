// WebSearch against loopback servers speaking each provider's API: the request each adapter
// makes (path, key, query), the results the model gets, the domain filters, and the failures.
import { describe, expect, it } from "vitest";
import { builtinName } from "../builtin.ts";
import { call, failure } from "./project.test-support.ts";
import { braveQuery } from "./web-search-brave.ts";
import { searchResultText, webSearchMissingMessage, webSearchTool } from "./web-search.ts";
import type { WebSearchSettings } from "./web-search.ts";
import { send, useLoopbackServers } from "./web.test-support.ts";

const serve = useLoopbackServers();
const json = (value: unknown) => JSON.stringify(value);

const BRAVE_ANSWER = json({
  type: "search",
  query: { original: "vitest release" },
  web: {
    type: "search",
    results: [
      { title: "Vitest 4 is out", url: "https://vitest.dev/blog/vitest-4", description: "The <strong>Vitest</strong> team is proud &amp; happy" },
      { title: "vitest - npm", url: "https://www.npmjs.com/package/vitest", description: "Next generation testing framework" },
      { title: "Spam", url: "https://spam.example/vitest", description: "buy now" },
    ],
  },
});

describe("WebSearch on Brave", () => {
  it("GETs /res/v1/web/search with the key in X-Subscription-Token and gives numbered results", async () => {
    const server = await serve((_request, response) => send(response, "application/json", BRAVE_ANSWER));
    const search = webSearchTool({ provider: "brave", url: server.origin, apiKeyEnv: "MY_BRAVE_KEY" }, { MY_BRAVE_KEY: "brave-secret" });
    const result = await call(search, { query: "vitest release" });
    const [request] = server.requests;
    const sent = new URL(request!.url, server.origin);
    expect(request!.method).toBe("GET");
    expect(sent.pathname).toBe("/res/v1/web/search");
    expect(sent.searchParams.get("q")).toBe("vitest release");
    expect(sent.searchParams.get("count")).toBe("10");
    expect(request!.headers["x-subscription-token"]).toBe("brave-secret");
    expect(result).toBe(
      [
        'Web search results for query: "vitest release"',
        "",
        "1. [Vitest 4 is out](https://vitest.dev/blog/vitest-4)",
        "   The Vitest team is proud & happy",
        "",
        "2. [vitest - npm](https://www.npmjs.com/package/vitest)",
        "   Next generation testing framework",
        "",
        "3. [Spam](https://spam.example/vitest)",
        "   buy now",
        "",
        "REMINDER: You MUST include the sources above in your response to the user using markdown hyperlinks.",
      ].join("\n"),
    );
  });

  it("reads BRAVE_API_KEY by default, and asks Brave for maxResults", async () => {
    const server = await serve((_request, response) => send(response, "application/json", BRAVE_ANSWER));
    const result = await call(webSearchTool({ provider: "brave", url: server.origin, maxResults: 2 }, { BRAVE_API_KEY: "k" }), { query: "vitest" });
    expect(server.requests[0]!.headers["x-subscription-token"]).toBe("k");
    expect(new URL(server.requests[0]!.url, server.origin).searchParams.get("count")).toBe("2");
    expect(result).not.toContain("3. [");
  });

  it("puts the domain filters into the query as site: operators, and filters the results again", async () => {
    const server = await serve((_request, response) => send(response, "application/json", BRAVE_ANSWER));
    const search = webSearchTool({ provider: "brave", url: server.origin, apiKey: "k" });
    const blocked = await call(search, { query: "vitest", blocked_domains: ["spam.example"] });
    expect(new URL(server.requests[0]!.url, server.origin).searchParams.get("q")).toBe("vitest -site:spam.example");
    expect(blocked).not.toContain("spam.example");
    const allowed = await call(search, { query: "vitest", allowed_domains: ["vitest.dev", "npmjs.com"] });
    expect(new URL(server.requests[1]!.url, server.origin).searchParams.get("q")).toBe("vitest (site:vitest.dev OR site:npmjs.com)");
    expect(allowed).toContain("1. [Vitest 4 is out]");
    expect(allowed).toContain("2. [vitest - npm](https://www.npmjs.com/package/vitest)");
    expect(allowed).not.toContain("spam.example");
  });

  it("writes one allowed domain as a plain site: operator", () => {
    expect(braveQuery({ query: "q", allowedDomains: ["https://Docs.Python.org/3/"], blockedDomains: [] })).toBe("q site:docs.python.org");
  });

  it("fails without a key, naming the variable and the setting, before any request", async () => {
    const server = await serve((_request, response) => send(response, "application/json", BRAVE_ANSWER));
    const message = await failure(call(webSearchTool({ provider: "brave", url: server.origin }, {}), { query: "vitest" }), "JUNE_MISSING_API_KEY");
    expect(message).toBe(
      "june: WebSearch has no brave API key: the environment variable BRAVE_API_KEY is not set. Set BRAVE_API_KEY, or name another variable with webSearch.apiKeyEnv in june.config.ts.",
    );
    expect(server.requests).toHaveLength(0);
  });

  it("names the status and the key as the likely cause when Brave refuses it", async () => {
    const server = await serve((_request, response) => send(response, "application/json", json({ error: { detail: "Invalid token" } }), 401));
    const message = await failure(call(webSearchTool({ provider: "brave", url: server.origin, apiKey: "bad" }), { query: "vitest" }), "JUNE_WEB_SEARCH_FAILED");
    expect(message).toContain("june: WebSearch's provider brave answered HTTP 401 Unauthorized; check the API key");
    expect(message).toContain("Invalid token");
  });
});

describe("WebSearch on Tavily", () => {
  const TAVILY_ANSWER = json({
    query: "zod",
    response_time: 1.2,
    results: [
      { title: "Zod", url: "https://zod.dev/", content: "TypeScript-first schema validation", score: 0.9 },
      { title: "Zod on GitHub", url: "https://github.com/colinhacks/zod", content: "Source", score: 0.8 },
    ],
  });

  it("POSTs /search with the key as a Bearer token and the domains as include_domains", async () => {
    const server = await serve((_request, response) => send(response, "application/json", TAVILY_ANSWER));
    const search = webSearchTool({ provider: "tavily", url: `${server.origin}/`, maxResults: 5 }, { TAVILY_API_KEY: "tvly-secret" });
    const result = await call(search, { query: "zod", allowed_domains: ["zod.dev"] });
    const [request] = server.requests;
    expect(request!.method).toBe("POST");
    expect(request!.url).toBe("/search");
    expect(request!.headers.authorization).toBe("Bearer tvly-secret");
    expect(request!.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(request!.body)).toEqual({ query: "zod", max_results: 5, search_depth: "basic", include_domains: ["zod.dev"] });
    // Tavily answered a result outside the filter; it is dropped all the same.
    expect(result).toContain("1. [Zod](https://zod.dev/)\n   TypeScript-first schema validation");
    expect(result).not.toContain("github.com");
  });

  it("sends blocked domains as exclude_domains", async () => {
    const server = await serve((_request, response) => send(response, "application/json", TAVILY_ANSWER));
    await call(webSearchTool({ provider: "tavily", url: server.origin, apiKey: "k" }), { query: "zod", blocked_domains: ["github.com"] });
    expect(JSON.parse(server.requests[0]!.body)).toMatchObject({ exclude_domains: ["github.com"] });
  });

  it("fails without a key, naming TAVILY_API_KEY", async () => {
    const message = await failure(call(webSearchTool({ provider: "tavily" }, {}), { query: "zod" }), "JUNE_MISSING_API_KEY");
    expect(message).toContain("the environment variable TAVILY_API_KEY is not set");
  });
});

describe("WebSearch on SearXNG", () => {
  const SEARXNG_ANSWER = json({
    query: "bubblewrap",
    number_of_results: 0,
    results: [
      { url: "https://github.com/containers/bubblewrap", title: "containers/bubblewrap", content: "Low-level unprivileged sandboxing tool", engine: "duckduckgo" },
      { url: "https://wiki.archlinux.org/title/Bubblewrap", title: "Bubblewrap - ArchWiki", content: "bwrap", engine: "bing" },
      { url: "https://blog.example/a", title: "Blog post", content: "", engine: "bing" },
    ],
    infoboxes: [],
  });

  it("GETs /search?q=…&format=json on the instance, with no key, and cuts to maxResults", async () => {
    const server = await serve((_request, response) => send(response, "application/json", SEARXNG_ANSWER));
    const result = await call(webSearchTool({ provider: "searxng", url: `${server.origin}/searx`, maxResults: 2 }, {}), { query: "bubblewrap" });
    const sent = new URL(server.requests[0]!.url, server.origin);
    expect(sent.pathname).toBe("/searx/search");
    expect(Object.fromEntries(sent.searchParams)).toEqual({ q: "bubblewrap", format: "json" });
    expect(server.requests[0]!.headers.authorization).toBeUndefined();
    expect(result).toContain("1. [containers/bubblewrap](https://github.com/containers/bubblewrap)\n   Low-level unprivileged sandboxing tool");
    expect(result).toContain("2. [Bubblewrap - ArchWiki]");
    expect(result).not.toContain("3. [");
  });

  it("filters by domain on its results only (the query goes as written), subdomains and paths included", async () => {
    const server = await serve((_request, response) => send(response, "application/json", SEARXNG_ANSWER));
    const search = webSearchTool({ provider: "searxng", url: server.origin });
    const result = await call(search, { query: "bubblewrap", allowed_domains: ["archlinux.org/title", "blog.example"] });
    expect(new URL(server.requests[0]!.url, server.origin).searchParams.get("q")).toBe("bubblewrap");
    expect(result).toContain("1. [Bubblewrap - ArchWiki](https://wiki.archlinux.org/title/Bubblewrap)");
    // A result with no snippet is shown without one.
    expect(result).toContain("2. [Blog post](https://blog.example/a)\n\nREMINDER");
    expect(result).not.toContain("github.com");
  });

  it("says how to enable JSON when the instance refuses it", async () => {
    const server = await serve((_request, response) => send(response, "text/html", "<h1>403 Forbidden</h1>", 403));
    const message = await failure(call(webSearchTool({ provider: "searxng", url: server.origin }), { query: "x y" }), "JUNE_WEB_SEARCH_FAILED");
    expect(message).toBe("june: WebSearch's provider searxng answered HTTP 403 Forbidden; a SearXNG instance answers JSON only when its settings.yml lists json in search.formats");
  });

  it("fails when the answer is not JSON", async () => {
    const server = await serve((_request, response) => send(response, "text/html", "<html>results</html>"));
    expect(await failure(call(webSearchTool({ provider: "searxng", url: server.origin }), { query: "x y" }), "JUNE_WEB_SEARCH_FAILED")).toContain(
      "answered something that is not JSON",
    );
  });
});

describe("WebSearch: the call", () => {
  it("says when nothing was found", async () => {
    const server = await serve((_request, response) => send(response, "application/json", json({ results: [] })));
    expect(await call(webSearchTool({ provider: "searxng", url: server.origin }), { query: "nothing here" })).toBe(
      'Web search results for query: "nothing here"\n\nNo results found. Try other words, or fewer domain filters.',
    );
  });

  it("refuses allowed_domains and blocked_domains together, as Claude Code does", async () => {
    const server = await serve((_request, response) => send(response, "application/json", json({ results: [] })));
    const message = await failure(
      call(webSearchTool({ provider: "searxng", url: server.origin }), { query: "x y", allowed_domains: ["a.com"], blocked_domains: ["b.com"] }),
      "JUNE_BUILTIN_FAILED",
    );
    expect(message).toContain("allowed_domains or blocked_domains, not both");
    expect(server.requests).toHaveLength(0);
  });

  it("fails with the time limit when the provider never answers", async () => {
    const server = await serve(() => {});
    const message = await failure(call(webSearchTool({ provider: "searxng", url: server.origin, timeoutMs: 50 }), { query: "slow" }), "JUNE_WEB_SEARCH_FAILED");
    expect(message).toBe("june: WebSearch's provider searxng did not answer within 50 ms (webSearch.timeoutMs)");
  });

  it("fails as an abort when the call is aborted", async () => {
    const controller = new AbortController();
    const server = await serve(() => controller.abort());
    const error = await call(webSearchTool({ provider: "searxng", url: server.origin }), { query: "stop" }, controller.signal).catch((reason: unknown) => reason);
    expect(error).toMatchObject({ name: "AbortError" });
  });

  it("is June's built-in WebSearch, which runs unasked unless needsApproval says otherwise", () => {
    const search = webSearchTool({ provider: "brave", apiKey: "k" });
    expect(builtinName(search)).toBe("WebSearch");
    expect(search.needsApproval).toBe(false);
    expect(webSearchTool({ provider: "brave", apiKey: "k", needsApproval: true }).needsApproval).toBe(true);
  });
});

describe("WebSearch settings", () => {
  it.each([
    [{ provider: "google" }, "`webSearch.provider`"],
    [{ provider: "searxng" }, '`webSearch.url`: searxng needs url, the instance to search, e.g. "https://searx.example.org"'],
    [{ provider: "searxng", url: "https://s.example", apiKey: "k" }, "`webSearch.apiKey`: searxng takes no API key"],
    [{ provider: "brave", apiKey: "k", apiKeyEnv: "K" }, "`webSearch.apiKeyEnv`: give apiKey or apiKeyEnv, not both"],
    [{ provider: "brave", apiKeyEnv: "not a name" }, "`webSearch.apiKeyEnv`: the name of an environment variable"],
    [{ provider: "brave", url: "ftp://x.example" }, "`webSearch.url`: an http(s) URL"],
    [{ provider: "brave", maxResults: 50 }, "`webSearch.maxResults`"],
    [{ provider: "brave", key: "k" }, "key"],
  ])("refuses %j, naming the field", (settings, problem) => {
    expect(() => webSearchTool(settings as WebSearchSettings, {})).toThrow(problem);
  });

  it("tells a project without webSearch exactly what to add to june.config.ts", () => {
    const message = webSearchMissingMessage();
    expect(message).toMatch(/^june: WebSearch needs a search provider, and june.config.ts has no webSearch/);
    expect(message).toContain('webSearch: { provider: "brave" }  (reads the key from BRAVE_API_KEY');
    expect(message).toContain('webSearch: { provider: "tavily" }  (reads the key from TAVILY_API_KEY');
    expect(message).toContain('webSearch: { provider: "searxng", url: "https://searx.example.org" }');
  });
});

describe("searchResultText", () => {
  it("cuts long snippets and keeps brackets out of link titles", () => {
    const text = searchResultText("q", [{ title: "[RFC] a", url: "https://a.example/", snippet: "s".repeat(700) }]);
    expect(text).toContain(`1. [RFC a](https://a.example/)\n   ${"s".repeat(600)}…\n`);
  });
});
