import { describe, expect, it } from "vitest";
import { CONTENT_SECURITY_POLICY, SECURITY_HEADERS } from "./content-security-policy.ts";

describe("the Content-Security-Policy", () => {
  it("is exactly the strict policy: own scripts only, no plugins, no <base>, never framed", () => {
    expect(CONTENT_SECURITY_POLICY).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
    );
  });

  it("never allows eval or inline scripts", () => {
    expect(CONTENT_SECURITY_POLICY).not.toContain("unsafe-eval");
    const scripts = CONTENT_SECURITY_POLICY.split("; ").find((directive) => directive.startsWith("script-src"));
    expect(scripts).toBe("script-src 'self'");
  });

  it("goes out with every app:// response, with nosniff", () => {
    expect(SECURITY_HEADERS).toMatchObject({ "Content-Security-Policy": CONTENT_SECURITY_POLICY, "X-Content-Type-Options": "nosniff" });
  });
});
