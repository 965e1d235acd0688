// WebSearch through Tavily's Search API: POST /search with a JSON body (query, max_results,
// include_domains, exclude_domains) and the key as `Authorization: Bearer`; results come in
// `results` (title, url, content).
import type { SearchAdapter } from "./web-search-http.ts";
import { filterHosts } from "./search-domains.ts";
import { field, hit, items, searchJson } from "./web-search-http.ts";

/** Tavily's API, when `url` doesn't say otherwise. */
export const TAVILY_BASE_URL = "https://api.tavily.com";

/** The most results Tavily gives for one request. */
const TAVILY_MAX_RESULTS = 20;

/**
 * Searches Tavily.
 *
 * @example
 * await tavilySearch({ query: "zod 4", allowedDomains: ["zod.dev"], blockedDomains: [], maxResults: 5, apiKey, baseUrl: TAVILY_BASE_URL, signal });
 */
export const tavilySearch: SearchAdapter = async (request) => {
  const payload: Record<string, unknown> = {
    query: request.query,
    max_results: Math.min(request.maxResults, TAVILY_MAX_RESULTS),
    search_depth: "basic",
  };
  const include = filterHosts(request.allowedDomains);
  const exclude = filterHosts(request.blockedDomains);
  if (include.length > 0) payload.include_domains = include;
  if (exclude.length > 0) payload.exclude_domains = exclude;
  const body = await searchJson(
    "tavily",
    new URL(`${request.baseUrl}/search`),
    {
      method: "POST",
      headers: { accept: "application/json", "content-type": "application/json", authorization: `Bearer ${request.apiKey ?? ""}` },
      body: JSON.stringify(payload),
    },
    request.signal,
  );
  return items(field(body, "results")).flatMap((result) => hit(field(result, "title"), field(result, "url"), field(result, "content")));
};
