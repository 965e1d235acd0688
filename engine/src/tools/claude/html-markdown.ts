// A fetched page's HTML as markdown for the model, as Claude Code's WebFetch gives it: headings,
// links, lists, tables and code kept; scripts, styles and other non-content dropped.
// node-html-markdown does the work: a maintained converter with its own parser and types, and
// no DOM emulation to load.
import { NodeHtmlMarkdown } from "node-html-markdown";

// Elements whose text is never page content (script and style are dropped by the library).
const IGNORED = ["head", "noscript", "template", "svg", "canvas", "iframe", "object", "embed", "select", "button"];

let converter: NodeHtmlMarkdown | undefined;

/**
 * `html` as markdown.
 *
 * @example
 * htmlToMarkdown("<h1>Hi</h1><p>See <a href=\"/docs\">the docs</a>.</p>");
 * // "# Hi\n\nSee [the docs](/docs)."
 */
export function htmlToMarkdown(html: string): string {
  // Made on first use: most runs never fetch a page.
  converter ??= new NodeHtmlMarkdown({ ignore: IGNORED, maxConsecutiveNewlines: 2 });
  return converter.translate(html).trim();
}
