// The web host as a specification: only 127.0.0.1, the token on the page, its files and the
// socket, Host and Origin checked, strict headers, no way out of the renderer folder, and the
// contract's wire protocol over one WebSocket with events in batches. The attacks on the guard
// itself (path spellings, duplicate headers, the cookie, message bounds) are in
// request-guard.attack.test.ts.
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { connect as tcpConnect } from "node:net";
import { mkdir, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import WebSocket from "ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StudioEvent, WireMessage } from "../contract/index.ts";
import { HELLO_FLOW, chattyFlow, makeProject, runEnded, type ProjectFixture } from "../service/project-fixture.test-support.ts";
import { StudioService } from "../service/index.ts";
import { startWebHost, type WebHost } from "./web-host.ts";

let project: ProjectFixture;
let service: StudioService;
let host: WebHost;
let rendererDir: string;

beforeAll(async () => {
  project = await makeProject({
    "flows/hello.tsx": HELLO_FLOW,
    "flows/long.tsx": chattyFlow(700),
    "renderer/dist/index.html": "<!doctype html><title>June Studio</title><script type=module src=/assets/app.js></script>",
    "renderer/dist/assets/app.js": "console.log('studio');\n",
    "renderer/package.json": '{ "secret": "renderer-package" }\n',
    "secret.txt": "top secret\n",
  });
  rendererDir = join(project.folder, "renderer/dist");
  await symlink(join(project.folder, "secret.txt"), join(rendererDir, "assets/link.txt"));
  // Every delta its own event, so a batch holds many: what the batching tests below count on.
  service = new StudioService({ log: () => {}, coalesceDeltas: false });
  const opened = await service.openFolder({ folder: join(project.folder, "flows") });
  if (!opened.ok) throw new Error(opened.error.message);
  host = await startWebHost({ service, port: 0, rendererDir });
});
afterAll(async () => {
  await host?.close();
  await service?.close();
  await project?.remove();
});

interface Response {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A GET with the path exactly as given (no `..` normalisation), and optional headers. */
function get(path: string, headers: Record<string, string> = {}, port = host.port, method = "GET"): Promise<Response> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, path, method, headers: { host: `127.0.0.1:${port}`, ...headers } }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

const origin = () => `http://127.0.0.1:${host.port}`;
/** The cookie the page answers the printed URL with, as the browser sends it back. */
const withCookie = () => ({ cookie: `june_studio_${host.port}=${host.token}` });

/** Opens a WebSocket with the `ws` client (which can set any Host and Origin); resolves open or the refusal's status. */
function openSocket(url: string, options: { origin?: string; host?: string } = {}): Promise<{ socket?: WebSocket; status?: number }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, {
      ...(options.origin !== undefined ? { origin: options.origin } : {}),
      ...(options.host !== undefined ? { headers: { host: options.host } } : {}),
    });
    socket.once("open", () => resolve({ socket }));
    socket.once("unexpected-response", (_req, res) => {
      resolve({ status: res.statusCode ?? 0 });
      res.resume();
    });
    socket.once("error", (error) => {
      if (!/Unexpected server response/.test(error.message)) reject(error);
    });
  });
}

const wsUrl = (token = host.token) => `ws://127.0.0.1:${host.port}/ws?token=${token}`;

/** A socket speaking the wire protocol: `call` sends a request, `messages` collects everything. */
async function wireClient() {
  const { socket } = await openSocket(wsUrl(), { origin: origin() });
  if (!socket) throw new Error("the socket was refused");
  const messages: WireMessage[] = [];
  const waiters: { match: (m: WireMessage) => boolean; resolve: (m: WireMessage) => void }[] = [];
  socket.on("message", (data) => {
    const message = JSON.parse(String(data)) as WireMessage;
    messages.push(message);
    for (const waiter of [...waiters]) {
      if (waiter.match(message)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(message);
      }
    }
  });
  const next = (match: (m: WireMessage) => boolean) => new Promise<WireMessage>((resolve) => waiters.push({ match, resolve }));
  let id = 100;
  return {
    socket,
    messages,
    next,
    sendRaw(text: string) {
      socket.send(text);
    },
    async call(method: string, params: unknown) {
      const myId = id++;
      const answer = next((m) => "id" in m && m.id === myId);
      socket.send(JSON.stringify({ id: myId, method, params }));
      return ((await answer) as { result: unknown }).result;
    },
  };
}

describe("where it listens", () => {
  it("binds 127.0.0.1 only: other loopback addresses and ::1 are refused", async () => {
    const reaches = (address: string) =>
      new Promise<boolean>((resolve) => {
        const socket = tcpConnect({ host: address, port: host.port });
        socket.once("connect", () => {
          socket.destroy();
          resolve(true);
        });
        socket.once("error", () => resolve(false));
      });
    expect(await reaches("127.0.0.1")).toBe(true);
    expect(await reaches("127.0.0.2")).toBe(false);
    expect(await reaches("::1")).toBe(false);
    expect(host.url).toBe(`http://127.0.0.1:${host.port}/?token=${host.token}`);
    expect(host.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});

describe("the page", () => {
  it("needs the token: none or a wrong one is 403 and serves nothing", async () => {
    for (const path of ["/", "/index.html", "/?token=", `/?token=${host.token.slice(0, -1)}x`, `/?token=${host.token}extra`]) {
      const response = await get(path);
      expect(response.status, path).toBe(403);
      expect(response.body).not.toContain("June Studio</title>");
    }
  });

  it("with the token, serves index.html with the security headers", async () => {
    const response = await get(`/?token=${host.token}`);
    expect(response.status).toBe(200);
    expect(response.body).toContain("<title>June Studio</title>");
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(response.headers["content-security-policy"]).toBe(
      `default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; connect-src ws://127.0.0.1:${host.port}; img-src 'self' data:; frame-ancestors 'none'`,
    );
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["referrer-policy"]).toBe("no-referrer");
  });

  it("refuses a Host other than 127.0.0.1:PORT (DNS rebinding), even with the token", async () => {
    for (const hostHeader of [`localhost:${host.port}`, `evil.example:${host.port}`, "127.0.0.1", `127.0.0.1:${host.port + 1}`]) {
      const response = await get(`/?token=${host.token}`, { host: hostHeader });
      expect(response.status, hostHeader).toBe(403);
    }
    expect((await get("/assets/app.js", { host: `evil.example:${host.port}` })).status).toBe(403);
  });

  it("serves static assets with the token (the page's cookie), typed, and nothing but GET and HEAD", async () => {
    expect((await get("/assets/app.js")).status, "no cookie").toBe(403);
    const asset = await get("/assets/app.js", withCookie());
    expect(asset.status).toBe(200);
    expect(asset.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(asset.body).toBe("console.log('studio');\n");
    expect((await get("/assets/nope.js", withCookie())).status).toBe(404);
    const post = await get(`/?token=${host.token}`, {}, host.port, "POST");
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe("GET, HEAD");
  });

  it("refuses every way out of the renderer folder, token or not", async () => {
    const attempts = [
      "/../package.json",
      "/../secret.txt",
      "/%2e%2e/package.json",
      "/%2E%2E/secret.txt",
      "/..%2fpackage.json",
      "/%2e%2e%2fsecret.txt",
      "/assets/..%2f..%2fsecret.txt",
      "/assets/%2e%2e/%2e%2e/secret.txt",
      "/..%5csecret.txt",
      "/assets/..\\..\\secret.txt",
      "/%00",
      "/%zz",
      "/assets/link.txt",
    ];
    for (const path of attempts) {
      for (const headers of [{}, withCookie()]) {
        const response = await get(path, headers);
        expect(response.status, path).toBe(403);
        expect(response.body).not.toMatch(/top secret|renderer-package/);
      }
    }
  });

  it("shows how to build the renderer when it isn't built (and still wants the token)", async () => {
    const other = await startWebHost({ service, port: 0, rendererDir: join(project.folder, "not-built") });
    try {
      const page = await get(`/?token=${other.token}`, {}, other.port);
      expect(page.status).toBe(200);
      expect(page.body).toContain("npm run build -w renderer");
      expect((await get("/", {}, other.port)).status).toBe(403);
    } finally {
      await other.close();
    }
  });
});

describe("the WebSocket", () => {
  it("is refused without the token, with a wrong one, from another Origin, with no Origin, or another Host", async () => {
    expect(await openSocket(`ws://127.0.0.1:${host.port}/ws`, { origin: origin() })).toEqual({ status: 403 });
    expect(await openSocket(wsUrl("wrong"), { origin: origin() })).toEqual({ status: 403 });
    expect(await openSocket(wsUrl(), { origin: "http://evil.example" })).toEqual({ status: 403 });
    expect(await openSocket(wsUrl(), { origin: `http://localhost:${host.port}` })).toEqual({ status: 403 });
    expect(await openSocket(wsUrl(), {})).toEqual({ status: 403 });
    expect(await openSocket(wsUrl(), { origin: origin(), host: `evil.example:${host.port}` })).toEqual({ status: 403 });
    expect(await openSocket(`ws://127.0.0.1:${host.port}/other?token=${host.token}`, { origin: origin() })).toEqual({ status: 403 });
  });

  it("answers requests with { id, result } per the contract, errors as data", async () => {
    const client = await wireClient();
    try {
      const project = (await client.call("getProject", {})) as { ok: true; value: { entries: { id: string }[] } };
      expect(project.ok).toBe(true);
      expect(project.value.entries.map((e) => e.id)).toEqual(["workflow:hello.tsx", "workflow:long.tsx"]);
      expect(await client.call("nope", {})).toMatchObject({ ok: false, error: { code: "STUDIO_UNKNOWN_METHOD" } });
      expect(await client.call("startRun", { entryId: "" })).toMatchObject({ ok: false, error: { code: "STUDIO_BAD_REQUEST" } });
      expect(await client.call("openFolder", {})).toMatchObject({ ok: false, error: { code: "STUDIO_FOLDER_REQUIRED" } });

      const broken = client.next((m) => "id" in m && m.id === -1);
      client.sendRaw("{not json");
      expect(await broken).toMatchObject({ id: -1, result: { ok: false, error: { code: "STUDIO_BAD_REQUEST" } } });
      const badEnvelope = client.next((m) => "id" in m && m.id === 7);
      client.sendRaw(JSON.stringify({ id: 7, method: "listRuns", params: {}, extra: 1 }));
      expect(await badEnvelope).toMatchObject({ id: 7, result: { ok: false, error: { code: "STUDIO_BAD_REQUEST" } } });
    } finally {
      client.socket.close();
    }
  });

  it("pushes events in batches after subscribe, far fewer than events, in seq order", async () => {
    const client = await wireClient();
    try {
      expect(await client.call("subscribe", { afterSeq: service.lastSeq })).toEqual({ ok: true, value: { lastSeq: service.lastSeq } });
      const from = service.lastSeq;
      const started = (await client.call("startRun", { entryId: "workflow:long.tsx" })) as { ok: true; value: { runId: string } };
      await runEnded(service, started.value.runId);
      const last = service.lastSeq;
      await client.next((m) => "type" in m && m.events.at(-1)!.seq === last);
      const batches = client.messages.filter((m): m is { type: "events"; events: StudioEvent[] } => "type" in m);
      const seqs = batches.flatMap((b) => b.events.map((e) => e.seq));
      expect(seqs).toEqual(Array.from({ length: last - from }, (_, i) => from + i + 1));
      expect(seqs.length).toBeGreaterThan(3000);
      expect(batches.length * 10).toBeLessThan(seqs.length);
    } finally {
      client.socket.close();
    }
  });
});

describe("the renderer folder", () => {
  it("is not reachable through a symlinked folder either", async () => {
    await mkdir(join(project.folder, "outside"), { recursive: true });
    await writeFile(join(project.folder, "outside/x.txt"), "top secret\n");
    await symlink(join(project.folder, "outside"), join(rendererDir, "out"));
    const response = await get("/out/x.txt", withCookie());
    expect(response.status).toBe(403);
    expect(response.body).not.toContain("top secret");
  });
});
