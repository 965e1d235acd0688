// One GET of WebFetch, with no redirect followed: the host's addresses are looked up and checked
// first, and the connection goes to the checked address (the socket's own lookup is pinned to
// it), so a name that resolves to a public address when checked and to 127.0.0.1 a moment later
// (DNS rebinding) cannot slip through. The body is streamed and cut at a byte limit.
import { lookup } from "node:dns/promises";
import type { LookupAddress } from "node:dns";
import http from "node:http";
import type { IncomingHttpHeaders, IncomingMessage } from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import type { LookupFunction } from "node:net";
import zlib from "node:zlib";
import type { Readable } from "node:stream";
import { JuneError } from "../../errors/index.ts";
import { addressKind } from "./private-address.ts";
import type { AddressKind } from "./private-address.ts";
import { refused } from "./web-address.ts";

/** Where a host name led: the address connected to, and why it is not public (undefined when it is). */
export interface CheckedTarget {
  address: string;
  family: 4 | 6;
  kind: AddressKind | undefined;
}

/** What one GET answered. A redirect carries `location` and no body. */
export interface WebResponse {
  status: number;
  statusText: string;
  headers: IncomingHttpHeaders;
  /** The redirect's target as the server wrote it, for 301, 302, 303, 307 and 308. */
  location?: string;
  /** The body, decompressed, at most `maxBytes` of it. */
  body: Buffer;
  /** True when the body was longer than `maxBytes` and was cut there. */
  truncated: boolean;
}

/** How {@link getOnce} makes its request. */
export interface GetOptions {
  target: CheckedTarget;
  maxBytes: number;
  userAgent: string;
  signal: AbortSignal;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * Looks `url`'s host up (every address it has) and checks them all; refuses with
 * `JUNE_WEB_ADDRESS_REFUSED` when one is not public, unless `allowPrivate`.
 *
 * @example
 * await checkedTarget(new URL("https://localhost/"), false, signal); // throws: localhost is 127.0.0.1, a loopback address
 * await checkedTarget(new URL("http://127.0.0.1:8080/"), true, signal); // { address: "127.0.0.1", family: 4, kind: "loopback" }
 */
export async function checkedTarget(url: URL, allowPrivate: boolean, signal: AbortSignal): Promise<CheckedTarget> {
  const host = url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname;
  const literal = isIP(host);
  const addresses: LookupAddress[] = literal !== 0 ? [{ address: host, family: literal }] : await lookUp(url, host, signal);
  for (const { address } of addresses) {
    const kind = addressKind(address);
    if (kind !== undefined && !allowPrivate) {
      const shown = literal !== 0 ? `${host} is` : `${host} resolves to ${address},`;
      throw refused(url.href, `${shown} ${kind === "unspecified" ? "an" : "a"} ${kind} address, and WebFetch only fetches public addresses (allowPrivate: true lets it reach this one)`);
    }
  }
  const first = addresses[0]!;
  return { address: first.address, family: first.family === 6 ? 6 : 4, kind: addressKind(first.address) };
}

async function lookUp(url: URL, host: string, signal: AbortSignal): Promise<LookupAddress[]> {
  try {
    // dns.lookup cannot be cancelled: the race lets an abort or the time limit win anyway.
    const addresses = await raceAbort(lookup(host, { all: true, verbatim: true }), signal);
    if (addresses.length > 0) return addresses;
  } catch (error) {
    if (signal.aborted) throw error;
    throw new JuneError("JUNE_WEB_FETCH_FAILED", `june: WebFetch could not find the host ${host} (${url.href}): ${reason(error)}; check the URL`, { cause: error });
  }
  throw new JuneError("JUNE_WEB_FETCH_FAILED", `june: WebFetch could not find the host ${host} (${url.href}): it has no address`);
}

/**
 * One GET of `url`, connecting to `options.target` (from {@link checkedTarget}), with no
 * redirect followed. Rejects with the signal's reason when it aborts.
 *
 * @example
 * const response = await getOnce(url, { target, maxBytes: 5_000_000, userAgent: "June-WebFetch/1.0", signal });
 * response.status; // 200
 */
export function getOnce(url: URL, options: GetOptions): Promise<WebResponse> {
  const { target, signal } = options;
  const pinned: LookupFunction = (_hostname, lookupOptions, callback) => {
    if (lookupOptions.all) (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const request = client.request(url, {
      method: "GET",
      lookup: pinned,
      agent: false,
      signal,
      headers: {
        "user-agent": options.userAgent,
        accept: "text/markdown, text/html;q=0.9, text/plain;q=0.8, application/json;q=0.8, */*;q=0.5",
        "accept-encoding": "gzip, deflate, br",
      },
    });
    request.on("error", (error) => reject(signal.aborted ? signal.reason : connectionError(url, error)));
    request.on("response", (response) => {
      const status = response.statusCode ?? 0;
      const base = { status, statusText: response.statusMessage ?? "", headers: response.headers };
      const location = response.headers.location;
      if (REDIRECTS.has(status) && location !== undefined) {
        response.resume();
        request.destroy();
        resolve({ ...base, location, body: Buffer.alloc(0), truncated: false });
        return;
      }
      readBody(url, response, options.maxBytes, signal).then(
        ({ body, truncated }) => {
          request.destroy();
          resolve({ ...base, body, truncated });
        },
        reject,
      );
    });
    request.end();
  });
}

// Reads at most `maxBytes` of the decompressed body, so neither a huge page nor a small
// compressed bomb fills memory; stops the download as soon as the limit is reached.
function readBody(url: URL, response: IncomingMessage, maxBytes: number, signal: AbortSignal): Promise<{ body: Buffer; truncated: boolean }> {
  const stream = decoded(response);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (truncated: boolean) => {
      if (done) return;
      done = true;
      signal.removeEventListener("abort", onAbort);
      stream.destroy();
      response.destroy();
      resolve({ body: Buffer.concat(chunks, size), truncated });
    };
    const fail = (error: unknown) => {
      if (done) return;
      done = true;
      signal.removeEventListener("abort", onAbort);
      stream.destroy();
      response.destroy();
      reject(signal.aborted ? signal.reason : readError(url, error));
    };
    const onAbort = () => fail(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    stream.on("data", (chunk: Buffer) => {
      if (done) return;
      const room = maxBytes - size;
      // A body of exactly maxBytes is whole; only a byte beyond it makes a cut.
      if (chunk.length > room) {
        chunks.push(chunk.subarray(0, room));
        size += room;
        finish(true);
        return;
      }
      chunks.push(chunk);
      size += chunk.length;
    });
    stream.on("end", () => finish(false));
    stream.on("error", fail);
    response.on("aborted", () => fail(new Error("the server closed the connection before the page was complete")));
  });
}

function decoded(response: IncomingMessage): Readable {
  const encoding = String(response.headers["content-encoding"] ?? "").trim().toLowerCase();
  // Servers sometimes close compressed bodies early; finishing short is better than failing.
  const lenient = { finishFlush: zlib.constants.Z_SYNC_FLUSH };
  if (encoding === "gzip" || encoding === "x-gzip") return response.pipe(zlib.createGunzip(lenient));
  if (encoding === "deflate") return response.pipe(zlib.createInflate(lenient));
  if (encoding === "br") return response.pipe(zlib.createBrotliDecompress({ finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH }));
  return response;
}

function connectionError(url: URL, error: unknown): JuneError {
  return new JuneError("JUNE_WEB_FETCH_FAILED", `june: WebFetch could not connect to ${url.href}: ${reason(error)}`, { cause: error });
}

function readError(url: URL, error: unknown): JuneError {
  return new JuneError("JUNE_WEB_FETCH_FAILED", `june: WebFetch could not read the page at ${url.href}: ${reason(error)}`, { cause: error });
}

function reason(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  return typeof code === "string" && !message.includes(code) ? `${message} (${code})` : message;
}

/** `promise`, or a rejection with the signal's reason as soon as `signal` aborts. */
function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error as Error);
      },
    );
  });
}
