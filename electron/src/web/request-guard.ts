// Who may talk to the web host, decided in one place that every HTTP request and the WebSocket
// upgrade pass through: Host names this host exactly once (a page on another name that resolves
// to 127.0.0.1 — DNS rebinding — is refused), Origin is at most one and the page's own (and
// required on the socket: a page on another 127.0.0.1 port is same-site, so its socket would
// carry the cookie), the target reads as one normalised path, and the token is shown, by the
// address (`?token=`) or by the cookie. Only then is anything looked up, so a caller without the
// token can't tell a missing file from a present one.
import type { IncomingMessage } from "node:http";
import { readTarget } from "./request-path.ts";
import { cookieValues } from "./session-cookie.ts";
import { tokenMatches } from "./token.ts";

export interface HostIdentity {
  port: number;
  token: string;
}

/** What a request is for: a page or file (`request` event), or the socket (`upgrade` event). */
export type RequestKind = "http" | "socket";

export type GuardDecision =
  | {
      ok: true;
      /** The normalised path: what the host serves, never the target as sent. */
      path: string;
      /** The token came in the address, so the page answers with the cookie. */
      tokenInAddress: boolean;
    }
  | { ok: false; status: 403; why: string };

export const originOf = (port: number) => `http://127.0.0.1:${port}`;

/** The one address the host answers to; `localhost` is refused too (see the decision below). */
export const hostOf = (port: number) => `127.0.0.1:${port}`;

/** The path of the one WebSocket. */
export const SOCKET_PATH = "/ws";

/**
 * Whether the request may go ahead, and with which normalised path.
 *
 * @example
 * const decision = guardRequest(request, identity, "http");
 * if (!decision.ok) return refuse(response, decision.status, decision.why);
 * serve(decision.path);
 */
export function guardRequest(request: IncomingMessage, identity: HostIdentity, kind: RequestKind): GuardDecision {
  const { port } = identity;
  // Node keeps the first of two Host headers and joins two Origins with ", ": count them as sent.
  const hosts = headerValues(request, "host");
  if (hosts.length !== 1) return refuse(hosts.length === 0 ? "no Host header" : "more than one Host header");
  if (hosts[0] !== hostOf(port)) return refuse(`wrong Host header (only ${hostOf(port)} is served)`);

  const origins = headerValues(request, "origin");
  if (origins.length > 1) return refuse("more than one Origin header");
  if (kind === "socket" && origins.length === 0) return refuse("wrong Origin (none was sent)");
  if (origins.length === 1 && origins[0] !== originOf(port)) return refuse("wrong Origin");

  const target = readTarget(request.url);
  if (!target.ok) return refuse(`that path is not one the studio serves: ${target.why}`);
  if (kind === "socket" && target.path !== SOCKET_PATH) return refuse(`the WebSocket lives at ${SOCKET_PATH}`);

  const inAddress = target.query.getAll("token");
  if (inAddress.length > 1) return refuse("more than one token in the address");
  // A token in the address decides alone: a wrong one is refused even beside a right cookie.
  if (inAddress.length === 1) {
    return tokenMatches(identity.token, inAddress[0]) ? { ok: true, path: target.path, tokenInAddress: true } : refuse(MISSING_TOKEN);
  }
  // Every value is compared (no early exit), in constant time each.
  const byCookie = cookieValues(request, port).reduce((found, value) => tokenMatches(identity.token, value) || found, false);
  return byCookie ? { ok: true, path: target.path, tokenInAddress: false } : refuse(MISSING_TOKEN);
}

const MISSING_TOKEN = "missing or wrong token: open the exact URL `june studio` printed; it carries the token";

/** The values of every line of a header, from the raw list (names are case-insensitive). */
function headerValues(request: IncomingMessage, name: string): string[] {
  const raw = request.rawHeaders;
  const values: string[] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) if (raw[i]!.toLowerCase() === name) values.push(raw[i + 1]!);
  return values;
}

function refuse(why: string): GuardDecision {
  return { ok: false, status: 403, why };
}
