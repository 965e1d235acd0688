// The web host attacked with raw bytes (issue 11): every spelling of a path is normalised once
// and then decided, so no variant of the page or of a file slips past the token; Host must name
// this host exactly once; the socket's Origin must be the page's own; the token moves from the
// address to a per-port HttpOnly cookie; and WebSocket messages are bounded in size and depth.
import { join } from "node:path";
import WebSocket from "ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { WireMessage } from "../contract/index.ts";
import { HELLO_FLOW, makeProject, type ProjectFixture } from "../service/project-fixture.test-support.ts";
import { StudioService } from "../service/index.ts";
import { rawRequest, rawUpgrade, type RawResponse } from "./raw-http.test-support.ts";
import { startWebHost, type WebHost } from "./web-host.ts";

let project: ProjectFixture;
let service: StudioService;
let host: WebHost;

const INDEX = "<!doctype html><title>June Studio</title><script type=module src=/assets/app.js></script>";
const APP_JS = "console.log('studio');\n";

beforeAll(async () => {
  project = await makeProject({
    "flows/hello.tsx": HELLO_FLOW,
    "renderer/dist/index.html": INDEX,
    "renderer/dist/assets/app.js": APP_JS,
    "renderer/package.json": '{ "secret": "renderer-package" }\n',
  });
  service = new StudioService({ log: () => {} });
  const opened = await service.openFolder({ folder: join(project.folder, "flows") });
  if (!opened.ok) throw new Error(opened.error.message);
  host = await startWebHost({ service, port: 0, rendererDir: join(project.folder, "renderer/dist") });
});
afterAll(async () => {
  await host?.close();
  await service?.close();
  await project?.remove();
});

const hostHeader = (): [string, string] => ["Host", `127.0.0.1:${host.port}`];
const origin = () => `http://127.0.0.1:${host.port}`;
const cookieName = () => `june_studio_${host.port}`;
const cookie = (token = host.token): [string, string] => ["Cookie", `${cookieName()}=${token}`];

/** `GET <target> HTTP/1.1` with the right Host and the given extra header lines. */
const get = (target: string, headers: [string, string][] = []) => rawRequest(host.port, `GET ${target} HTTP/1.1`, [hostHeader(), ...headers]);

/** Whether a response handed out the page or a file of the renderer (or anything beside it). */
const servedSomething = (response: RawResponse) => /June Studio<\/title>|console\.log|renderer-package/.test(response.body);

// Spellings a browser never sends but a hand-made request can; each names the page or a file once
// normalised (percent-decoded, repeated and trailing slashes dropped), hex digits in either case.
const PAGE_SPELLINGS = ["/", "/index.html", "//index.html", "///index.html", "/%69ndex.html", "/%69%6E%64%65%78.html", "/index.htm%6c", "/index.htm%6C", "/index.html/", "/index.html//"];
const ASSET_SPELLINGS = ["/assets/app.js", "//assets/app.js", "/assets//app.js", "/assets/app.js/", "/%61ssets/app.js", "/assets/app%2ejs", "/assets/app%2Ejs"];
// Spellings that aren't one unambiguous path: refused whoever asks, before any file is looked up.
const REFUSED_SPELLINGS = [
  "/./index.html",
  "/assets/../index.html",
  "/assets/./app.js",
  "/%2e%2e/",
  "/%2E%2E/",
  "/%2e/index.html",
  "/assets/%2e%2e/index.html",
  "/index.html%00",
  "/%00",
  "/\\index.html",
  "/assets\\app.js",
  "/%5cindex.html",
  "/%5Cindex.html",
  "/assets%2fapp.js",
  "/assets%2Fapp.js",
  "/%zz",
  "/%252e%252e/index.html",
  "/index.html%0a",
];

describe("one normalised path decides every request", () => {
  it("every spelling of the page or of a file needs the token: without it, 403 and nothing served", async () => {
    for (const path of [...PAGE_SPELLINGS, ...ASSET_SPELLINGS]) {
      const response = await get(path);
      expect(response.status, path).toBe(403);
      expect(servedSomething(response), path).toBe(false);
    }
  });

  it("with the cookie, each spelling serves what its normal form names (the lookup uses the normalised path)", async () => {
    for (const path of PAGE_SPELLINGS) {
      const response = await get(path, [cookie()]);
      expect(response.status, path).toBe(200);
      expect(response.body, path).toBe(INDEX);
    }
    for (const path of ASSET_SPELLINGS) {
      const response = await get(path, [cookie()]);
      expect(response.status, path).toBe(200);
      expect(response.body, path).toBe(APP_JS);
    }
  });

  it("dot segments, backslashes, NUL, control characters, encoded slashes and double encoding are refused (403), token or not", async () => {
    for (const path of REFUSED_SPELLINGS) {
      for (const credential of [[], [cookie()]] as [string, string][][]) {
        const response = await get(path, credential);
        expect(response.status, `${path} ${credential.length ? "with" : "without"} the cookie`).toBe(403);
        expect(servedSomething(response), path).toBe(false);
      }
      expect((await get(`${path}?token=${host.token}`)).status, `${path}?token=…`).toBe(403);
    }
  });

  it("a request target that isn't a path (absolute form, asterisk) is refused; a bare backslash doesn't even parse (400)", async () => {
    const refusals: [string, number][] = [
      [`http://127.0.0.1:${host.port}/index.html?token=${host.token}`, 403],
      [`http://evil.com/index.html?token=${host.token}`, 403],
      ["*", 403],
      // Node's HTTP parser answers this one itself, before the host sees it.
      [`\\index.html?token=${host.token}`, 400],
    ];
    for (const [target, status] of refusals) {
      const response = await get(target, [cookie()]);
      expect(response.status, target).toBe(status);
      expect(servedSomething(response), target).toBe(false);
    }
  });

  it("a missing file is 404 only once the token is shown (no probing for files without it)", async () => {
    expect((await get("/assets/nope.js")).status).toBe(403);
    expect((await get("/assets/nope.js", [cookie()])).status).toBe(404);
  });
});

describe("Host must be exactly 127.0.0.1:PORT, sent once", () => {
  it("two Host headers are refused, even both right and with the token", async () => {
    const twice = await rawRequest(host.port, `GET /?token=${host.token} HTTP/1.1`, [hostHeader(), hostHeader()]);
    expect(twice.status).toBe(403);
    expect(servedSomething(twice)).toBe(false);
    const rightThenEvil = await rawRequest(host.port, `GET /?token=${host.token} HTTP/1.1`, [hostHeader(), ["Host", `evil.com:${host.port}`]]);
    expect(rightThenEvil.status).toBe(403);
    const upgrade = await rawUpgrade(host.port, `/ws?token=${host.token}`, [hostHeader(), hostHeader(), ["Origin", origin()]]);
    expect(upgrade.status).toBe(403);
  });

  it("another name (DNS rebinding), localhost, no port, another port, a list or nothing is refused", async () => {
    const port = host.port;
    for (const value of [`evil.com:${port}`, `localhost:${port}`, "127.0.0.1", `127.0.0.1:${port + 1}`, `127.0.0.1:${port}, 127.0.0.1:${port}`, `127.0.0.1.:${port}`, `127.0.0.1:0${port}`, `user@127.0.0.1:${port}`]) {
      const response = await rawRequest(port, `GET /?token=${host.token} HTTP/1.1`, [["Host", value]]);
      expect(response.status, value).toBe(403);
      expect(servedSomething(response), value).toBe(false);
      expect((await rawUpgrade(port, `/ws?token=${host.token}`, [["Host", value], ["Origin", origin()]])).status, value).toBe(403);
    }
    const noHost = await rawRequest(port, `GET /?token=${host.token} HTTP/1.0`, []);
    expect(noHost.status).toBe(403);
    expect(servedSomething(noHost)).toBe(false);
  });
});

describe("Origin: the socket's must be the page's own; a page request's, if any, too", () => {
  it("refuses the upgrade from null, another site, localhost, another local port, https, a list, two headers or none", async () => {
    const port = host.port;
    const auth: [string, string][] = [hostHeader(), cookie()];
    expect((await rawUpgrade(port, "/ws", [...auth, ["Origin", origin()]])).status, "control").toBe(101);
    for (const value of ["null", "http://evil.example", `http://localhost:${port}`, `http://127.0.0.1:${port + 1}`, `https://127.0.0.1:${port}`, `${origin()}/`, `${origin()}, ${origin()}`]) {
      expect((await rawUpgrade(port, "/ws", [...auth, ["Origin", value]])).status, value).toBe(403);
    }
    expect((await rawUpgrade(port, "/ws", [...auth, ["Origin", origin()], ["Origin", origin()]])).status, "two Origin headers").toBe(403);
    expect((await rawUpgrade(port, "/ws", auth)).status, "no Origin").toBe(403);
  });

  it("refuses a page or file request carrying another Origin, or two", async () => {
    expect((await get("/", [cookie(), ["Origin", origin()]])).status, "control").toBe(200);
    for (const value of ["null", "http://evil.example", `http://127.0.0.1:${host.port + 1}`]) {
      const response = await get("/assets/app.js", [cookie(), ["Origin", value]]);
      expect(response.status, value).toBe(403);
      expect(servedSomething(response)).toBe(false);
    }
    expect((await get("/", [cookie(), ["Origin", origin()], ["Origin", origin()]])).status).toBe(403);
  });
});

describe("the token moves from the address to a cookie", () => {
  it("the printed URL answers the page with an HttpOnly, SameSite=Strict, per-port cookie, not cached", async () => {
    const first = await get(`/?token=${host.token}`);
    expect(first.status).toBe(200);
    expect(first.body).toBe(INDEX);
    expect(first.headers["set-cookie"]).toEqual([`june_studio_${host.port}=${host.token}; HttpOnly; SameSite=Strict; Path=/`]);
    expect(first.headers["cache-control"]).toEqual(["no-store"]);
    // A second browser (no cookie yet) opens the same printed URL.
    expect((await get(`/?token=${host.token}`)).status).toBe(200);
  });

  it("the cookie alone lets in the page, its files and the socket; a wrong one, or another port's, doesn't", async () => {
    expect((await get("/", [cookie()])).status).toBe(200);
    expect((await get("/assets/app.js", [cookie()])).status).toBe(200);
    expect((await rawUpgrade(host.port, "/ws", [hostHeader(), cookie(), ["Origin", origin()]])).status).toBe(101);

    const wrong = `${host.token.slice(0, -1)}${host.token.endsWith("A") ? "B" : "A"}`;
    expect((await get("/", [cookie(wrong)])).status).toBe(403);
    expect((await get("/", [["Cookie", `june_studio_${host.port + 1}=${host.token}`]])).status).toBe(403);
    expect((await rawUpgrade(host.port, "/ws", [hostHeader(), cookie(wrong), ["Origin", origin()]])).status).toBe(403);
  });

  it("finds its cookie among others, also beside one of the same name another page on 127.0.0.1 set", async () => {
    expect((await get("/", [["Cookie", `a=1; ${cookieName()}=junk; ${cookieName()}=${host.token}; b=2`]])).status).toBe(200);
    expect((await get("/", [["Cookie", "a=1"], ["Cookie", `${cookieName()}=${host.token}`]])).status).toBe(200);
  });

  it("a wrong token in the address is refused even beside the right cookie (the address says what it means)", async () => {
    expect((await get("/?token=wrong", [cookie()])).status).toBe(403);
  });

  it("the socket still takes the token in its URL, for clients without a cookie jar (Origin still checked)", async () => {
    expect((await rawUpgrade(host.port, `/ws?token=${host.token}`, [hostHeader(), ["Origin", origin()]])).status).toBe(101);
    expect((await rawUpgrade(host.port, `/ws?token=${host.token}`, [hostHeader(), ["Origin", "http://evil.example"]])).status).toBe(403);
    expect((await rawUpgrade(host.port, "/ws?token=wrong", [hostHeader(), cookie(), ["Origin", origin()]])).status).toBe(403);
  });
});

/** A socket authenticated as the page's is (cookie, own Origin), with every message it gets. */
async function pageSocket() {
  const socket = new WebSocket(`ws://127.0.0.1:${host.port}/ws`, { origin: origin(), headers: { cookie: `${cookieName()}=${host.token}` } });
  const messages: WireMessage[] = [];
  const waiters: { id: number; resolve: (m: WireMessage) => void }[] = [];
  socket.on("message", (data) => {
    const message = JSON.parse(String(data)) as WireMessage;
    messages.push(message);
    for (const waiter of [...waiters]) {
      if (!("id" in message) || message.id !== waiter.id) continue;
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(message);
    }
  });
  const closed = new Promise<number>((resolve) => socket.once("close", (code) => resolve(code)));
  socket.on("error", () => {});
  await new Promise<void>((resolve, reject) => {
    socket.once("open", () => resolve());
    socket.once("unexpected-response", (_req, res) => reject(new Error(`refused: ${res.statusCode}`)));
  });
  // An answer, or the socket closing first (the host dropping it instead of answering).
  const answer = (id: number) =>
    Promise.race([
      new Promise<WireMessage>((resolve) => waiters.push({ id, resolve })),
      closed.then((code) => Promise.reject(new Error(`the socket closed (${code}) before answering ${id}`))),
    ]);
  return {
    socket,
    closed,
    answer,
    async sendRaw(id: number, text: string) {
      const answered = answer(id);
      socket.send(text);
      return answered;
    },
  };
}

const nested = (depth: number) => "[".repeat(depth) + "]".repeat(depth);

describe("WebSocket messages are bounded", () => {
  it("a request nested 5,000 deep is answered STUDIO_MESSAGE_TOO_DEEP with its id, and the socket keeps answering", async () => {
    const client = await pageSocket();
    try {
      const deep = `{"id":1,"method":"startRun","params":{"entryId":"workflow:hello.tsx","input":${nested(5000)}}}`;
      expect(await client.sendRaw(1, deep)).toMatchObject({ id: 1, result: { ok: false, error: { code: "STUDIO_MESSAGE_TOO_DEEP" } } });
      const deepObject = `{"id":2,"method":"getProject","params":${'{"a":'.repeat(5000)}1${"}".repeat(5000)}}`;
      expect(await client.sendRaw(2, deepObject)).toMatchObject({ id: 2, result: { ok: false, error: { code: "STUDIO_MESSAGE_TOO_DEEP" } } });
      expect(await client.sendRaw(3, JSON.stringify({ id: 3, method: "getProject", params: {} }))).toMatchObject({ id: 3, result: { ok: true } });
    } finally {
      client.socket.close();
    }
  });

  it("brackets inside strings don't count toward the depth", async () => {
    const client = await pageSocket();
    try {
      const text = JSON.stringify({ id: 4, method: "getProject", params: {}, note: "[".repeat(5000) });
      // Well formed but for the extra key: the envelope's own error, not the depth's.
      expect(await client.sendRaw(4, text)).toMatchObject({ id: 4, result: { ok: false, error: { code: "STUDIO_BAD_REQUEST" } } });
    } finally {
      client.socket.close();
    }
  });

  it("a request over 8 MiB is answered STUDIO_MESSAGE_TOO_LARGE with its id, and the socket keeps answering", async () => {
    const client = await pageSocket();
    try {
      const big = JSON.stringify({ id: 5, method: "startRun", params: { entryId: "workflow:hello.tsx", input: "x".repeat(8 * 1024 * 1024) } });
      expect(await client.sendRaw(5, big)).toMatchObject({ id: 5, result: { ok: false, error: { code: "STUDIO_MESSAGE_TOO_LARGE" } } });
      expect(await client.sendRaw(6, JSON.stringify({ id: 6, method: "getProject", params: {} }))).toMatchObject({ id: 6, result: { ok: true } });
    } finally {
      client.socket.close();
    }
  });

  it("a frame over 16 MiB closes that socket (1009) unread; the host answers the next one", async () => {
    const client = await pageSocket();
    client.socket.send(Buffer.alloc(16 * 1024 * 1024 + 1, 0x20), { binary: false });
    expect(await client.closed).toBe(1009);
    const next = await pageSocket();
    try {
      expect(await next.sendRaw(7, JSON.stringify({ id: 7, method: "getProject", params: {} }))).toMatchObject({ id: 7, result: { ok: true } });
    } finally {
      next.socket.close();
    }
  });
});
