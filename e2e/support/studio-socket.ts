// The studio's own data, asked over its WebSocket as the page asks it: `{ id, method, params }`
// answered with `{ id, result }`. The socket carries the token and the studio's own Origin.
import type { Usage } from "./engine-result.ts";

export interface RunSummary {
  runId: string;
  entryId: string;
  name: string;
  status: "running" | "succeeded" | "failed" | "aborted";
  usage: Usage;
  error?: { code: string; message: string };
}

type Result<T> = { ok: true; value: T } | { ok: false; error: { code: string; message: string } };

/** `ws://127.0.0.1:PORT/ws?token=…` and the Origin the web host accepts, from the printed URL. */
export function socketOf(studioUrl: string): { url: string; origin: string } {
  const url = new URL(studioUrl);
  return { url: `ws://${url.host}/ws?token=${url.searchParams.get("token") ?? ""}`, origin: url.origin };
}

/**
 * Calls one method of the StudioService through the web host.
 *
 * @example
 * const runs = await callStudio<RunSummary[]>(studio.url, "listRuns");
 */
export function callStudio<T>(studioUrl: string, method: string, params: Record<string, unknown> = {}): Promise<T> {
  const { url, origin } = socketOf(studioUrl);
  return new Promise<T>((resolve, reject) => {
    const socket = new WebSocket(url, { headers: { Origin: origin } });
    const timer = setTimeout(() => {
      socket.close();
      reject(new Error(`june studio did not answer ${method} within 15 s`));
    }, 15_000);
    socket.onopen = () => socket.send(JSON.stringify({ id: 1, method, params }));
    socket.onerror = () => {
      clearTimeout(timer);
      reject(new Error(`the studio's WebSocket ${url} failed (${method})`));
    };
    socket.onmessage = (message) => {
      const data = JSON.parse(String(message.data)) as { id?: number; result?: Result<T> };
      if (data.id !== 1 || !data.result) return;
      clearTimeout(timer);
      socket.close();
      if (data.result.ok) resolve(data.result.value);
      else reject(new Error(`${method}: ${data.result.error.code} ${data.result.error.message}`));
    };
  });
}
