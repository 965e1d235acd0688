// The URL side of WebFetch: which URLs it takes (http and https, no user name or password), the
// domain a URL is approved by, and `allowDomains` patterns (`example.com`, `*.example.com`).
// Pure, so the permission rules `WebFetch(domain:…)` judge a call exactly as the tool does.
import { isIP } from "node:net";
import { JuneError } from "../../errors/index.ts";

/** The longest URL WebFetch takes, as Claude Code: longer ones are rarely pages and often smuggled data. */
export const WEB_FETCH_MAX_URL_LENGTH = 2000;

/**
 * The domain of `url` as WebFetch's approvals and `WebFetch(domain:…)` rules see it: the host
 * name, lower-cased, in its ASCII (punycode) form, without a trailing dot; an IPv6 address
 * without its brackets. Undefined when `url` is not an http(s) URL.
 *
 * @example
 * domainOf("https://Docs.Example.com./guide?x=1"); // "docs.example.com"
 * domainOf("http://[::1]:8080/"); // "::1"
 * domainOf("ftp://example.com/"); // undefined
 */
export function domainOf(url: string): string | undefined {
  const parsed = URL.parse(url);
  if (!parsed || (parsed.protocol !== "http:" && parsed.protocol !== "https:") || parsed.hostname === "") return undefined;
  return normalHost(parsed.hostname);
}

/**
 * True when `domain` (from {@link domainOf}) is one of `allowDomains`: an exact host
 * (`example.com`, which does not cover its subdomains, as in Claude Code) or `*.example.com`
 * (every subdomain of example.com, at any depth, but not example.com itself).
 *
 * @example
 * domainAllowed("docs.example.com", ["*.example.com"]); // true
 * domainAllowed("example.com", ["*.example.com"]); // false
 * domainAllowed("example.com", ["example.com"]); // true
 */
export function domainAllowed(domain: string | undefined, allowDomains: readonly string[]): boolean {
  if (domain === undefined || domain === "") return false;
  return allowDomains.some((pattern) => {
    const normal = normalPattern(pattern);
    if (normal === undefined) return false;
    return normal.startsWith("*.") ? domain.endsWith(normal.slice(1)) && domain.length > normal.length - 1 : domain === normal;
  });
}

/**
 * Why `pattern` is not a valid `allowDomains` entry, or undefined when it is one.
 *
 * @example
 * domainPatternProblem("*.example.com"); // undefined
 * domainPatternProblem("https://example.com"); // "write the host alone, e.g. \"example.com\", without a scheme, port or path"
 */
export function domainPatternProblem(pattern: string): string | undefined {
  if (pattern.trim() === "") return "it is empty";
  if (isIP(pattern) !== 0) return undefined;
  if (/[/:@?#[\]\s]/.test(pattern)) return 'write the host alone, e.g. "example.com", without a scheme, port or path';
  const rest = pattern.startsWith("*.") ? pattern.slice(2) : pattern;
  if (rest.includes("*")) return 'a wildcard is only allowed as a whole first label, as in "*.example.com"';
  if (normalPattern(pattern) === undefined) return "it is not a valid host name";
  return undefined;
}

/** `pattern` as {@link domainOf} would write its host (`*.` kept), or undefined when it is no host. */
function normalPattern(pattern: string): string | undefined {
  const wildcard = pattern.startsWith("*.");
  const host = wildcard ? pattern.slice(2) : pattern;
  if (host === "" || host.includes("*")) return undefined;
  const parsed = URL.parse(`http://${host.includes(":") && !host.startsWith("[") ? `[${host}]` : host}/`);
  if (!parsed || parsed.pathname !== "/" || parsed.port !== "" || parsed.username !== "") return undefined;
  const normal = normalHost(parsed.hostname);
  return wildcard ? `*.${normal}` : normal;
}

function normalHost(hostname: string): string {
  const bare = hostname.startsWith("[") ? hostname.slice(1, -1) : hostname;
  return bare.toLowerCase().replace(/\.$/, "");
}

/**
 * `raw` as a URL WebFetch may try: http or https, no user name or password, at most
 * {@link WEB_FETCH_MAX_URL_LENGTH} characters. Throws `JUNE_WEB_ADDRESS_REFUSED` saying why.
 *
 * @example
 * webUrl("https://example.com/a").href; // "https://example.com/a"
 * webUrl("file:///etc/passwd"); // throws: only http and https
 */
export function webUrl(raw: string): URL {
  if (raw.length > WEB_FETCH_MAX_URL_LENGTH) {
    throw refused(`${raw.slice(0, 80)}…`, `the URL is ${raw.length} characters long, more than the ${WEB_FETCH_MAX_URL_LENGTH} WebFetch takes`);
  }
  const url = URL.parse(raw);
  if (!url) throw refused(raw, "it is not a valid URL; give a full address such as https://example.com/page");
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw refused(raw, `it uses ${url.protocol.slice(0, -1)}:, and WebFetch only fetches http and https URLs`);
  }
  if (url.username !== "" || url.password !== "") {
    throw refused(raw, "it has a user name or password in it; WebFetch only fetches public pages, without credentials");
  }
  if (url.hostname === "") throw refused(raw, "it has no host");
  return url;
}

/** A `JUNE_WEB_ADDRESS_REFUSED` error for `url`, saying `why`. */
export function refused(url: string, why: string): JuneError {
  return new JuneError("JUNE_WEB_ADDRESS_REFUSED", `june: WebFetch will not fetch ${url}: ${why}`);
}
