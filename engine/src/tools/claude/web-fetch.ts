// Claude Code's WebFetch: the model's `{ url, prompt }` fetches one public page and gets it back
// as markdown. Only http(s), never the machine's own or the local network's addresses (checked
// on every hop, connecting to the address checked), redirects followed on the same host only,
// a time limit, a download limit and a text limit. Calls wait for approval per domain, as in
// Claude Code, except to the domains in `allowDomains`. June runs no second model over the page:
// the model gets the page and its own prompt back, and answers from them.
import { tool, type ModelMessage } from "ai";
import type { ExecutableTool, Tool } from "@ai-sdk/provider-utils";
import { z } from "zod";
import { JuneError } from "../../errors/index.ts";
import { markBuiltin } from "../builtin.ts";
import { domainAllowed, domainOf, domainPatternProblem, webUrl } from "./web-address.ts";
import { pageText } from "./web-content.ts";
import type { PageText } from "./web-content.ts";
import { checkedTarget, getOnce } from "./web-request.ts";
import { fetchedBefore } from "./web-fetch-approvals.ts";
import type { WebResponse } from "./web-request.ts";

/** Options for {@link webFetchTool}; the same fields as `webFetch` in june.config.ts. */
export interface WebFetchOptions {
  /**
   * Domains fetched without asking: exact hosts (`example.com`) or every subdomain
   * (`*.example.com`, which does not cover example.com itself). Others wait for approval.
   */
  allowDomains?: string[];
  /**
   * Let WebFetch reach loopback, private, link-local and other non-public addresses (a local
   * dev server, the tests' 127.0.0.1), and keep plain http to them. Default false.
   */
  allowPrivate?: boolean;
  /** Milliseconds one call may take, redirects included; default 30000. */
  timeoutMs?: number;
  /** Bytes of a page downloaded at most (after decompression); default 5 MiB. The rest is cut. */
  maxBytes?: number;
  /** Characters of the page's text given to the model at most; default 100000. The rest is cut. */
  maxChars?: number;
  /** The User-Agent header; default `June-WebFetch/1.0`. */
  userAgent?: string;
  /**
   * Whether calls to domains outside `allowDomains` wait for approval; default true. False lets
   * every domain be fetched unasked.
   */
  needsApproval?: boolean;
}

/** What the model sends to WebFetch. */
export interface WebFetchInput {
  url: string;
  prompt: string;
}

/** The WebFetch tool. */
export type WebFetchTool = ExecutableTool<Tool<WebFetchInput, string>>;

/** The defaults of {@link WebFetchOptions}. */
export const WEB_FETCH_DEFAULTS = Object.freeze({
  timeoutMs: 30_000,
  maxBytes: 5 * 1024 * 1024,
  maxChars: 100_000,
  userAgent: "June-WebFetch/1.0",
});

/** Redirects followed on one host before WebFetch gives up. */
export const WEB_FETCH_MAX_REDIRECTS = 10;

const domainPattern = z.string().superRefine((pattern, context) => {
  const problem = domainPatternProblem(pattern);
  if (problem) context.addIssue({ code: "custom", message: `${JSON.stringify(pattern)} is not a domain: ${problem}` });
});

/** The `webFetch` settings of june.config.ts: {@link WebFetchOptions} as a zod schema. */
export const webFetchSettingsSchema = z.strictObject({
  allowDomains: z.array(domainPattern).optional(),
  allowPrivate: z.boolean().optional(),
  timeoutMs: z.number().int().positive().optional(),
  maxBytes: z.number().int().positive().optional(),
  maxChars: z.number().int().positive().optional(),
  userAgent: z.string().min(1).optional(),
  needsApproval: z.boolean().optional(),
});

const webFetchInputSchema = z.object({
  url: z.string().min(1).describe("The URL to fetch content from (http or https; http is upgraded to https)."),
  prompt: z.string().describe("What you want to learn from the page; it is given back with the page's content."),
});

type Settings = Required<Omit<WebFetchOptions, "allowDomains">> & { allowDomains: readonly string[] };

/**
 * WebFetch, as Claude Code's: `{ url, prompt }` in, the page as markdown out.
 *
 * @example
 * const WebFetch = webFetchTool({ allowDomains: ["*.python.org"], timeoutMs: 20_000 });
 * await WebFetch.execute({ url: "https://docs.python.org/3/", prompt: "Which version is current?" }, options);
 * // "URL: https://docs.python.org/3/\nStatus: 200 OK\n…"
 */
export function webFetchTool(options: WebFetchOptions = {}): WebFetchTool {
  const settings = checkOptions(options);
  const fetchTool = tool({
    description: describeWebFetch(settings),
    inputSchema: webFetchInputSchema,
    // Asked per domain: once let through in this conversation, a domain is fetched again unasked.
    needsApproval: ({ url }: WebFetchInput, { messages }: { messages: ModelMessage[] }) => {
      if (!settings.needsApproval) return false;
      const domain = domainOf(url);
      return !domainAllowed(domain, settings.allowDomains) && !fetchedBefore(domain, messages);
    },
    execute: ({ url, prompt }, { abortSignal }) => webFetch(url, prompt, settings, abortSignal),
  });
  return markBuiltin(fetchTool, "WebFetch");
}

function checkOptions(options: WebFetchOptions): Settings {
  const parsed = webFetchSettingsSchema.safeParse(options);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => `\`webFetch.${issue.path.join(".") || "(settings)"}\`: ${issue.message}`);
    throw new JuneError("JUNE_INVALID_PROPS", `june: the WebFetch settings are not valid: ${issues.join("; ")}`);
  }
  const { allowDomains = [], ...rest } = parsed.data;
  return { ...WEB_FETCH_DEFAULTS, allowPrivate: false, needsApproval: true, ...rest, allowDomains };
}

async function webFetch(raw: string, prompt: string, settings: Settings, abortSignal: AbortSignal | undefined): Promise<string> {
  const timeout = AbortSignal.timeout(settings.timeoutMs);
  const signal = abortSignal ? AbortSignal.any([abortSignal, timeout]) : timeout;
  try {
    return await follow(webUrl(raw), prompt, settings, signal);
  } catch (error) {
    if (abortSignal?.aborted) throw new DOMException(`june: WebFetch of ${raw} was aborted`, { name: "AbortError", cause: abortSignal.reason });
    if (timeout.aborted) {
      throw new JuneError(
        "JUNE_WEB_FETCH_FAILED",
        `june: WebFetch gave up on ${raw} after ${settings.timeoutMs} ms (its time limit, timeoutMs): the server did not answer in time`,
        { cause: error },
      );
    }
    throw error;
  }
}

async function follow(requested: URL, prompt: string, settings: Settings, signal: AbortSignal): Promise<string> {
  let url = requested;
  for (let redirects = 0; ; redirects++) {
    const target = await checkedTarget(url, settings.allowPrivate, signal);
    // As Claude Code, http is upgraded, except to a private address allowed on purpose: a
    // local dev server rarely speaks TLS.
    if (url.protocol === "http:" && !(settings.allowPrivate && target.kind !== undefined)) url = withProtocol(url, "https:");
    const response = await getOnce(url, { target, maxBytes: settings.maxBytes, userAgent: settings.userAgent, signal });
    if (response.location === undefined) return pageResult(requested, url, response, prompt, settings);
    const next = URL.parse(response.location, url.href);
    if (!next) throw failed(`june: WebFetch got a redirect from ${url.href} to ${JSON.stringify(response.location)}, which is not a URL`);
    if (!sameSite(url, next)) return redirectResult(url, next, response, prompt);
    if (redirects >= WEB_FETCH_MAX_REDIRECTS) {
      throw failed(`june: WebFetch stopped at ${url.href}: it redirected more than ${WEB_FETCH_MAX_REDIRECTS} times (last to ${next.href}); the page may loop`);
    }
    url = webUrl(next.href);
  }
}

function withProtocol(url: URL, protocol: "https:"): URL {
  const upgraded = new URL(url.href);
  upgraded.protocol = protocol;
  return upgraded;
}

// Claude Code's rule: a redirect is followed when it stays on the host (adding or dropping
// "www." included) and port, and does not go from https to http; otherwise the model is told,
// so a redirect cannot carry a call approved for one domain to another.
function sameSite(from: URL, to: URL): boolean {
  if (to.username !== "" || to.password !== "") return false;
  const downgrade = from.protocol === "https:" && to.protocol === "http:";
  const protocolOk = to.protocol === from.protocol || (from.protocol === "http:" && to.protocol === "https:");
  const bare = (host: string) => host.replace(/^www\./, "");
  return !downgrade && protocolOk && bare(from.hostname) === bare(to.hostname) && effectivePort(from) === effectivePort(to);
}

function effectivePort(url: URL): string {
  return url.port || (url.protocol === "https:" ? "443" : "80");
}

function redirectResult(from: URL, to: URL, response: WebResponse, prompt: string): string {
  return [
    "REDIRECT DETECTED: The URL redirects to a different host.",
    "",
    `Original URL: ${from.href}`,
    `Redirect URL: ${to.href}`,
    `Status: ${statusLine(response)}`,
    "",
    "To complete your request, fetch the content from the redirected URL: use WebFetch again with these parameters:",
    `- url: ${JSON.stringify(to.href)}`,
    `- prompt: ${JSON.stringify(prompt)}`,
  ].join("\n");
}

function pageResult(requested: URL, url: URL, response: WebResponse, prompt: string, settings: Settings): string {
  if (response.status < 200 || response.status > 299) {
    throw failed(`june: WebFetch got HTTP ${statusLine(response)} from ${url.href}; check the URL, or try another page`);
  }
  const page = pageText(response.body, headerValue(response.headers["content-type"]));
  if (typeof page === "string") {
    throw failed(
      `june: WebFetch can't read ${url.href}: it is ${page}, not a web page or text; WebFetch reads HTML, plain text, markdown, JSON and XML`,
    );
  }
  const lines = [`URL: ${url.href}`];
  if (requested.href !== url.href) lines.push(`Requested: ${requested.href}`);
  lines.push(`Status: ${statusLine(response)}`, `Content type: ${page.mediaType}${page.kind === "html" ? ", converted to markdown" : ""}`);
  if (page.title) lines.push(`Title: ${page.title}`);
  lines.push("", ...content(page, response, settings), "", `Prompt: ${prompt}`, PROMPT_NOTE);
  return lines.join("\n");
}

// Claude Code hands the page and the prompt to a small model and returns its answer; June
// returns both to the calling model instead, and says so once.
const PROMPT_NOTE =
  "(June's WebFetch returns the page itself rather than another model's answer: answer the prompt from the content above.)";

function content(page: PageText, response: WebResponse, settings: Settings): string[] {
  const lines: string[] = [];
  const text = page.text.trim();
  if (text === "") lines.push("(the page has no text)");
  else if (text.length <= settings.maxChars) lines.push(text);
  else {
    lines.push(cut(text, settings.maxChars), "");
    lines.push(`[WebFetch cut the text at ${settings.maxChars} of its ${text.length} characters (maxChars); the rest is missing.]`);
  }
  if (response.truncated) {
    lines.push("", `[WebFetch stopped downloading at ${settings.maxBytes} bytes (maxBytes); the end of the page is missing.]`);
  }
  return lines;
}

// Never split a UTF-16 surrogate pair, which would leave an invalid character at the end.
function cut(text: string, chars: number): string {
  const end = /[\uD800-\uDBFF]/.test(text[chars - 1] ?? "") ? chars - 1 : chars;
  return text.slice(0, end);
}

function statusLine(response: WebResponse): string {
  return response.statusText ? `${response.status} ${response.statusText}` : String(response.status);
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function failed(message: string): JuneError {
  return new JuneError("JUNE_WEB_FETCH_FAILED", message);
}

function describeWebFetch(settings: Settings): string {
  return [
    "Fetch a web page by URL and get its content back as markdown (HTML is converted; plain text, markdown, JSON and XML come as they are).",
    "url must be a full http or https URL; http is upgraded to https. Pages behind a login (private repositories, " +
      "Google Docs, Jira) fail: prefer a specialised tool (an MCP server, the gh command) for them.",
    "prompt says what you want from the page; it is given back with the content, and you answer it from the content yourself.",
    "When a URL redirects to another host, the result says so and gives the new URL: call WebFetch again with it.",
    `Only public addresses are fetched${settings.allowPrivate ? " (here, local and private addresses too)" : ""}. ` +
      "Images, PDFs and other binary files are refused.",
    `Long pages are cut at ${settings.maxChars} characters; ask for a more specific page when you need what comes later.`,
    "Each new domain may wait for the user's approval.",
  ].join("\n");
}
