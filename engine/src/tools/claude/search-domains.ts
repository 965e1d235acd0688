// WebSearch's `allowed_domains` and `blocked_domains`, as Claude Code's: "example.com" stands for
// that host and its subdomains, optionally narrowed to a path ("example.com/blog"). Applied to
// every result whatever the provider did with them, so a filter always holds.

/** A domain filter entry, parsed. */
interface DomainRule {
  host: string;
  /** A path prefix, "" for the whole site. */
  path: string;
}

/**
 * The host (and path) of a filter entry as the model wrote it; a scheme, `www.`-less or not,
 * and a trailing slash are tolerated. Undefined when it names no host.
 *
 * @example
 * domainRule("https://Docs.Python.org/3/"); // { host: "docs.python.org", path: "/3" }
 */
function domainRule(entry: string): DomainRule | undefined {
  const text = entry.trim();
  if (text === "") return undefined;
  const url = URL.parse(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  if (!url || url.hostname === "") return undefined;
  const host = url.hostname.toLowerCase().replace(/\.$/, "");
  const path = url.pathname.replace(/\/+$/, "");
  return { host: host.startsWith("*.") ? host.slice(2) : host, path };
}

/** The hosts of `entries` without paths, for providers that filter by host (Tavily's include_domains). */
export function filterHosts(entries: readonly string[]): string[] {
  return [...new Set(entries.map(domainRule).flatMap((rule) => (rule ? [rule.host] : [])))];
}

/**
 * True when the result at `url` falls under one of `entries`: its host is the entry's host or
 * a subdomain of it, and its path starts with the entry's path.
 *
 * @example
 * urlUnder("https://docs.python.org/3/library/", ["python.org"]); // true
 * urlUnder("https://example.com/news/x", ["example.com/blog"]); // false
 */
export function urlUnder(url: string, entries: readonly string[]): boolean {
  const parsed = URL.parse(url);
  if (!parsed) return false;
  const host = parsed.hostname.toLowerCase().replace(/\.$/, "");
  return entries.some((entry) => {
    const rule = domainRule(entry);
    if (!rule) return false;
    const hostMatches = host === rule.host || host.endsWith(`.${rule.host}`);
    const path = parsed.pathname;
    return hostMatches && (rule.path === "" || path === rule.path || path.startsWith(`${rule.path}/`));
  });
}

/**
 * `results` kept when they pass the filters: under one of `allowed` (when given) and under none
 * of `blocked`.
 *
 * @example
 * filterResults([{ url: "https://a.com/x" }, { url: "https://b.com/y" }], [], ["b.com"]); // [{ url: "https://a.com/x" }]
 */
export function filterResults<T extends { url: string }>(results: readonly T[], allowed: readonly string[], blocked: readonly string[]): T[] {
  return results.filter((result) => (allowed.length === 0 || urlUnder(result.url, allowed)) && !urlUnder(result.url, blocked));
}
