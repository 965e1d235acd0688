// The matching rules Edit and MultiEdit share: old_string must occur in the text exactly (its
// line endings matched to a CRLF file's), once unless every occurrence is to be replaced, and
// new_string goes in literally. Pure: a file's text in, the new text or the reason out, so
// MultiEdit can run all its edits in memory before it writes anything.

/** One replacement as the model asks for it. */
export interface TextEdit {
  old_string: string;
  new_string: string;
  replace_all?: boolean;
}

/** What a replacement did: the new text, how many occurrences changed and where they start in it. */
export interface Replaced {
  ok: true;
  text: string;
  count: number;
  /** 1-based line of each replacement in the new text. */
  lines: number[];
}

/** Why a replacement could not be made, in words that follow "could not edit <file>: ". */
export interface NotReplaced {
  ok: false;
  reason: string;
}

/**
 * The text with `edit` applied, or why it cannot be: old_string missing, or found more than once
 * without replace_all. `old_string` must not be empty (an empty one creates a file; the tools
 * handle that before they get here).
 *
 * @example
 * replaceText("let a;\nlet b;\n", { old_string: "let b", new_string: "const b" });
 * // { ok: true, text: "let a;\nconst b;\n", count: 1, lines: [2] }
 * replaceText("x;\nx;\n", { old_string: "x;", new_string: "y;" });
 * // { ok: false, reason: "old_string occurs 2 times in it; include more surrounding lines …" }
 */
export function replaceText(text: string, edit: TextEdit): Replaced | NotReplaced {
  const [from, to] = matchLineEndings(text, edit.old_string, edit.new_string);
  const positions = occurrences(text, from);
  if (positions.length === 0) {
    return {
      ok: false,
      reason: "old_string was not found in it; Read the file and copy the text exactly, including whitespace and indentation, without the line-number prefix",
    };
  }
  if (positions.length > 1 && !edit.replace_all) {
    return {
      ok: false,
      reason: `old_string occurs ${positions.length} times in it; include more surrounding lines to make it unique, or set replace_all: true to replace every occurrence`,
    };
  }
  const replaced = edit.replace_all ? positions : positions.slice(0, 1);
  const next = spliceAll(text, replaced, from.length, to);
  const shift = to.length - from.length;
  return { ok: true, text: next, count: replaced.length, lines: linesAt(next, replaced.map((at, index) => at + index * shift)) };
}

/** Start offsets of the non-overlapping occurrences of a non-empty `needle` in `text`. */
export function occurrences(text: string, needle: string): number[] {
  const found: number[] = [];
  // An empty needle would match at every offset, and never move on.
  if (needle === "") return found;
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + needle.length)) found.push(at);
  return found;
}

/**
 * "line 3" / "lines 3, 9" / "lines 1, 2, …, and 5 more": where replacements are, for a confirmation.
 *
 * @example
 * describeLines([3, 9]); // "lines 3, 9"
 */
export function describeLines(lines: readonly number[], most = 10): string {
  const shown = lines.slice(0, most);
  const more = lines.length > most ? `, and ${lines.length - most} more` : "";
  return `${shown.length === 1 ? "line" : "lines"} ${shown.join(", ")}${more}`;
}

/** "1 occurrence" / "3 occurrences". */
export function occurrencesOf(count: number): string {
  return `${count} ${count === 1 ? "occurrence" : "occurrences"}`;
}

// Read shows CRLF files without their \r, so a model's old_string has bare \n; match the file's
// line endings when only the CRLF form occurs.
function matchLineEndings(text: string, oldString: string, newString: string): [string, string] {
  if (!text.includes("\r\n") || text.includes(oldString) || oldString.includes("\r")) return [oldString, newString];
  const crlf = (value: string) => value.replace(/\r?\n/g, "\r\n");
  return [crlf(oldString), crlf(newString)];
}

// Splices by offset rather than String.replace, whose `$&`-style patterns would rewrite new_string.
function spliceAll(text: string, positions: readonly number[], length: number, replacement: string): string {
  const parts: string[] = [];
  let from = 0;
  for (const at of positions) {
    parts.push(text.slice(from, at), replacement);
    from = at + length;
  }
  parts.push(text.slice(from));
  return parts.join("");
}

// The 1-based line of each of `offsets` (ascending) in `text`, in one pass over it.
function linesAt(text: string, offsets: readonly number[]): number[] {
  const lines: number[] = [];
  let line = 1;
  let newline = text.indexOf("\n");
  for (const offset of offsets) {
    while (newline !== -1 && newline < offset) {
      line++;
      newline = text.indexOf("\n", newline + 1);
    }
    lines.push(line);
  }
  return lines;
}
