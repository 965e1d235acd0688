import { describe, expect, it } from "vitest";
import { isTrustedSender } from "./trusted-sender.ts";

describe("isTrustedSender: who may call the studio over IPC", () => {
  it.each(["app://studio/index.html", "app://studio/", "app://studio/index.html#/trace", "app://STUDIO/index.html"])("the studio's own page: %s", (url) => {
    expect(isTrustedSender(url)).toBe(true);
  });

  it.each([
    ["another app:// host", "app://evil/index.html"],
    ["https with the same host name", "https://studio/index.html"],
    ["a web page", "https://evil.example/"],
    ["file://", "file:///opt/june/renderer/dist/index.html"],
    ["devtools", "devtools://devtools/bundled/inspector.html"],
    ["about:blank", "about:blank"],
    ["data:", "data:text/html,hi"],
    ["credentials", "app://studio@evil/index.html"],
    ["a port", "app://studio:1/index.html"],
    ["empty", ""],
    ["not a URL", "studio"],
  ])("%s: %s", (_why, url) => {
    expect(isTrustedSender(url)).toBe(false);
  });

  it("refuses a frame that no longer exists", () => {
    expect(isTrustedSender(null)).toBe(false);
    expect(isTrustedSender(undefined)).toBe(false);
  });
});
