// Who may talk to the web host: requests must name it as 127.0.0.1:<port> in Host (a page on
// another name that resolves to 127.0.0.1 — DNS rebinding — is refused), the WebSocket must come
// from the studio's own page (Origin) and carry the token; the page itself needs the token too.
import type { IncomingMessage } from "node:http";
import { tokenMatches } from "./token.ts";

export interface HostIdentity {
  port: number;
  token: string;
}

export const originOf = (port: number) => `http://127.0.0.1:${port}`;

/** The path and query of a request target, taken as sent (no normalisation of `..`). */
export function splitTarget(target: string | undefined): { path: string; query: URLSearchParams } {
  const raw = target ?? "/";
  const q = raw.indexOf("?");
  return { path: q === -1 ? raw : raw.slice(0, q), query: new URLSearchParams(q === -1 ? "" : raw.slice(q + 1)) };
}

export function hostIsOurs(request: IncomingMessage, port: number): boolean {
  return request.headers.host === `127.0.0.1:${port}`;
}

export function hasToken(request: IncomingMessage, identity: HostIdentity): boolean {
  return tokenMatches(identity.token, splitTarget(request.url).query.get("token"));
}

/** Why a WebSocket upgrade is refused, or undefined when it may go ahead. */
export function refuseUpgrade(request: IncomingMessage, identity: HostIdentity): string | undefined {
  if (splitTarget(request.url).path !== "/ws") return "the WebSocket lives at /ws";
  if (!hostIsOurs(request, identity.port)) return "wrong Host header";
  if (request.headers.origin !== originOf(identity.port)) return "wrong Origin";
  if (!hasToken(request, identity)) return "missing or wrong token";
  return undefined;
}
