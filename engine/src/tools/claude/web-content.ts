// What WebFetch makes of a response body: HTML becomes markdown, text (plain, markdown, JSON,
// XML, CSS, JavaScript…) is passed on as text, and anything else (images, PDFs, archives) is
// refused with a message rather than handed to the model as mojibake.
import { looksBinary } from "./binary.ts";
import { htmlToMarkdown } from "./html-markdown.ts";

/** A body made readable: its text, and what it was. */
export interface PageText {
  /** "html" when converted to markdown, "text" when passed as is. */
  kind: "html" | "text";
  /** The media type as the server sent it (or as sniffed, when it sent none). */
  mediaType: string;
  /** The page's `<title>`, for HTML that has one. */
  title?: string;
  text: string;
}

const TEXT_TYPES = new Set([
  "application/json",
  "application/ld+json",
  "application/xml",
  "application/javascript",
  "application/ecmascript",
  "application/x-javascript",
  "application/x-sh",
  "application/x-yaml",
  "application/yaml",
  "application/toml",
  "application/graphql",
  "application/sql",
  "application/x-ndjson",
  "application/rss+xml",
  "application/atom+xml",
]);

/**
 * `body` (as sent with Content-Type `contentType`) as text for the model, or a string saying
 * why it is not readable (a binary type). A missing or generic type is sniffed from the bytes.
 *
 * @example
 * pageText(Buffer.from("<title>T</title><h1>Hi</h1>"), "text/html; charset=utf-8");
 * // { kind: "html", mediaType: "text/html", title: "T", text: "# Hi" }
 * pageText(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0]), "image/png"); // "image/png"
 */
export function pageText(body: Buffer, contentType: string | undefined): PageText | string {
  const { mediaType, charset } = parseContentType(contentType);
  const sniffed = mediaType === "" || mediaType === "application/octet-stream" || mediaType === "binary/octet-stream";
  if (sniffed) {
    if (looksBinary(body)) return mediaType || "a binary file";
  } else if (!isTextType(mediaType)) {
    return mediaType;
  }
  const html = mediaType === "text/html" || mediaType === "application/xhtml+xml" || (sniffed && looksLikeHtml(body));
  const text = decode(body, charset ?? (html ? metaCharset(body) : undefined));
  const shownType = mediaType || (html ? "text/html" : "text/plain");
  if (!html) return { kind: "text", mediaType: shownType, text };
  const title = titleOf(text);
  return { kind: "html", mediaType: shownType, ...(title ? { title } : {}), text: htmlToMarkdown(text) };
}

function isTextType(mediaType: string): boolean {
  return (
    mediaType.startsWith("text/") ||
    TEXT_TYPES.has(mediaType) ||
    mediaType.endsWith("+json") ||
    mediaType.endsWith("+xml") ||
    mediaType === "application/xhtml+xml"
  );
}

function parseContentType(header: string | undefined): { mediaType: string; charset?: string } {
  if (!header) return { mediaType: "" };
  const [type, ...params] = header.split(";");
  const mediaType = type!.trim().toLowerCase();
  const charset = params.map((param) => /^\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(param)?.[1]).find(Boolean);
  return charset ? { mediaType, charset } : { mediaType };
}

function looksLikeHtml(body: Buffer): boolean {
  return /^\s*(<!doctype html|<html|<head|<body)/i.test(body.subarray(0, 512).toString("latin1"));
}

// A page that declares its charset only in <meta> (common on older sites) says so early.
function metaCharset(body: Buffer): string | undefined {
  const head = body.subarray(0, 2048).toString("latin1");
  return /<meta[^>]+charset\s*=\s*["']?([\w-]+)/i.exec(head)?.[1];
}

function decode(body: Buffer, charset: string | undefined): string {
  try {
    return new TextDecoder(charset ?? "utf-8").decode(body);
  } catch {
    // An unknown label: UTF-8 is the web's default, and replacement characters beat failing.
    return new TextDecoder("utf-8").decode(body);
  }
}

function titleOf(html: string): string | undefined {
  const raw = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html)?.[1];
  const title = raw
    ?.replace(/\s+/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .trim();
  return title || undefined;
}
