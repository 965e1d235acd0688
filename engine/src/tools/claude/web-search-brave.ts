// WebSearch through Brave's Web Search API: GET /res/v1/web/search?q=…&count=… with the key in
// X-Subscription-Token; results come in `web.results` (title, url, description). Brave has no
// domain parameters, so the filters go into the query as its `site:` operators.
import type { SearchAdapter, SearchRequest } from "./web-search-http.ts";
import { filterHosts } from "./search-domains.ts";
import { field, hit, items, searchJson } from "./web-search-http.ts";

/** Brave's API, when `url` doesn't say otherwise. */
export const BRAVE_BASE_URL = "https://api.search.brave.com";

/** The most results Brave gives for one request. */
const BRAVE_MAX_COUNT = 20;

/**
 * Searches Brave.
 *
 * @example
 * await braveSearch({ query: "zod 4", allowedDomains: [], blockedDomains: [], maxResults: 5, apiKey, baseUrl: BRAVE_BASE_URL, signal });
 * // [{ title: "Zod", url: "https://zod.dev/", snippet: "TypeScript-first schema validation…" }, …]
 */
export const braveSearch: SearchAdapter = async (request) => {
  const url = new URL(`${request.baseUrl}/res/v1/web/search`);
  url.searchParams.set("q", braveQuery(request));
  url.searchParams.set("count", String(Math.min(request.maxResults, BRAVE_MAX_COUNT)));
  const body = await searchJson(
    "brave",
    url,
    { headers: { accept: "application/json", "x-subscription-token": request.apiKey ?? "" } },
    request.signal,
  );
  return items(field(field(body, "web"), "results")).flatMap((result) => hit(field(result, "title"), field(result, "url"), field(result, "description")));
};

/**
 * The query with the domain filters as Brave's operators.
 *
 * @example
 * braveQuery({ query: "release notes", allowedDomains: ["a.com", "b.org"], blockedDomains: ["c.net"], … });
 * // "release notes (site:a.com OR site:b.org) -site:c.net"
 */
export function braveQuery(request: Pick<SearchRequest, "query" | "allowedDomains" | "blockedDomains">): string {
  const allowed = filterHosts(request.allowedDomains).map((host) => `site:${host}`);
  const blocked = filterHosts(request.blockedDomains).map((host) => `-site:${host}`);
  const parts = [request.query];
  if (allowed.length === 1) parts.push(allowed[0]!);
  if (allowed.length > 1) parts.push(`(${allowed.join(" OR ")})`);
  parts.push(...blocked);
  return parts.join(" ");
}
