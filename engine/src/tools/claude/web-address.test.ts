// WebFetch's URLs: which it takes, the domain a call is approved by, and allowDomains patterns.
import { describe, expect, it } from "vitest";
import { isJuneError } from "../../errors/index.ts";
import { domainAllowed, domainOf, domainPatternProblem, WEB_FETCH_MAX_URL_LENGTH, webUrl } from "./web-address.ts";

describe("domainOf", () => {
  it("is the host, lower-cased, without a trailing dot, port, path or query", () => {
    expect(domainOf("https://Docs.Example.com.:8443/guide?x=1#top")).toBe("docs.example.com");
  });

  it("writes international names in their ASCII form, as permission rules must", () => {
    expect(domainOf("https://bücher.example/")).toBe("xn--bcher-kva.example");
  });

  it("gives IPv6 addresses without brackets", () => {
    expect(domainOf("http://[::1]:8080/")).toBe("::1");
  });

  it("is undefined for what WebFetch would not fetch", () => {
    expect(domainOf("ftp://example.com/")).toBeUndefined();
    expect(domainOf("not a url")).toBeUndefined();
  });
});

describe("domainAllowed", () => {
  const allow = ["example.com", "*.python.org", "Docs.Rust-Lang.org"];

  it("matches an exact host, which does not cover its subdomains", () => {
    expect(domainAllowed("example.com", allow)).toBe(true);
    expect(domainAllowed("www.example.com", allow)).toBe(false);
  });

  it("matches every subdomain of *.domain, at any depth, but not the domain itself", () => {
    expect(domainAllowed("docs.python.org", allow)).toBe(true);
    expect(domainAllowed("a.b.python.org", allow)).toBe(true);
    expect(domainAllowed("python.org", allow)).toBe(false);
    expect(domainAllowed("notpython.org", allow)).toBe(false);
  });

  it("compares patterns as domainOf writes hosts (case, trailing dot)", () => {
    expect(domainAllowed("docs.rust-lang.org", allow)).toBe(true);
    expect(domainAllowed(domainOf("https://EXAMPLE.com./"), allow)).toBe(true);
  });

  it("allows nothing for no domain, or with no patterns", () => {
    expect(domainAllowed(undefined, allow)).toBe(false);
    expect(domainAllowed("example.com", [])).toBe(false);
  });
});

describe("domainPatternProblem", () => {
  it.each(["example.com", "*.example.com", "localhost", "127.0.0.1", "::1"])("takes %s", (pattern) => {
    expect(domainPatternProblem(pattern)).toBeUndefined();
  });

  it.each([
    ["", "it is empty"],
    ["https://example.com", "write the host alone"],
    ["example.com/docs", "write the host alone"],
    ["example.com:8080", "write the host alone"],
    ["a*.example.com", "a wildcard is only allowed as a whole first label"],
    ["*", "a wildcard is only allowed as a whole first label"],
  ])("refuses %j: %s", (pattern, problem) => {
    expect(domainPatternProblem(pattern)).toContain(problem);
  });
});

describe("webUrl", () => {
  it("takes http and https URLs", () => {
    expect(webUrl("https://example.com/a?b=1").href).toBe("https://example.com/a?b=1");
    expect(webUrl("http://example.com").href).toBe("http://example.com/");
  });

  it.each([
    ["file:///etc/passwd", "it uses file:, and WebFetch only fetches http and https URLs"],
    ["ftp://example.com/x", "it uses ftp:"],
    ["javascript:alert(1)", "it uses javascript:"],
    ["https://user:secret@example.com/", "it has a user name or password in it"],
    ["example.com/page", "it is not a valid URL"],
  ])("refuses %s", (raw, why) => {
    expect(() => webUrl(raw)).toThrow(why);
    try {
      webUrl(raw);
    } catch (error) {
      expect(isJuneError(error) && error.code).toBe("JUNE_WEB_ADDRESS_REFUSED");
    }
  });

  it(`refuses URLs longer than ${WEB_FETCH_MAX_URL_LENGTH} characters`, () => {
    expect(() => webUrl(`https://example.com/${"a".repeat(WEB_FETCH_MAX_URL_LENGTH)}`)).toThrow(`more than the ${WEB_FETCH_MAX_URL_LENGTH} WebFetch takes`);
  });
});
