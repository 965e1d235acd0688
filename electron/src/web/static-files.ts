// The built renderer's files, served without ever leaving its folder: the path comes already
// decoded and normalised by the request guard (request-path.ts) and is never decoded again; a
// `..` or `.` segment, backslash or NUL is still refused here (defence in depth), and the real
// path of what is found (symlinks followed) must still be inside the folder.
import { realpath, stat } from "node:fs/promises";
import { CONTENT_TYPES } from "../renderer-files/content-types.ts";
import { extname, isAbsolute, join, relative, sep } from "node:path";

export type StaticLookup = { kind: "file"; path: string; type: string } | { kind: "forbidden"; why: string } | { kind: "missing" };

export function contentType(path: string): string {
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? "application/octet-stream";
}

/**
 * What the normalised `/some/path` (readTarget's, already decoded) names inside `root`.
 *
 * @example
 * await lookupStatic("/srv/dist", "/assets/index.js"); // { kind: "file", path: "/srv/dist/assets/index.js", … }
 * await lookupStatic("/srv/dist", "/../package.json"); // { kind: "forbidden", … }
 */
export async function lookupStatic(root: string, path: string): Promise<StaticLookup> {
  if (path.includes("\0") || path.includes("\\")) return { kind: "forbidden", why: "NUL or backslash in the path" };
  const segments = path.split("/").filter((s) => s !== "");
  if (segments.some((s) => s === ".." || s === ".")) return { kind: "forbidden", why: "dot segments" };
  const wanted = join(root, ...segments);
  if (!inside(root, wanted)) return { kind: "forbidden", why: "outside the renderer folder" };
  const real = await realpath(wanted).catch(() => undefined);
  if (!real) return { kind: "missing" };
  const realRoot = await realpath(root).catch(() => root);
  if (!inside(realRoot, real)) return { kind: "forbidden", why: "a link out of the renderer folder" };
  const info = await stat(real).catch(() => undefined);
  if (!info?.isFile()) return { kind: "missing" };
  return { kind: "file", path: real, type: contentType(real) };
}

function inside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel !== "" && !rel.startsWith(`..${sep}`) && rel !== ".." && !isAbsolute(rel);
}
