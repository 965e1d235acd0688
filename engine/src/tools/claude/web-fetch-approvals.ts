// WebFetch asks once per domain, as Claude Code's permission prompt does: a domain the person let
// it fetch earlier in the same conversation is fetched again unasked. What was let through is read
// from the conversation itself (an earlier WebFetch call to the domain that got a result rather
// than a denial), so no state outlives the run and a denied domain is asked about again.
import type { ModelMessage } from "ai";
import { domainOf } from "./web-address.ts";

/**
 * True when `messages` hold a WebFetch call to `domain` that ran (its result is anything but
 * "execution-denied").
 *
 * @example
 * fetchedBefore("docs.example.com", messages); // true after a fetch of https://docs.example.com/a ran
 */
export function fetchedBefore(domain: string | undefined, messages: readonly ModelMessage[]): boolean {
  if (domain === undefined) return false;
  const calls = new Set<string>();
  for (const message of messages) {
    if (message.role !== "assistant" || typeof message.content === "string") continue;
    for (const part of message.content) {
      if (part.type !== "tool-call" || part.toolName !== "WebFetch") continue;
      const url = (part.input as { url?: unknown } | undefined)?.url;
      if (typeof url === "string" && domainOf(url) === domain) calls.add(part.toolCallId);
    }
  }
  if (calls.size === 0) return false;
  for (const message of messages) {
    if (message.role !== "tool") continue;
    for (const part of message.content) {
      if (part.type === "tool-result" && calls.has(part.toolCallId) && part.output.type !== "execution-denied") return true;
    }
  }
  return false;
}
