import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentTypeFor, resolveAppPath, serveAppRequest } from "./app-protocol.ts";
import { CONTENT_SECURITY_POLICY } from "./content-security-policy.ts";

const ROOT = "/opt/june/renderer/dist";

describe("resolveAppPath: the app:// traversal guard", () => {
  describe("names files under the root", () => {
    it.each([
      ["app://studio/index.html", `${ROOT}/index.html`],
      ["app://studio/", `${ROOT}/index.html`],
      ["app://studio", `${ROOT}/index.html`],
      ["app://studio/assets/index-3f2a.js", `${ROOT}/assets/index-3f2a.js`],
      ["app://studio/assets/index.css?v=2#top", `${ROOT}/assets/index.css`],
      ["app://studio/fonts/Inter%20Var.woff2", `${ROOT}/fonts/Inter Var.woff2`],
      // The URL parser folds dot segments (literal or %2e-encoded) before the guard sees them, and
      // never above the root: `..` past it is clamped, so these stay inside (and 404).
      ["app://studio/assets/../index.html", `${ROOT}/index.html`],
      ["app://studio/../../etc/passwd", `${ROOT}/etc/passwd`],
      ["app://studio/%2e%2e/%2e%2e/etc/passwd", `${ROOT}/etc/passwd`],
      ["app://studio/%2E%2E/.%2e/etc/passwd", `${ROOT}/etc/passwd`],
    ])("%s → %s", (url, file) => {
      expect(resolveAppPath(ROOT, url)).toBe(file);
    });
  });

  describe("refuses anything that could leave it", () => {
    it.each([
      ["encoded .. and slash in one segment", "app://studio/..%2F..%2Fetc%2Fpasswd"],
      ["upper-case encoded slash", "app://studio/assets%2F..%2F..%2F..%2Fetc%2Fpasswd"],
      ["double-encoded ..", "app://studio/%252e%252e/%252e%252e/etc/passwd"],
      ["backslash", "app://studio/..\\..\\etc\\passwd"],
      ["encoded backslash", "app://studio/..%5C..%5Cetc%5Cpasswd"],
      ["encoded backslash inside a name", "app://studio/assets%5C..%5C..%5Csecret"],
      ["null byte", "app://studio/index.html%00.png"],
      ["absolute path via an empty segment", "app://studio//etc/passwd"],
      ["absolute path encoded", "app://studio/%2Fetc%2Fpasswd"],
      ["Windows drive", "app://studio/C:/Windows/win.ini"],
      ["encoded drive", "app://studio/C%3A%5CWindows%5Cwin.ini"],
      ["NTFS stream", "app://studio/index.html::$DATA"],
      ["bad percent-encoding", "app://studio/%E0%A4%A"],
      ["a directory", "app://studio/assets/"],
      ["another host", "app://evil/index.html"],
      ["credentials", "app://user@studio/index.html"],
      ["a port", "app://studio:8080/index.html"],
      ["another scheme", "file:///opt/june/renderer/dist/index.html"],
      ["https", "https://studio/index.html"],
      ["not a URL", "index.html"],
    ])("%s: %s", (_why, url) => {
      expect(resolveAppPath(ROOT, url)).toBeNull();
    });

    it("refuses everything when the root is relative", () => {
      expect(resolveAppPath("renderer/dist", "app://studio/index.html")).toBeNull();
    });
  });

  it("never answers a path outside the root, for any mix of dots, slashes and encodings", () => {
    const pieces = ["..", "%2e%2e", "%2E%2E", ".%2e", "%2F", "%5C", "\\", "/", "a", "%00", "%2e", "."];
    for (const a of pieces) for (const b of pieces) for (const c of pieces) {
      const file = resolveAppPath(ROOT, `app://studio/${a}${b}${c}/x`);
      if (file !== null) expect(file.startsWith(`${ROOT}/`), `${a}${b}${c} → ${file}`).toBe(true);
    }
  });
});

describe("serveAppRequest: the app:// protocol handler", () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), "june-app-protocol-"));
    await mkdir(join(root, "assets"));
    await writeFile(join(root, "index.html"), "<!doctype html><title>June Studio</title>");
    await writeFile(join(root, "assets", "main.js"), "console.log('june')");
    await writeFile(join(root, "..", "june-app-protocol-secret.txt"), "secret").catch(() => undefined);
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
    await rm(join(root, "..", "june-app-protocol-secret.txt"), { force: true });
  });

  it("serves a file with its type and the CSP", async () => {
    const response = await serveAppRequest(root, new Request("app://studio/index.html"));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(response.headers.get("content-security-policy")).toBe(CONTENT_SECURITY_POLICY);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await response.text()).toContain("June Studio");
  });

  it("serves scripts as JavaScript", async () => {
    const response = await serveAppRequest(root, new Request("app://studio/assets/main.js"));
    expect(response.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
  });

  it("answers a traversal with 404, still with the CSP, and never the file", async () => {
    const response = await serveAppRequest(root, new Request("app://studio/..%2Fjune-app-protocol-secret.txt"));
    expect(response.status).toBe(404);
    expect(response.headers.get("content-security-policy")).toBe(CONTENT_SECURITY_POLICY);
    expect(await response.text()).not.toContain("secret");
  });

  it("answers a missing file and a directory with 404", async () => {
    expect((await serveAppRequest(root, new Request("app://studio/nope.js"))).status).toBe(404);
    expect((await serveAppRequest(root, new Request("app://studio/assets"))).status).toBe(404);
  });

  it("answers anything but GET and HEAD with 405", async () => {
    const response = await serveAppRequest(root, { url: "app://studio/index.html", method: "POST" });
    expect(response.status).toBe(405);
    expect(response.headers.get("content-security-policy")).toBe(CONTENT_SECURITY_POLICY);
  });

  it("answers HEAD without a body", async () => {
    const response = await serveAppRequest(root, { url: "app://studio/index.html", method: "HEAD" });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("");
  });

  it("names unknown types as opaque bytes", () => {
    expect(contentTypeFor("/x/data.bin")).toBe("application/octet-stream");
    expect(contentTypeFor("/x/logo.SVG")).toBe("image/svg+xml");
  });
});
