// How big and how deep a request on the web host's WebSocket may be: part of the wire contract, as
// both ends read it. No Node or DOM imports: the browser's WebSocketBridge reads the size limit
// too, to refuse a call before sending it; the web host enforces all of them.
//
// Depth is bounded although V8's JSON.parse doesn't recurse: what handles the value afterwards
// does (zod's recursive schemas, JSON.stringify when a run's input is recorded, the engine's
// props, the renderer drawing it), and a stack overflow there would end the host, not the call.

/** Requests are small; a run's input is the biggest thing a window sends. Over this: STUDIO_MESSAGE_TOO_LARGE. */
export const MAX_MESSAGE_BYTES = 8 * 1024 * 1024;

/**
 * The socket's hard limit (ws `maxPayload`): a frame over it is refused from its header, unread,
 * and the socket closed with 1009. Between the two limits the host reads the message to answer
 * its id with a coded error instead.
 */
export const MAX_FRAME_BYTES = 2 * MAX_MESSAGE_BYTES;

/** Arrays and objects nested in one request, the envelope counting as 1. Over this: STUDIO_MESSAGE_TOO_DEEP. */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether JSON text nests arrays and objects deeper than `limit`: one pass, no recursion,
 * brackets inside strings not counted. Malformed text is left for JSON.parse to refuse.
 *
 * @example
 * nestsDeeperThan('{"a":[[1]]}', 2); // true
 * nestsDeeperThan('{"a":"[[["}', 2); // false
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // a backslash escapes the next character, a quote included
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/**
 * The id of a request refused before it is parsed, read from its start when it opens
 * `{"id":N,` as every client of the contract writes it (JSON.stringify keeps key order).
 *
 * @example
 * leadingId('{"id":12,"method":"getProject"'); // 12
 * leadingId('{"method":"getProject","id":12}'); // undefined
 */
export function leadingId(start: string): number | undefined {
  const match = /^\s*\{\s*"id"\s*:\s*(\d{1,15})\s*[,}]/.exec(start);
  return match ? Number(match[1]) : undefined;
}
