// The token, once shown in the printed URL, lives on as a cookie so it can leave the address bar.
// HttpOnly: the page's scripts never see it. SameSite=Strict: no other site's page sends it.
// Path=/: the page, its files and /ws all need it. Named per port because cookies are not
// port-scoped: every server on 127.0.0.1 shares one cookie jar, so two studios on two ports with
// one name would overwrite each other's cookie and lock the first window out. (`__Host-` would
// need `Secure`, which a plain-http loopback host can't have.) No Expires: it ends with the
// browser session, and the token ends with the studio anyway.
import type { IncomingMessage } from "node:http";

/** `june_studio_<port>`. */
export function cookieName(port: number): string {
  return `june_studio_${port}`;
}

/** The Set-Cookie header the page answers the printed URL with. */
export function sessionCookie(port: number, token: string): string {
  return `${cookieName(port)}=${token}; HttpOnly; SameSite=Strict; Path=/`;
}

/**
 * Every value the request's cookies give this port's name: more than one when another page on
 * 127.0.0.1 set a cookie of the same name (any path), which must not lock the studio out.
 */
export function cookieValues(request: IncomingMessage, port: number): string[] {
  const name = cookieName(port);
  // Node joins several Cookie headers with "; ", so this sees them all.
  const header = request.headers.cookie ?? "";
  const values: string[] = [];
  for (const pair of header.split(";")) {
    const eq = pair.indexOf("=");
    if (eq !== -1 && pair.slice(0, eq).trim() === name) values.push(pair.slice(eq + 1).trim());
  }
  return values;
}
