// Raw HTTP/1.1 over node:net for the web host's attack suite: the test writes the exact bytes of
// the request (a path no client library would send as is, two Host headers, no Host at all) and
// reads the answer back as status, headers (every occurrence kept) and body.
import { connect } from "node:net";
import { randomBytes } from "node:crypto";

export interface RawResponse {
  status: number;
  /** Lower-cased names; a header sent twice has two values. */
  headers: Record<string, string[]>;
  body: string;
}

/** Sends `bytes` as they are to 127.0.0.1:port and reads the answer until the server closes. */
export function rawExchange(port: number, bytes: string | Buffer): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: "127.0.0.1", port });
    const chunks: Buffer[] = [];
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      try {
        resolve(parseResponse(Buffer.concat(chunks).toString("latin1")));
      } catch (error) {
        reject(error);
      }
    });
    socket.write(bytes);
  });
}

/**
 * A request with exactly these header lines (name: value, in order) and `Connection: close`.
 *
 * @example
 * await rawRequest(port, "GET //index.html HTTP/1.1", [["Host", `127.0.0.1:${port}`]]);
 */
export function rawRequest(port: number, requestLine: string, headers: [string, string][]): Promise<RawResponse> {
  const lines = [requestLine, ...headers.map(([name, value]) => `${name}: ${value}`), "Connection: close", "", ""];
  return rawExchange(port, lines.join("\r\n"));
}

/** The header lines of a WebSocket handshake (a fresh key each time). */
export function upgradeHeaders(): [string, string][] {
  return [
    ["Upgrade", "websocket"],
    ["Sec-WebSocket-Version", "13"],
    ["Sec-WebSocket-Key", randomBytes(16).toString("base64")],
  ];
}

/**
 * A WebSocket handshake with exactly these headers: resolves the status line's code (101 when
 * upgraded, after which the socket is closed) and the refusal's body.
 */
export function rawUpgrade(port: number, target: string, headers: [string, string][]): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: "127.0.0.1", port });
    let text = "";
    socket.setEncoding("latin1");
    socket.on("data", (chunk: string) => {
      text += chunk;
      if (text.startsWith("HTTP/1.1 101 ") && text.includes("\r\n\r\n")) {
        socket.destroy();
        resolve({ status: 101, body: "" });
      }
    });
    socket.on("error", reject);
    socket.on("close", () => {
      if (text.startsWith("HTTP/1.1 101 ")) return;
      try {
        const response = parseResponse(text);
        resolve({ status: response.status, body: response.body });
      } catch (error) {
        reject(error);
      }
    });
    const lines = [`GET ${target} HTTP/1.1`, ...[...headers, ["Connection", "Upgrade"], ...upgradeHeaders()].map(([n, v]) => `${n}: ${v}`), "", ""];
    socket.write(lines.join("\r\n"));
  });
}

function parseResponse(text: string): RawResponse {
  const end = text.indexOf("\r\n\r\n");
  if (end === -1) throw new Error(`no complete HTTP response: ${JSON.stringify(text.slice(0, 200))}`);
  const [statusLine, ...headerLines] = text.slice(0, end).split("\r\n");
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine!)?.[1]);
  if (!status) throw new Error(`not an HTTP status line: ${JSON.stringify(statusLine)}`);
  const headers: Record<string, string[]> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(":");
    const name = line.slice(0, colon).trim().toLowerCase();
    (headers[name] ??= []).push(line.slice(colon + 1).trim());
  }
  let body = text.slice(end + 4);
  if (headers["transfer-encoding"]?.includes("chunked")) body = unchunk(body);
  return { status, headers, body };
}

function unchunk(body: string): string {
  let out = "";
  let at = 0;
  for (;;) {
    const lineEnd = body.indexOf("\r\n", at);
    if (lineEnd === -1) return out;
    const size = parseInt(body.slice(at, lineEnd), 16);
    if (!size) return out;
    out += body.slice(lineEnd + 2, lineEnd + 2 + size);
    at = lineEnd + 2 + size + 2;
  }
}
