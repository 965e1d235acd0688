// A model call's raw provider request and response, written down for a run's record: as JSON text,
// each body cut at a cap, a run's bodies within a budget, secrets redacted. The trace layer hands
// on the bodies by reference (a couple of property reads per call); this is where the JSON work
// happens, and only for a run whose caller keeps the bodies (the studio), never in the trace.
import type { ModelExchange, RecordedBody, RecordedExchange } from "./payloads.ts";

/** How much of one body is kept, in characters of its JSON text. */
export const EXCHANGE_BODY_CAP = 256 * 1024;
/** How much of a run's bodies is kept, in characters, over all its calls; later bodies are left out. */
export const EXCHANGE_RUN_BUDGET = 8 * 1024 * 1024;

/** Keys whose values are credentials, wherever they sit in a body. */
const SECRET_KEY = /^(authorization|proxy-authorization|x-api-key|api[-_]?key|access[-_]?token|secret|client[-_]?secret|password)$/i;
/** Query parameters that carry credentials in an endpoint (`?key=` for some Google APIs). */
const SECRET_PARAM = /^(key|api[-_]?key|access[-_]?token|token|secret|signature|sig)$/i;
const REDACTED = "[redacted]";

export interface ExchangeRecorderOptions {
  /** Characters of one body kept; default EXCHANGE_BODY_CAP. */
  bodyCap?: number;
  /** Characters of all of a run's bodies kept; default EXCHANGE_RUN_BUDGET. */
  runBudget?: number;
}

/**
 * Writes down one run's exchanges: each body as JSON text (a string body as it is), its
 * credentials redacted, cut at `bodyCap`; once the run's bodies reach `runBudget`, later ones are
 * left out (`{ omitted: "budget" }`) without being serialized at all.
 *
 * @example
 * const recorder = new ExchangeRecorder();
 * recorder.record({ nodeId: "n4", request: { model: "gpt-5-mini", input: [] } });
 * // { nodeId: "n4", request: { format: "json", text: '{"model":"gpt-5-mini","input":[]}', length: 33 } }
 */
export class ExchangeRecorder {
  readonly #cap: number;
  #left: number;

  constructor(options: ExchangeRecorderOptions = {}) {
    this.#cap = options.bodyCap ?? EXCHANGE_BODY_CAP;
    this.#left = options.runBudget ?? EXCHANGE_RUN_BUDGET;
  }

  record(exchange: ModelExchange): RecordedExchange {
    const recorded: RecordedExchange = { nodeId: exchange.nodeId };
    if (exchange.request !== undefined) recorded.request = this.#body(exchange.request);
    if (exchange.response !== undefined) recorded.response = this.#body(exchange.response);
    if (exchange.streamed) recorded.streamed = true;
    if (exchange.failed) recorded.failed = true;
    if (typeof exchange.url === "string") recorded.url = redactUrl(exchange.url);
    return recorded;
  }

  #body(body: unknown): RecordedBody {
    if (this.#left <= 0) return { omitted: "budget" };
    let text: string | undefined;
    let format: "json" | "text" = "json";
    if (typeof body === "string") {
      text = body;
      format = "text";
    } else {
      try {
        text = JSON.stringify(body, redactSecrets);
      } catch {
        // A cycle or a BigInt: not a body a JSON API sent.
        return { omitted: "unserializable" };
      }
      if (text === undefined) return { omitted: "unserializable" };
    }
    const keep = Math.min(this.#cap, this.#left);
    this.#left -= Math.min(text.length, keep);
    return text.length <= keep ? { format, text, length: text.length } : { format, text: text.slice(0, keep), length: text.length, truncated: true };
  }
}

function redactSecrets(key: string, value: unknown): unknown {
  return key !== "" && SECRET_KEY.test(key) && value !== null && value !== undefined ? REDACTED : value;
}

/** `url` with its credentials (user info, secret query parameters) redacted; a URL that doesn't parse as it is. */
export function redactUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  if (parsed.username !== "" || parsed.password !== "") {
    parsed.username = "";
    parsed.password = "";
  }
  for (const name of [...parsed.searchParams.keys()]) if (SECRET_PARAM.test(name)) parsed.searchParams.set(name, "redacted");
  return parsed.href;
}
