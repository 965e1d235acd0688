// The floor under the studio's stream: the exact WebSocket messages the studio sent (captured in
// the page) sent back to back from a bare Node `ws` server to a bare page in the same Chromium,
// which JSON.parses each one and counts its events — transport and parsing, no store, no React.
import { createServer } from "node:http";
import { WebSocketServer } from "ws";

const PAGE = `<!doctype html><meta charset="utf-8"><title>raw socket</title><script>
const socket = new WebSocket(location.href.replace("http", "ws"));
let expected = -1, received = 0, events = 0, start = 0;
socket.onmessage = (message) => {
  if (expected < 0) { expected = Number(message.data); start = performance.now(); socket.send("go"); return; }
  const parsed = JSON.parse(message.data);
  events += parsed.events ? parsed.events.length : 0;
  if (++received === expected) window.rawDone = { ms: performance.now() - start, events, received };
};
</script>`;

/**
 * Sends `messages` (JSON texts) to a fresh page; resolves with the page's time from asking for
 * them to having parsed the last one, and the events counted.
 */
export async function replayOverSocket(browser, messages) {
  const server = createServer((_request, response) => {
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    response.end(PAGE);
  });
  const sockets = new WebSocketServer({ server });
  sockets.on("connection", (socket) => {
    socket.send(String(messages.length));
    socket.once("message", () => {
      for (const text of messages) socket.send(text);
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`http://127.0.0.1:${server.address().port}/`);
    const done = await page.waitForFunction(() => window.rawDone, null, { timeout: 60_000 });
    return await done.jsonValue();
  } finally {
    await context.close();
    for (const socket of sockets.clients) socket.terminate();
    sockets.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

/** What serializing the same batches costs the studio's side (median of 5, after one warm-up). */
export function stringifyMs(messages) {
  const parsed = messages.map((text) => JSON.parse(text));
  const times = [];
  for (let i = 0; i < 6; i++) {
    const start = performance.now();
    for (const message of parsed) JSON.stringify(message);
    if (i > 0) times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[2];
}
