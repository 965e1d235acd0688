// A model's text rendered as markdown, safely: react-markdown builds React elements from the
// markdown's syntax tree (remark-gfm adds tables, task lists, strikethrough), so no HTML string
// ever reaches the DOM and nothing is set with innerHTML. HTML the text contains is shown as text
// (react-markdown turns raw HTML into text unless told otherwise), a `<script>` or an `onerror`
// stays inert. Links: only an absolute http(s) URL is a link, and it opens outside the studio
// (target=_blank: the web host's browser opens a tab, the Electron host's window-open handler
// hands it to the user's browser; navigation-policy.ts). A relative link would navigate the
// studio's own window away, and other schemes are refused, so both are shown as text. Images are
// never loaded (a model's answer could name a URL that tells a server what it read): they show as
// their alt text and address.
import { memo, useDeferredValue } from "react";
import Markdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";
import "./markdown.css";

const PLUGINS = [remarkGfm];

/** The URL when `href` is an absolute http(s) URL with a host and no credentials; else undefined. */
export function externalHref(href: string | undefined): string | undefined {
  if (!href) return undefined;
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return undefined;
  }
  if ((url.protocol !== "https:" && url.protocol !== "http:") || url.hostname === "" || url.username !== "" || url.password !== "") return undefined;
  return url.href;
}

const COMPONENTS: Components = {
  a({ href, children }) {
    const external = externalHref(href);
    if (!external) {
      return (
        <span className="md-link-refused" title={href ? `Not a web link, so not opened: ${href}` : undefined}>
          {children}
        </span>
      );
    }
    return (
      <a href={external} target="_blank" rel="noopener noreferrer nofollow" title={`Opens in your browser: ${external}`}>
        {children}
      </a>
    );
  },
  img({ src, alt }) {
    return (
      <span className="md-image" title="Images in a model's text are not loaded">
        [image{alt ? `: ${alt}` : ""}]{typeof src === "string" && src ? ` ${src}` : ""}
      </span>
    );
  },
};

/**
 * `text` as markdown, in a block named `label`.
 *
 * @example
 * <MarkdownText text={"**Done.** See [the docs](https://ai-sdk.dev)."} label="Answer" />
 */
// Memoized: a live run's detail re-renders twice a second for its clock, and a streaming text
// changes every frame; the text is parsed again only when it changed, and a render that falls
// behind the stream is skipped for the newer text (useDeferredValue).
export const MarkdownText = memo(function MarkdownText({ text, label }: { text: string; label?: string }) {
  const shown = useDeferredValue(text);
  return (
    <div className="markdown" role={label ? "article" : undefined} aria-label={label}>
      <Markdown remarkPlugins={PLUGINS} components={COMPONENTS}>
        {shown}
      </Markdown>
    </div>
  );
});
