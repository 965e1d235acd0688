// The web host's secret: 32 random bytes in the page URL and the WebSocket URL. Only someone who
// was shown the URL (the person who started `june studio --web`) can use the studio.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

export function createToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Compares in constant time (digests first, so a wrong length leaks nothing either). */
export function tokenMatches(expected: string, given: string | null | undefined): boolean {
  if (typeof given !== "string") return false;
  const digest = (text: string) => createHash("sha256").update(text, "utf8").digest();
  return timingSafeEqual(digest(expected), digest(given));
}
