// A problem's message in one line: without the "june: " every message starts with and without
// the file:line the row already links to, cut at its first sentence. The whole message stays one
// click away.

export interface MessageSummary {
  /** The first sentence, without the "june: " prefix and a leading `file:line:` location. */
  summary: string;
  /** Whether the message says more than the summary. */
  more: boolean;
}

/** "e.g." and the like end no sentence. */
const ABBREVIATION = /\b(e\.g|i\.e|etc|vs|cf)$/i;
const SENTENCE_END = /[.!?](?=\s|$)/g;
/** `path/to/file.md:12:` or `file.tsx:3:9:` at the start (Windows drive letters aside). */
const LEADING_LOCATION = /^(?:[A-Za-z]:)?[^\s:]+(?::\d+){1,2}:\s+/;

/**
 * The first sentence of a message, and whether there is more.
 *
 * @example
 * messageSummary("june: .claude/agents/a.md:3: `tools` names no tool \"Grp\". Did you mean \"Grep\"?");
 * // { summary: "`tools` names no tool \"Grp\".", more: true }
 */
export function messageSummary(message: string): MessageSummary {
  const text = message.trim();
  const body = text.replace(/^june:\s+/, "").replace(LEADING_LOCATION, "");
  const firstLine = body.split("\n", 1)[0]!.trimEnd();
  const summary = firstSentence(firstLine);
  return { summary, more: summary !== body.trim() };
}

function firstSentence(line: string): string {
  for (const match of line.matchAll(SENTENCE_END)) {
    const end = match.index + 1;
    const before = line.slice(0, match.index);
    if (ABBREVIATION.test(before)) continue;
    // "a .md file" or "x. y": a sentence ends before a capital, a quote, a bracket or the end.
    const next = line.slice(end).trimStart()[0];
    if (next !== undefined && /[a-z0-9]/.test(next)) continue;
    return line.slice(0, end);
  }
  return line;
}
