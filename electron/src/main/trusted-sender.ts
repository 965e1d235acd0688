// Which IPC senders main answers: a frame showing the studio's own page on `app://studio`.
// Anything else (a frame that navigated elsewhere, a destroyed frame, an iframe of another
// origin, `file://`, devtools) is refused before its payload is even read.
import { parseAppUrl } from "./app-origin.ts";

/**
 * Whether a `studio:` message from a frame at `url` is answered. `null`/`undefined` (the frame
 * is gone) is untrusted.
 *
 * @example
 * isTrustedSender("app://studio/index.html"); // true
 * isTrustedSender("https://studio/index.html"); // false
 */
export function isTrustedSender(url: string | null | undefined): boolean {
  return typeof url === "string" && parseAppUrl(url) !== null;
}
