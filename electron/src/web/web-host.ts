// The web host: `june studio --web`. It serves the built renderer and the StudioService over one
// WebSocket, on 127.0.0.1 only. Every request and the upgrade pass one guard (request-guard.ts):
// Host, Origin, one normalised path, and the token — in the printed URL the first time, which the
// page answers with a cookie so the renderer can take the token out of the address bar.
import { createReadStream, existsSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { WebSocketServer, type WebSocket } from "ws";
import type { StudioService } from "../service/index.ts";
import { fallbackPage } from "./fallback-page.ts";
import { MAX_FRAME_BYTES } from "../contract/index.ts";
import { guardRequest, type HostIdentity } from "./request-guard.ts";
import { securityHeaders } from "./security-headers.ts";
import { sessionCookie } from "./session-cookie.ts";
import { serveSocket } from "./socket-session.ts";
import { lookupStatic } from "./static-files.ts";
import { createToken } from "./token.ts";

/** The renderer `npm run build -w renderer` writes. */
export const DEFAULT_RENDERER_DIR = fileURLToPath(new URL("../../../renderer/dist", import.meta.url));

export interface WebHostOptions {
  service: StudioService;
  /** 0 (the default) picks a free port. */
  port?: number;
  /** The built renderer; default renderer/dist of this repository. */
  rendererDir?: string;
}

export interface WebHost {
  /** `http://127.0.0.1:PORT/?token=TOKEN`: what to open in a browser (any number of times, in any browser). */
  readonly url: string;
  readonly port: number;
  readonly token: string;
  /** Closes every socket and the server (the service stays open; close it separately). */
  close(): Promise<void>;
}

/**
 * Starts the web host.
 *
 * @example
 * const host = await startWebHost({ service, port: 0 });
 * process.stdout.write(`June Studio: ${host.url}\n`);
 */
export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const rendererDir = options.rendererDir ?? DEFAULT_RENDERER_DIR;
  const identity: HostIdentity = { port: 0, token: createToken() };
  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  sockets.on("connection", (socket) => serveSocket(socket, options.service));

  const server = createServer((request, response) => {
    void serveHttp(request, response, identity, rendererDir).catch((error: unknown) => {
      if (!response.headersSent) send(response, identity.port, 500, "text/plain; charset=utf-8", `june studio: ${error instanceof Error ? error.message : String(error)}\n`);
      else response.destroy();
    });
  });
  server.on("upgrade", (request: IncomingMessage, socket: Socket, head: Buffer) => {
    const decision = guardRequest(request, identity, "socket");
    if (!decision.ok) {
      const body = `june studio: WebSocket refused: ${decision.why}.\n`;
      socket.end(`HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`, () =>
        socket.destroy(),
      );
      return;
    }
    sockets.handleUpgrade(request, socket, head, (ws) => sockets.emit("connection", ws, request));
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) =>
      reject(
        error.code === "EADDRINUSE"
          ? new Error(`june studio: port ${options.port} on 127.0.0.1 is in use; pass another --port, or --port 0 for any free one.`)
          : error,
      ),
    );
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  identity.port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${identity.port}/?token=${identity.token}`,
    port: identity.port,
    token: identity.token,
    async close() {
      await Promise.all([...sockets.clients].map(closeSocket));
      await new Promise<void>((resolve) => sockets.close(() => resolve()));
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

/** Says goodbye properly, but doesn't wait long for a window that doesn't answer. */
function closeSocket(socket: WebSocket): Promise<void> {
  if (socket.readyState === socket.CLOSED) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => socket.terminate(), 1000);
    socket.once("close", () => {
      clearTimeout(force);
      resolve();
    });
    socket.close(1001, "the studio is closing");
  });
}

/** The paths that are the studio's page. */
const PAGE_PATHS = new Set(["/", "/index.html"]);

// Refusals: 403 for anything the guard turns away (Host, Origin, a path that isn't one
// unambiguous path, no token), all before any lookup; 404 only for a shown token and a
// well-formed path naming no file; 405 for methods other than GET and HEAD.
async function serveHttp(request: IncomingMessage, response: ServerResponse, identity: HostIdentity, rendererDir: string): Promise<void> {
  const { port } = identity;
  const decision = guardRequest(request, identity, "http");
  if (!decision.ok) return send(response, port, decision.status, "text/plain; charset=utf-8", `june studio: refused: ${decision.why}.\n`);
  if (request.method !== "GET" && request.method !== "HEAD") {
    response.setHeader("Allow", "GET, HEAD");
    return send(response, port, 405, "text/plain; charset=utf-8", "june studio: only GET and HEAD are served.\n");
  }
  const headOnly = request.method === "HEAD";
  if (PAGE_PATHS.has(decision.path)) {
    // The printed URL's first load: the cookie carries the token from now on (see session-cookie.ts).
    if (decision.tokenInAddress) response.setHeader("Set-Cookie", sessionCookie(port, identity.token));
    const index = join(rendererDir, "index.html");
    if (!existsSync(index)) return send(response, port, 200, "text/html; charset=utf-8", fallbackPage(rendererDir));
    return sendFile(response, port, index, "text/html; charset=utf-8", headOnly, "no-store");
  }
  const found = await lookupStatic(rendererDir, decision.path);
  if (found.kind === "forbidden") return send(response, port, 403, "text/plain; charset=utf-8", "june studio: refused: that path is outside the studio.\n");
  if (found.kind === "missing") return send(response, port, 404, "text/plain; charset=utf-8", "june studio: not found.\n");
  return sendFile(response, port, found.path, found.type, headOnly, "no-cache");
}

function send(response: ServerResponse, port: number, status: number, type: string, body: string): void {
  response.writeHead(status, { ...securityHeaders(port), "Content-Type": type, "Content-Length": Buffer.byteLength(body), "Cache-Control": "no-store" });
  response.end(response.req.method === "HEAD" ? undefined : body);
}

/** `no-store` for the page (it may carry Set-Cookie), `no-cache` (revalidate) for its files. */
function sendFile(response: ServerResponse, port: number, path: string, type: string, headOnly: boolean, cache: "no-store" | "no-cache"): void {
  response.writeHead(200, { ...securityHeaders(port), "Content-Type": type, "Cache-Control": cache });
  if (headOnly) return void response.end();
  const stream = createReadStream(path);
  stream.on("error", () => response.destroy());
  stream.pipe(response);
}
