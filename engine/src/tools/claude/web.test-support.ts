// Test support for WebFetch and WebSearch: a real node:http server on 127.0.0.1 per test, whose
// handler the test writes, recording every request it gets (method, path, headers, body).
import { createServer } from "node:http";
import type { IncomingHttpHeaders, IncomingMessage, Server, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach } from "vitest";

/** One request the server got. */
export interface SeenRequest {
  method: string;
  /** The path with its query string, as sent. */
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A running loopback server. */
export interface LoopbackServer {
  /** `http://127.0.0.1:PORT` */
  origin: string;
  port: number;
  /** Every request so far, in order. */
  requests: SeenRequest[];
}

type Handler = (request: IncomingMessage & { body: string }, response: ServerResponse) => void;

/**
 * Registers an afterEach that closes the servers a test started; returns `serve`, which starts
 * one answering with `handler`.
 */
export function useLoopbackServers(): (handler: Handler) => Promise<LoopbackServer> {
  const servers: Server[] = [];
  afterEach(async () => {
    await Promise.all(
      servers.splice(0).map(
        (server) =>
          new Promise<void>((resolve) => {
            // A server that never answers (the timeout tests) still has its sockets open.
            server.closeAllConnections();
            server.close(() => resolve());
          }),
      ),
    );
  });
  return async (handler) => {
    const requests: SeenRequest[] = [];
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        const body = Buffer.concat(chunks).toString("utf8");
        requests.push({ method: request.method ?? "", url: request.url ?? "", headers: request.headers, body });
        handler(Object.assign(request, { body }), response);
      });
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    return { origin: `http://127.0.0.1:${port}`, port, requests };
  };
}

/** Sends `body` with status 200 and the Content-Type `type`. */
export function send(response: ServerResponse, type: string | undefined, body: string | Buffer, status = 200): void {
  response.writeHead(status, type === undefined ? {} : { "content-type": type });
  response.end(body);
}
