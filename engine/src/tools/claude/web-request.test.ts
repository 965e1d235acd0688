// One WebFetch GET: the addresses a host is checked by, and a connection that goes to the
// address checked rather than to a second DNS answer (no rebinding gap).
import { describe, expect, it } from "vitest";
import { failure } from "./project.test-support.ts";
import { checkedTarget, getOnce } from "./web-request.ts";
import { send, useLoopbackServers } from "./web.test-support.ts";

const serve = useLoopbackServers();
const never = new AbortController().signal;

describe("checkedTarget", () => {
  it("gives an IP literal as it is, with why it is not public", async () => {
    expect(await checkedTarget(new URL("http://127.0.0.1:8080/"), true, never)).toEqual({ address: "127.0.0.1", family: 4, kind: "loopback" });
    expect(await checkedTarget(new URL("http://[::1]/"), true, never)).toEqual({ address: "::1", family: 6, kind: "loopback" });
  });

  it("looks a name up and checks every address it has", async () => {
    const target = await checkedTarget(new URL("http://localhost/"), true, never);
    expect(target.kind).toBe("loopback");
    await failure(checkedTarget(new URL("http://localhost/"), false, never), "JUNE_WEB_ADDRESS_REFUSED");
  });
});

describe("getOnce", () => {
  it("connects to the checked address, whatever the host name would resolve to now", async () => {
    const server = await serve((request, response) => send(response, "text/plain", `host header: ${request.headers.host}`));
    const url = new URL(`http://pinned.invalid:${server.port}/page`);
    const response = await getOnce(url, { target: { address: "127.0.0.1", family: 4, kind: "loopback" }, maxBytes: 1000, userAgent: "t", signal: never });
    expect(response.status).toBe(200);
    expect(response.body.toString()).toBe(`host header: pinned.invalid:${server.port}`);
  });

  it("returns a redirect's location without reading on", async () => {
    const server = await serve((_request, response) => {
      response.writeHead(308, { location: "/next" });
      response.end("moved");
    });
    const response = await getOnce(new URL(server.origin), { target: { address: "127.0.0.1", family: 4, kind: "loopback" }, maxBytes: 1000, userAgent: "t", signal: never });
    expect(response).toMatchObject({ status: 308, location: "/next", truncated: false });
    expect(response.body.length).toBe(0);
  });
});
