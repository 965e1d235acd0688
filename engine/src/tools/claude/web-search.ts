// Claude Code's WebSearch on a search API of the project's choosing (Brave, Tavily or a SearXNG
// instance): the model's `{ query, allowed_domains, blocked_domains }` in, numbered results
// (title, URL, snippet) out. Claude Code searches through Anthropic's servers; June, which runs
// any model, asks the provider named in june.config.ts `webSearch`.
import { tool } from "ai";
import type { ExecutableTool, Tool } from "@ai-sdk/provider-utils";
import { z } from "zod";
import { JuneError } from "../../errors/index.ts";
import { markBuiltin } from "../builtin.ts";
import { filterResults } from "./search-domains.ts";
import { BRAVE_BASE_URL, braveSearch } from "./web-search-brave.ts";
import type { SearchAdapter, SearchHit, WebSearchProvider } from "./web-search-http.ts";
import { WEB_SEARCH_PROVIDERS } from "./web-search-http.ts";
import { searxngSearch } from "./web-search-searxng.ts";
import { TAVILY_BASE_URL, tavilySearch } from "./web-search-tavily.ts";

export { WEB_SEARCH_PROVIDERS };
export type { WebSearchProvider };

/** june.config.ts `webSearch`: which provider WebSearch asks, and how. */
export interface WebSearchSettings {
  provider: WebSearchProvider;
  /** The provider's API key (Brave, Tavily). Prefer `apiKeyEnv`, which keeps it out of the file. */
  apiKey?: string;
  /** The environment variable holding the key; default `BRAVE_API_KEY` or `TAVILY_API_KEY`. */
  apiKeyEnv?: string;
  /** SearXNG: the instance's URL (required). Brave, Tavily: a base URL instead of the provider's own. */
  url?: string;
  /** Results given to the model at most; default 10, at most 20. */
  maxResults?: number;
  /** Milliseconds one search may take; default 30000. */
  timeoutMs?: number;
  /** Whether each search waits for approval; default false (a search changes nothing). */
  needsApproval?: boolean;
}

/** What the model sends to WebSearch. */
export interface WebSearchInput {
  query: string;
  allowed_domains?: string[];
  blocked_domains?: string[];
}

/** The WebSearch tool. */
export type WebSearchTool = ExecutableTool<Tool<WebSearchInput, string>>;

/** Results given when `maxResults` is not set. */
const WEB_SEARCH_DEFAULT_RESULTS = 10;

const DEFAULT_TIMEOUT_MS = 30_000;

const PROVIDERS: Record<WebSearchProvider, { search: SearchAdapter; baseUrl?: string; keyEnv?: string }> = {
  brave: { search: braveSearch, baseUrl: BRAVE_BASE_URL, keyEnv: "BRAVE_API_KEY" },
  tavily: { search: tavilySearch, baseUrl: TAVILY_BASE_URL, keyEnv: "TAVILY_API_KEY" },
  searxng: { search: searxngSearch },
};

/** june.config.ts `webSearch` as a zod schema: {@link WebSearchSettings}. */
export const webSearchSettingsSchema = z
  .strictObject({
    provider: z.enum(WEB_SEARCH_PROVIDERS),
    apiKey: z.string().min(1).optional(),
    apiKeyEnv: z
      .string()
      .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "the name of an environment variable, e.g. BRAVE_API_KEY")
      .optional(),
    url: z
      .url({ protocol: /^https?$/, error: "an http(s) URL, e.g. https://searx.example.org" })
      .optional(),
    maxResults: z.number().int().min(1).max(20).optional(),
    timeoutMs: z.number().int().positive().optional(),
    needsApproval: z.boolean().optional(),
  })
  .superRefine((settings, context) => {
    if (settings.apiKey !== undefined && settings.apiKeyEnv !== undefined) {
      context.addIssue({ code: "custom", path: ["apiKeyEnv"], message: "give apiKey or apiKeyEnv, not both" });
    }
    if (settings.provider === "searxng" && settings.url === undefined) {
      context.addIssue({ code: "custom", path: ["url"], message: 'searxng needs url, the instance to search, e.g. "https://searx.example.org"' });
    }
    if (settings.provider === "searxng" && (settings.apiKey !== undefined || settings.apiKeyEnv !== undefined)) {
      context.addIssue({ code: "custom", path: [settings.apiKey !== undefined ? "apiKey" : "apiKeyEnv"], message: "searxng takes no API key" });
    }
  });

const webSearchInputSchema = z.object({
  query: z.string().min(2).describe("The search query to use"),
  allowed_domains: z.array(z.string()).optional().describe("Only include search results from these domains"),
  blocked_domains: z.array(z.string()).optional().describe("Never include search results from these domains"),
});

/**
 * WebSearch, as Claude Code's, on the provider `settings` name. The key is read from the
 * environment (`env`, default `process.env`) at each search, so a missing key fails the call,
 * naming the setting, and not the project's loading.
 *
 * @example
 * const WebSearch = webSearchTool({ provider: "brave", apiKeyEnv: "BRAVE_API_KEY", maxResults: 5 });
 * await WebSearch.execute({ query: "vitest 4 release notes", allowed_domains: ["vitest.dev"] }, options);
 * // 'Web search results for query: "vitest 4 release notes"\n\n1. [Vitest 4 is out](https://vitest.dev/blog/vitest-4)\n…'
 */
export function webSearchTool(settings: WebSearchSettings, env: Readonly<Record<string, string | undefined>> = process.env): WebSearchTool {
  const checked = checkSettings(settings);
  const provider = PROVIDERS[checked.provider];
  const baseUrl = (checked.url ?? provider.baseUrl ?? "").replace(/\/+$/, "");
  const maxResults = checked.maxResults ?? WEB_SEARCH_DEFAULT_RESULTS;
  const timeoutMs = checked.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const search = tool({
    description: describeWebSearch(checked.provider),
    inputSchema: webSearchInputSchema,
    needsApproval: checked.needsApproval ?? false,
    execute: async ({ query, allowed_domains = [], blocked_domains = [] }, { abortSignal }) => {
      if (allowed_domains.length > 0 && blocked_domains.length > 0) {
        throw new JuneError("JUNE_BUILTIN_FAILED", "june: WebSearch takes allowed_domains or blocked_domains, not both in one search; use one of them");
      }
      const apiKey = keyOf(checked, provider.keyEnv, env);
      const timeout = AbortSignal.timeout(timeoutMs);
      const signal = abortSignal ? AbortSignal.any([abortSignal, timeout]) : timeout;
      let hits: SearchHit[];
      try {
        hits = await provider.search({ query, allowedDomains: allowed_domains, blockedDomains: blocked_domains, maxResults, apiKey, baseUrl, signal });
      } catch (error) {
        if (abortSignal?.aborted) throw new DOMException(`june: WebSearch for ${JSON.stringify(query)} was aborted`, { name: "AbortError", cause: abortSignal.reason });
        if (timeout.aborted) {
          throw new JuneError("JUNE_WEB_SEARCH_FAILED", `june: WebSearch's provider ${checked.provider} did not answer within ${timeoutMs} ms (webSearch.timeoutMs)`, { cause: error });
        }
        throw error;
      }
      return searchResultText(query, filterResults(hits, allowed_domains, blocked_domains).slice(0, maxResults));
    },
  });
  return markBuiltin(search, "WebSearch");
}

function checkSettings(settings: WebSearchSettings): WebSearchSettings {
  const parsed = webSearchSettingsSchema.safeParse(settings);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((issue) => `\`webSearch.${issue.path.join(".") || "(settings)"}\`: ${issue.message}`);
  throw new JuneError("JUNE_INVALID_PROPS", `june: the WebSearch settings are not valid: ${issues.join("; ")}`);
}

function keyOf(settings: WebSearchSettings, defaultEnv: string | undefined, env: Readonly<Record<string, string | undefined>>): string | undefined {
  if (defaultEnv === undefined) return undefined;
  if (settings.apiKey !== undefined) return settings.apiKey;
  const name = settings.apiKeyEnv ?? defaultEnv;
  const key = env[name]?.trim();
  if (key) return key;
  throw new JuneError(
    "JUNE_MISSING_API_KEY",
    `june: WebSearch has no ${settings.provider} API key: the environment variable ${name} is not set. ` +
      `Set ${name}, or name another variable with webSearch.apiKeyEnv in june.config.ts.`,
  );
}

/**
 * The text the model gets for `hits`: numbered results with title, URL and snippet, framed as
 * Claude Code frames its own, with its reminder to cite them.
 *
 * @example
 * searchResultText("zod", [{ title: "Zod", url: "https://zod.dev/", snippet: "Schema validation" }]);
 * // 'Web search results for query: "zod"\n\n1. [Zod](https://zod.dev/)\n   Schema validation\n\nREMINDER: …'
 */
export function searchResultText(query: string, hits: readonly SearchHit[]): string {
  const header = `Web search results for query: ${JSON.stringify(query)}`;
  if (hits.length === 0) return `${header}\n\nNo results found. Try other words, or fewer domain filters.`;
  const results = hits.map((found, index) => {
    const snippet = found.snippet.length > SNIPPET_CHARS ? `${found.snippet.slice(0, SNIPPET_CHARS)}…` : found.snippet;
    return `${index + 1}. [${found.title.replace(/[[\]]/g, "")}](${found.url})${snippet ? `\n   ${snippet}` : ""}`;
  });
  return [header, "", results.join("\n\n"), "", REMINDER].join("\n");
}

const SNIPPET_CHARS = 600;

const REMINDER = "REMINDER: You MUST include the sources above in your response to the user using markdown hyperlinks.";

/**
 * The problem a project gets when an agent lists WebSearch and june.config.ts has no
 * `webSearch`: what to add, for each provider.
 *
 * @example
 * webSearchMissingMessage(); // "june: WebSearch needs a search provider, and june.config.ts has no webSearch; …"
 */
export function webSearchMissingMessage(): string {
  return [
    "june: WebSearch needs a search provider, and june.config.ts has no webSearch; add one to its defineConfig({ … }), e.g.",
    '  webSearch: { provider: "brave" }  (reads the key from BRAVE_API_KEY; https://brave.com/search/api/)',
    '  webSearch: { provider: "tavily" }  (reads the key from TAVILY_API_KEY; https://tavily.com)',
    '  webSearch: { provider: "searxng", url: "https://searx.example.org" }  (a SearXNG instance with json in its search.formats)',
    "apiKeyEnv names another variable for the key; maxResults sets how many results the model gets (default 10).",
  ].join("\n");
}

function describeWebSearch(provider: WebSearchProvider): string {
  return [
    "Search the web and get back numbered results, each with its title, URL and a snippet.",
    "Use it for information newer than your training data, current documentation and versions, or to find the URL of a page; " +
      "then read a result with WebFetch.",
    "allowed_domains keeps only results from those domains (and their subdomains); blocked_domains drops results from them. " +
      "Give one or the other, not both.",
    "After answering, list the sources you used as markdown links.",
    `(Searches go to ${provider === "searxng" ? "a SearXNG instance" : provider === "brave" ? "Brave Search" : "Tavily"}.)`,
  ].join("\n");
}
