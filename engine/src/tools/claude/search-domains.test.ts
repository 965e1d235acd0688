// WebSearch's domain filters: a domain covers its subdomains, a path narrows it.
import { describe, expect, it } from "vitest";
import { filterHosts, filterResults, urlUnder } from "./search-domains.ts";

describe("urlUnder", () => {
  it("matches the domain and its subdomains, not look-alikes", () => {
    expect(urlUnder("https://python.org/", ["python.org"])).toBe(true);
    expect(urlUnder("https://docs.python.org/3/", ["python.org"])).toBe(true);
    expect(urlUnder("https://notpython.org/", ["python.org"])).toBe(false);
  });

  it("narrows to a path when the entry has one, at a segment boundary", () => {
    expect(urlUnder("https://example.com/blog/post", ["example.com/blog"])).toBe(true);
    expect(urlUnder("https://example.com/blog", ["example.com/blog/"])).toBe(true);
    expect(urlUnder("https://example.com/blogger", ["example.com/blog"])).toBe(false);
  });

  it("tolerates a scheme, capitals and a *. prefix in the entry", () => {
    expect(urlUnder("https://docs.example.com/", ["HTTPS://Example.com"])).toBe(true);
    expect(urlUnder("https://docs.example.com/", ["*.example.com"])).toBe(true);
  });

  it("matches nothing for an empty entry or a result that is not a URL", () => {
    expect(urlUnder("https://a.com/", [""])).toBe(false);
    expect(urlUnder("not a url", ["a.com"])).toBe(false);
  });
});

describe("filterResults and filterHosts", () => {
  const results = [{ url: "https://a.com/x" }, { url: "https://b.com/y" }, { url: "https://sub.b.com/z" }];

  it("keeps what is allowed and drops what is blocked", () => {
    expect(filterResults(results, ["b.com"], [])).toEqual([{ url: "https://b.com/y" }, { url: "https://sub.b.com/z" }]);
    expect(filterResults(results, [], ["b.com"])).toEqual([{ url: "https://a.com/x" }]);
    expect(filterResults(results, [], [])).toEqual(results);
  });

  it("gives the hosts alone, once each, for providers that filter by host", () => {
    expect(filterHosts(["https://a.com/docs", "a.com", "", "B.com"])).toEqual(["a.com", "b.com"]);
  });
});
