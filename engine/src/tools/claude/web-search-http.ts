// What the WebSearch adapters share: one request to the provider's JSON API, failures named
// after the provider (with a hint for the usual causes), and results in one shape.
import { JuneError } from "../../errors/index.ts";

/** The search providers WebSearch speaks to. */
export const WEB_SEARCH_PROVIDERS = Object.freeze(["brave", "tavily", "searxng"] as const);

/** One of {@link WEB_SEARCH_PROVIDERS}. */
export type WebSearchProvider = (typeof WEB_SEARCH_PROVIDERS)[number];

/** What an adapter is asked. */
export interface SearchRequest {
  query: string;
  /** Domains (and paths) results must be under; empty for any. */
  allowedDomains: readonly string[];
  /** Domains (and paths) results must not be under. */
  blockedDomains: readonly string[];
  maxResults: number;
  /** The provider's key, for those that take one. */
  apiKey: string | undefined;
  /** The API's base URL, without a trailing slash. */
  baseUrl: string;
  signal: AbortSignal;
}

/** One search result, as every adapter gives it. */
export interface SearchHit {
  title: string;
  url: string;
  snippet: string;
}

/** A provider's search: its request in, its results out. */
export type SearchAdapter = (request: SearchRequest) => Promise<SearchHit[]>;

/**
 * GETs or POSTs `url` and parses the JSON answer; any failure is a `JUNE_WEB_SEARCH_FAILED`
 * naming `provider`. An abort rejects with the signal's reason.
 *
 * @example
 * const body = await searchJson("brave", new URL("https://api.search.brave.com/res/v1/web/search?q=x"), { headers }, signal);
 */
export async function searchJson(provider: WebSearchProvider, url: URL, init: RequestInit, signal: AbortSignal): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal, redirect: "error" });
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    throw new JuneError("JUNE_WEB_SEARCH_FAILED", `june: WebSearch could not reach ${provider} at ${url.origin}: ${reason(error)}`, { cause: error });
  }
  const text = await response.text().catch((error: unknown) => {
    if (signal.aborted) throw signal.reason;
    throw new JuneError("JUNE_WEB_SEARCH_FAILED", `june: WebSearch could not read ${provider}'s answer: ${reason(error)}`, { cause: error });
  });
  if (!response.ok) {
    const status = `${response.status}${response.statusText ? ` ${response.statusText}` : ""}`;
    throw new JuneError("JUNE_WEB_SEARCH_FAILED", `june: WebSearch's provider ${provider} answered HTTP ${status}${hint(provider, response.status)}${detail(text)}`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new JuneError("JUNE_WEB_SEARCH_FAILED", `june: WebSearch's provider ${provider} answered something that is not JSON${hint(provider, 0)}`, { cause: error });
  }
}

function hint(provider: WebSearchProvider, status: number): string {
  if (provider === "searxng" && (status === 403 || status === 0)) {
    return "; a SearXNG instance answers JSON only when its settings.yml lists json in search.formats";
  }
  if (status === 401 || status === 403) return `; check the API key (webSearch.apiKey or the variable webSearch.apiKeyEnv names in june.config.ts)`;
  if (status === 429) return "; the provider's rate limit or quota was reached, try again later";
  return "";
}

// A provider's error body often says what was wrong; a short piece of it helps, a page doesn't.
function detail(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat === "" || flat.startsWith("<")) return "";
  return `: ${flat.length > 200 ? `${flat.slice(0, 200)}…` : flat}`;
}

function reason(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | null)?.cause;
  const message = error instanceof Error ? error.message : String(error);
  return typeof cause?.message === "string" ? `${message} (${cause.message})` : message;
}

/** `value[key]` when `value` is an object, else undefined. */
export function field(value: unknown, key: string): unknown {
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}

/** The items of `value` when it is an array, else none. */
export function items(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** A result's fields as text; a result with no http(s) URL is left out. */
export function hit(title: unknown, url: unknown, snippet: unknown): SearchHit[] {
  if (typeof url !== "string" || !/^https?:\/\//i.test(url)) return [];
  return [{ title: plain(title) || url, url, snippet: plain(snippet) }];
}

// Providers put markup in snippets (Brave's <strong>); the model wants the words.
function plain(value: unknown): string {
  if (typeof value !== "string") return "";
  return value
    .replace(/<[^>]*>/g, "")
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}
