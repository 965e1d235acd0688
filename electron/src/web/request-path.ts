// A request target read once into the one path the web host decides on and serves. Spellings
// that name the same file collapse to one form (percent-decoding, repeated and trailing slashes);
// spellings that aren't one unambiguous path are refused outright rather than resolved: dot
// segments (a browser resolves them before sending, so only a hand-made request has them),
// backslashes, NUL and control characters, encoded slashes (`%2f`, `%5c`), malformed or double
// percent-encoding, and targets that aren't a path at all (absolute form, `*`).

export type ReadTarget = { ok: true; path: string; query: URLSearchParams } | { ok: false; why: string };

/** What RFC 3986 allows in a path, unencoded: unreserved, sub-delims, ":", "@", "/" and "%". */
const PATH_CHARACTERS = /^[A-Za-z0-9\-._~!$&'()*+,;=:@%/]*$/;
const ENCODED_SLASH = /%(2f|5c)/i;
// eslint-disable-next-line no-control-regex -- a request path with a control character is refused
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * The normalised path and the query of a request target as sent.
 *
 * @example
 * readTarget("//%69ndex.html/?token=t"); // { ok: true, path: "/index.html", query: token=t }
 * readTarget("/assets/../index.html");   // { ok: false, why: "dot segments (. or ..) in the path" }
 */
export function readTarget(target: string | undefined): ReadTarget {
  const raw = target ?? "";
  if (!raw.startsWith("/")) return refuse("the request target is not a path");
  const q = raw.indexOf("?");
  const rawPath = q === -1 ? raw : raw.slice(0, q);
  if (!PATH_CHARACTERS.test(rawPath)) return refuse("characters a path may not carry unencoded (a backslash, a space, a fragment…)");
  if (ENCODED_SLASH.test(rawPath)) return refuse("an encoded slash or backslash in the path");
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return refuse("malformed percent-encoding");
  }
  if (CONTROL.test(decoded)) return refuse("NUL or a control character in the path");
  if (decoded.includes("\\")) return refuse("a backslash in the path");
  // Decoded once and only once: a `%` left over was encoded twice, for some later layer to decode.
  if (decoded.includes("%")) return refuse("double percent-encoding");
  const segments = decoded.split("/").filter((segment) => segment !== "");
  if (segments.some((segment) => segment === "." || segment === "..")) return refuse("dot segments (. or ..) in the path");
  return { ok: true, path: `/${segments.join("/")}`, query: new URLSearchParams(q === -1 ? "" : raw.slice(q + 1)) };
}

function refuse(why: string): ReadTarget {
  return { ok: false, why };
}
