// The web host's doors, tried from outside the page: the printed URL is on 127.0.0.1, the page
// needs the token, which then moves from the address bar to a cookie, the WebSocket needs the
// studio's own Origin (and the token), the Host header must name 127.0.0.1:PORT (DNS rebinding),
// and nothing answers on another loopback address.
// Each refusal has a control that the same request with the right credential is let in.
import { request as httpRequest } from "node:http";
import { connect } from "node:net";
import { randomBytes } from "node:crypto";
import { expect, test } from "../../fixtures/studio.ts";

interface Upgrade {
  status: number;
  body: string;
}

/** A raw WebSocket handshake, so the test chooses every header (a browser can't forge Origin). */
function upgrade(port: number, path: string, headers: Record<string, string>): Promise<Upgrade> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({
      host: "127.0.0.1",
      port,
      path,
      headers: {
        Connection: "Upgrade",
        Upgrade: "websocket",
        "Sec-WebSocket-Version": "13",
        "Sec-WebSocket-Key": randomBytes(16).toString("base64"),
        ...headers,
      },
    });
    req.on("upgrade", (response, socket) => {
      socket.destroy();
      resolve({ status: response.statusCode ?? 0, body: "" });
    });
    req.on("response", (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** A plain GET with a Host header of the test's choosing. */
function getWithHost(port: number, path: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, path, headers: { Host: host } }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    req.on("error", reject);
    req.end();
  });
}

/** Whether a TCP connection to host:port is accepted. */
function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.setTimeout(5_000, () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

test.describe("web host security", () => {
  test("prints a 127.0.0.1 URL and listens on 127.0.0.1 only", async ({ studio }) => {
    const url = new URL(studio.url);
    expect(url.protocol).toBe("http:");
    expect(url.hostname).toBe("127.0.0.1");
    expect(url.searchParams.get("token")).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    const port = Number(url.port);
    expect(await accepts("127.0.0.1", port), "127.0.0.1 answers").toBe(true);
    // Bound to 0.0.0.0 or ::, these would answer too.
    expect(await accepts("127.0.0.2", port), "another loopback address").toBe(false);
    expect(await accepts("::1", port), "IPv6 loopback").toBe(false);
  });

  test("refuses the page without the token (403)", async ({ studio, request }) => {
    const url = new URL(studio.url);
    // Refusals first: `request` keeps the cookie the printed URL sets, as a browser does.
    const bare = await request.get(`${url.origin}/`);
    expect(bare.status()).toBe(403);
    expect(await bare.text()).toContain("token");
    expect((await request.get(`${url.origin}/index.html`)).status()).toBe(403);
    expect((await request.get(`${url.origin}/?token=${"x".repeat(url.searchParams.get("token")!.length)}`)).status(), "a wrong token").toBe(403);

    const withToken = await request.get(studio.url);
    expect(withToken.status(), "the printed URL is served").toBe(200);
    expect(await withToken.text()).toContain("<div id=\"root\"");
  });

  test("moves the token from the address bar to an HttpOnly cookie; a reload goes by the cookie", async ({ studioPage, studio, page }) => {
    const url = new URL(studio.url);
    await expect(page, "the address lost its ?token= once the socket opened").toHaveURL(`${url.origin}/`);
    const cookies = await page.context().cookies(url.origin);
    expect(cookies.map(({ name, value, httpOnly, sameSite, path }) => ({ name, value, httpOnly, sameSite, path }))).toEqual([
      { name: `june_studio_${url.port}`, value: url.searchParams.get("token"), httpOnly: true, sameSite: "Strict", path: "/" },
    ]);
    await page.reload();
    await studioPage.waitReady();
    await expect(page).toHaveURL(`${url.origin}/`);
  });

  test("refuses a request whose Host is not 127.0.0.1:PORT (DNS rebinding)", async ({ studio }) => {
    const url = new URL(studio.url);
    const port = Number(url.port);
    const path = `/?token=${url.searchParams.get("token")}`;
    expect(await getWithHost(port, path, `127.0.0.1:${port}`), "control: the right Host").toBe(200);
    expect(await getWithHost(port, path, `attacker.example:${port}`)).toBe(403);
    expect(await getWithHost(port, path, `localhost:${port}`)).toBe(403);
  });

  test("refuses a WebSocket from another Origin or without the token", async ({ studio }) => {
    const url = new URL(studio.url);
    const port = Number(url.port);
    const token = url.searchParams.get("token")!;

    await test.step("control: the studio's own Origin with the token is upgraded (101)", async () => {
      expect((await upgrade(port, `/ws?token=${token}`, { Origin: url.origin })).status).toBe(101);
    });
    await test.step("a wrong Origin is refused (403)", async () => {
      const refused = await upgrade(port, `/ws?token=${token}`, { Origin: "http://attacker.example" });
      expect(refused.status).toBe(403);
      expect(refused.body).toContain("wrong Origin");
      const noOrigin = await upgrade(port, `/ws?token=${token}`, {});
      expect(noOrigin.status).toBe(403);
    });
    await test.step("no token, or a wrong one, is refused (403)", async () => {
      const bare = await upgrade(port, "/ws", { Origin: url.origin });
      expect(bare.status).toBe(403);
      expect(bare.body).toContain("token");
      expect((await upgrade(port, `/ws?token=${"x".repeat(token.length)}`, { Origin: url.origin })).status).toBe(403);
    });
  });
});
