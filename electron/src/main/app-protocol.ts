// Serves the built renderer (renderer/dist) on `app://studio/…`. Every URL goes through
// `resolveAppPath`, the traversal guard: a request names a file under the root or gets a 404,
// whatever encoding, separators or null bytes it tries. Every response carries the strict CSP.
import { CONTENT_TYPES } from "../renderer-files/content-types.ts";
import { readFile, stat } from "node:fs/promises";
import { extname, isAbsolute, join, relative, sep } from "node:path";
import { parseAppUrl } from "./app-origin.ts";
import { SECURITY_HEADERS } from "./content-security-policy.ts";

const INDEX = "index.html";

/**
 * The file under `root` that an `app://studio/…` URL names, or null when it names none: another
 * scheme or host, a segment that decodes to `..`/`.`, a separator (`%2F`, `\`, `%5C`), a null
 * byte, a drive or stream colon, a `%` left after decoding (double encoding), an empty segment,
 * bad percent-encoding, or anything that would resolve outside `root`. `app://studio/` is
 * `index.html`.
 *
 * @example
 * resolveAppPath("/app/renderer/dist", "app://studio/assets/main.js"); // "/app/renderer/dist/assets/main.js"
 * resolveAppPath("/app/renderer/dist", "app://studio/..%2F..%2Fetc%2Fpasswd"); // null
 */
export function resolveAppPath(root: string, url: string): string | null {
  if (!isAbsolute(root)) return null;
  const parsed = parseAppUrl(url);
  if (parsed === null) return null;
  const raw = parsed.pathname === "" || parsed.pathname === "/" ? `/${INDEX}` : parsed.pathname;
  const segments: string[] = [];
  // The WHATWG parser already folded literal and `%2e` dot segments; decode each segment on its
  // own so an encoded separator can't smuggle a new one in.
  for (const encoded of raw.slice(1).split("/")) {
    const segment = decodeSegment(encoded);
    if (segment === null || !isPlainSegment(segment)) return null;
    segments.push(segment);
  }
  const file = join(root, ...segments);
  const inside = relative(root, file);
  if (inside === "" || inside.startsWith(`..${sep}`) || inside === ".." || isAbsolute(inside)) return null;
  return file;
}

function decodeSegment(encoded: string): string | null {
  try {
    return decodeURIComponent(encoded);
  } catch {
    return null;
  }
}

function isPlainSegment(segment: string): boolean {
  if (segment === "" || segment === "." || segment === "..") return false;
  // Separators of either platform, NUL, `:` (drive letters, NTFS streams) and `%` (a second
  // round of encoding) never name a file the renderer build has.
  return !/[/\\\0:%]/.test(segment);
}


/** The Content-Type for a file, by extension; unknown ones are opaque bytes (and `nosniff`). */
export function contentTypeFor(file: string): string {
  return CONTENT_TYPES[extname(file).toLowerCase()] ?? "application/octet-stream";
}

/**
 * Answers one `app://` request from the files under `root`: 200 with the file, 404 when the
 * guard refuses the URL or there is no such file, 405 for anything but GET/HEAD. Every
 * response carries the CSP and the other security headers. This is the body of
 * `protocol.handle("app", …)`, kept free of Electron so it is tested with plain Requests.
 *
 * @example
 * protocol.handle("app", (request) => serveAppRequest(rendererRoot, request));
 */
export async function serveAppRequest(root: string, request: Pick<Request, "url" | "method">): Promise<Response> {
  if (request.method !== "GET" && request.method !== "HEAD") return plain(405, "Method Not Allowed");
  const file = resolveAppPath(root, request.url);
  if (file === null) return plain(404, "Not Found");
  try {
    if (!(await stat(file)).isFile()) return plain(404, "Not Found");
    const body = request.method === "HEAD" ? null : await readFile(file);
    return new Response(body, { status: 200, headers: { ...SECURITY_HEADERS, "Content-Type": contentTypeFor(file), "Cache-Control": "no-cache" } });
  } catch (error) {
    if (isMissing(error)) return plain(404, "Not Found");
    throw error;
  }
}

function plain(status: number, text: string): Response {
  return new Response(text, { status, headers: { ...SECURITY_HEADERS, "Content-Type": "text/plain; charset=utf-8" } });
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === "ENOENT" || code === "ENOTDIR" || code === "EISDIR";
}
