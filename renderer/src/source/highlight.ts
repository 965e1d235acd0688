// Syntax highlighting for the Source panel, with Shiki's fine-grained core: only the languages a
// June project is written in (tsx, ts, jsx, js, json, markdown, yaml, shell) and two themes, one
// per studio theme, each loaded on first use. Shiki's JavaScript regex engine, not Oniguruma's
// WASM: the studio's CSP (script-src 'self') refuses WebAssembly. This module is itself imported
// lazily (SourceCode.tsx), so none of it is in the bundle that starts the studio.
//
// Tokens carry both themes' colours as CSS variables (--shiki-light, --shiki-dark); source.css
// picks one by the page's data-theme, so switching themes repaints without tokenizing again.
import { createHighlighterCore, type HighlighterCore, type ThemedToken } from "shiki/core";
import { createJavaScriptRegexEngine } from "@shikijs/engine-javascript";
import type { SourceLanguage } from "../contract/index.ts";

export type Token = Pick<ThemedToken, "content" | "htmlStyle">;

type Highlighted = Exclude<SourceLanguage, "text">;

const GRAMMARS: Record<Highlighted, () => Promise<unknown>> = {
  tsx: () => import("shiki/langs/tsx.mjs"),
  typescript: () => import("shiki/langs/typescript.mjs"),
  jsx: () => import("shiki/langs/jsx.mjs"),
  javascript: () => import("shiki/langs/javascript.mjs"),
  json: () => import("shiki/langs/json.mjs"),
  markdown: () => import("shiki/langs/markdown.mjs"),
  yaml: () => import("shiki/langs/yaml.mjs"),
  shellscript: () => import("shiki/langs/shellscript.mjs"),
};

// GitHub's current ("default") palettes, on their own editor backgrounds (--source-bg in
// theme.css): there their comments and punctuation meet WCAG AA (github-light-default's comment
// colour, #6e7781, is 4.6:1 on white but 4.2:1 on the studio's --code-bg).
const THEMES = { light: "github-light-default", dark: "github-dark-default" } as const;

/** Lines tokenized between two yields to the page by default: small enough that a frame is never held long. */
const CHUNK_LINES = 24;
/** Lines past this are left plain: tokenizing a whole 1 MiB file would keep a core busy for long. */
export const HIGHLIGHT_MAX_LINES = 10_000;
/** A longer line (minified code) is left plain. */
const MAX_LINE_LENGTH = 2_000;

let highlighter: Promise<HighlighterCore> | undefined;
const loaded = new Map<Highlighted, Promise<void>>();

function core(): Promise<HighlighterCore> {
  highlighter ??= createHighlighterCore({
    themes: [import("shiki/themes/github-light-default.mjs"), import("shiki/themes/github-dark-default.mjs")],
    langs: [],
    engine: createJavaScriptRegexEngine(),
  });
  return highlighter;
}

async function withLanguage(language: Highlighted): Promise<HighlighterCore> {
  const shiki = await core();
  let loading = loaded.get(language);
  if (!loading) {
    loading = GRAMMARS[language]().then((grammar) => shiki.loadLanguage(grammar as Parameters<HighlighterCore["loadLanguage"]>[0]));
    loaded.set(language, loading);
  }
  await loading;
  return shiki;
}

/**
 * Tokenizes `lines` `chunkLines` at a time from the top, handing each chunk's tokens to `onChunk`
 * (its first line's index and the lines' tokens) and yielding to the page between chunks. Stops
 * when `signal` aborts, and after HIGHLIGHT_MAX_LINES lines.
 *
 * @example
 * await highlight(text.split("\n"), "tsx", (from, tokens) => paint(from, tokens), controller.signal);
 */
export async function highlight(
  lines: string[],
  language: SourceLanguage,
  onChunk: (from: number, tokens: Token[][]) => void,
  signal: AbortSignal,
  chunkLines: number = CHUNK_LINES,
): Promise<void> {
  if (language === "text") return;
  const shiki = await withLanguage(language);
  const last = Math.min(lines.length, HIGHLIGHT_MAX_LINES);
  let grammarState: ReturnType<HighlighterCore["getLastGrammarState"]> | undefined;
  for (let from = 0; from < last && !signal.aborted; from += chunkLines) {
    const chunk = lines.slice(from, Math.min(from + chunkLines, last)).join("\n");
    // Each chunk goes on from where the one before left the grammar (inside a comment, a template…).
    const result = shiki.codeToTokens(chunk, {
      lang: language,
      themes: THEMES,
      defaultColor: false,
      tokenizeMaxLineLength: MAX_LINE_LENGTH,
      ...(grammarState ? { grammarState } : {}),
    });
    grammarState = result.grammarState;
    onChunk(
      from,
      result.tokens.map((line) => line.map(({ content, htmlStyle }) => (htmlStyle ? { content, htmlStyle } : { content }))),
    );
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}
