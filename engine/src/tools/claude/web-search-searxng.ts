// WebSearch through a SearXNG instance: GET /search?q=…&format=json (the instance must list json
// in its settings.yml search.formats); results come in `results` (title, url, content). SearXNG
// passes the query on to many engines that read `site:` differently, so the domain filters are
// applied to its results only, and it gives a page of results whatever is asked: they are cut.
import type { SearchAdapter } from "./web-search-http.ts";
import { field, hit, items, searchJson } from "./web-search-http.ts";

/**
 * Searches a SearXNG instance at `request.baseUrl`.
 *
 * @example
 * await searxngSearch({ query: "zod 4", allowedDomains: [], blockedDomains: [], maxResults: 5, apiKey: undefined, baseUrl: "https://searx.example.org", signal });
 */
export const searxngSearch: SearchAdapter = async (request) => {
  const url = new URL(`${request.baseUrl}/search`);
  url.searchParams.set("q", request.query);
  url.searchParams.set("format", "json");
  const body = await searchJson("searxng", url, { headers: { accept: "application/json" } }, request.signal);
  return items(field(body, "results")).flatMap((result) => hit(field(result, "title"), field(result, "url"), field(result, "content")));
};
