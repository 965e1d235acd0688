import { describe, expect, it } from "vitest";
import { decideNavigation, decideRedirect, decideWindowOpen, externalUrl, isAllowedExternalUrl } from "./navigation-policy.ts";

const REFUSED = [
  ["javascript:", "javascript:alert(document.domain)"],
  ["javascript: with spaces and case", "  JavaScript:alert(1)"],
  ["file:", "file:///etc/passwd"],
  ["data:", "data:text/html,<script>alert(1)</script>"],
  ["blob:", "blob:app://studio/5d2c"],
  ["custom scheme", "vscode://file/etc/passwd"],
  ["ms-settings", "ms-settings:privacy"],
  ["smb share", "smb://attacker/share"],
  ["mailto", "mailto:someone@example.com"],
  ["the app itself", "app://studio/index.html"],
  ["credentials in the URL", "https://github.com@evil.example/"],
  ["no host", "https://"],
  ["relative", "/docs/index.html"],
  ["malformed", "http//example.com"],
  ["malformed host", "https://exa mple.com/"],
  ["empty", ""],
  ["not a URL", "not a url"],
] as const;

describe("external URLs: only what parses as http(s) reaches shell.openExternal", () => {
  it.each([
    ["https://ai-sdk.dev/docs", "https://ai-sdk.dev/docs"],
    ["http://localhost:3000/", "http://localhost:3000/"],
    ["HTTPS://GitHub.com/vercel/ai", "https://github.com/vercel/ai"],
    ["https://example.com/a b", "https://example.com/a%20b"],
  ])("%s opens as %s (the parser's form, not the raw string)", (url, opened) => {
    expect(externalUrl(url)).toBe(opened);
    expect(isAllowedExternalUrl(url)).toBe(true);
  });

  it.each(REFUSED)("%s is refused: %s", (_why, url) => {
    expect(externalUrl(url)).toBeNull();
    expect(isAllowedExternalUrl(url)).toBe(false);
  });

  it("refuses what isn't a string", () => {
    expect(isAllowedExternalUrl(undefined as unknown as string)).toBe(false);
  });
});

describe("navigation (will-navigate, will-frame-navigate)", () => {
  it("stays within app://studio", () => {
    expect(decideNavigation("app://studio/index.html")).toEqual({ action: "allow" });
    expect(decideNavigation("app://studio/index.html#/runs")).toEqual({ action: "allow" });
  });

  it("sends an http(s) link to the browser instead of leaving the app", () => {
    expect(decideNavigation("https://github.com/vercel/ai")).toEqual({ action: "deny", openExternal: "https://github.com/vercel/ai" });
  });

  it.each(REFUSED.filter(([why]) => why !== "the app itself"))("drops %s", (_why, url) => {
    expect(decideNavigation(url)).toEqual({ action: "deny" });
  });

  it("drops another app:// host", () => {
    expect(decideNavigation("app://other/index.html")).toEqual({ action: "deny" });
  });
});

describe("redirects (will-redirect)", () => {
  it("never follow one out of the app, and open nothing", () => {
    expect(decideRedirect("https://evil.example/")).toEqual({ action: "deny" });
    expect(decideRedirect("file:///etc/passwd")).toEqual({ action: "deny" });
    expect(decideRedirect("app://studio/index.html")).toEqual({ action: "allow" });
  });
});

describe("window.open (setWindowOpenHandler)", () => {
  it("never opens a window; an http(s) URL goes to the browser", () => {
    expect(decideWindowOpen("https://ai-sdk.dev/")).toEqual({ action: "deny", openExternal: "https://ai-sdk.dev/" });
  });

  it.each(REFUSED)("drops %s", (_why, url) => {
    expect(decideWindowOpen(url)).toEqual({ action: "deny" });
  });
});
