// The web host: `june studio --web`. It serves the built renderer and the StudioService over one
// WebSocket, on 127.0.0.1 only, behind a random token (page and socket), a Host check (DNS
// rebinding) and an Origin check on the socket.
import { createReadStream, existsSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { WebSocketServer, type WebSocket } from "ws";
import type { StudioService } from "../service/index.ts";
import { fallbackPage } from "./fallback-page.ts";
import { hasToken, hostIsOurs, refuseUpgrade, splitTarget, type HostIdentity } from "./request-guard.ts";
import { securityHeaders } from "./security-headers.ts";
import { serveSocket } from "./socket-session.ts";
import { lookupStatic } from "./static-files.ts";
import { createToken } from "./token.ts";

/** The renderer `npm run build -w renderer` writes. */
export const DEFAULT_RENDERER_DIR = fileURLToPath(new URL("../../../renderer/dist", import.meta.url));

/** Requests are small; a run's input is the biggest thing a window sends. */
const MAX_MESSAGE_BYTES = 8 * 1024 * 1024;

export interface WebHostOptions {
  service: StudioService;
  /** 0 (the default) picks a free port. */
  port?: number;
  /** The built renderer; default renderer/dist of this repository. */
  rendererDir?: string;
}

export interface WebHost {
  /** `http://127.0.0.1:PORT/?token=TOKEN`: what to open in a browser. */
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
  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  sockets.on("connection", (socket) => serveSocket(socket, options.service));

  const server = createServer((request, response) => {
    void serveHttp(request, response, identity, rendererDir).catch((error: unknown) => {
      if (!response.headersSent) send(response, identity.port, 500, "text/plain; charset=utf-8", `june studio: ${error instanceof Error ? error.message : String(error)}\n`);
      else response.destroy();
    });
  });
  server.on("upgrade", (request: IncomingMessage, socket: Socket, head: Buffer) => {
    const refusal = refuseUpgrade(request, identity);
    if (refusal) {
      const body = `june studio: WebSocket refused: ${refusal}.\n`;
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

async function serveHttp(request: IncomingMessage, response: ServerResponse, identity: HostIdentity, rendererDir: string): Promise<void> {
  const { port } = identity;
  if (!hostIsOurs(request, port)) return send(response, port, 403, "text/plain; charset=utf-8", "june studio: refused: wrong Host header.\n");
  if (request.method !== "GET" && request.method !== "HEAD") {
    response.setHeader("Allow", "GET, HEAD");
    return send(response, port, 405, "text/plain; charset=utf-8", "june studio: only GET and HEAD are served.\n");
  }
  const { path } = splitTarget(request.url);
  if (path === "/" || path === "/index.html") {
    if (!hasToken(request, identity)) {
      return send(response, port, 403, "text/plain; charset=utf-8", "june studio: open the exact URL `june studio` printed; it carries the token.\n");
    }
    const index = join(rendererDir, "index.html");
    if (!existsSync(index)) return send(response, port, 200, "text/html; charset=utf-8", fallbackPage(rendererDir));
    return sendFile(response, port, index, "text/html; charset=utf-8", request.method === "HEAD");
  }
  const found = await lookupStatic(rendererDir, path);
  if (found.kind === "forbidden") return send(response, port, 403, "text/plain; charset=utf-8", "june studio: refused: that path is outside the studio.\n");
  if (found.kind === "missing") return send(response, port, 404, "text/plain; charset=utf-8", "june studio: not found.\n");
  return sendFile(response, port, found.path, found.type, request.method === "HEAD");
}

function send(response: ServerResponse, port: number, status: number, type: string, body: string): void {
  response.writeHead(status, { ...securityHeaders(port), "Content-Type": type, "Content-Length": Buffer.byteLength(body), "Cache-Control": "no-store" });
  response.end(response.req.method === "HEAD" ? undefined : body);
}

function sendFile(response: ServerResponse, port: number, path: string, type: string, headOnly: boolean): void {
  response.writeHead(200, { ...securityHeaders(port), "Content-Type": type, "Cache-Control": "no-cache" });
  if (headOnly) return void response.end();
  const stream = createReadStream(path);
  stream.on("error", () => response.destroy());
  stream.pipe(response);
}
