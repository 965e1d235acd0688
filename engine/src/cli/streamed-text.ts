// Model text as it streams, wrapped for the terminal: deltas in, lines out, holding back only the
// word that may go on in the next delta. What is wrapped waits in `held` until the tree writes
// it, so a model streaming beside another can be written a whole line at a time.

/** Narrower than this and wrapping would leave a word or two per line, so text runs on. */
const MIN_TEXT_WIDTH = 20;

/** One channel (text or reasoning) of one model call. */
export interface TextBlock {
  readonly key: string;
  readonly nodeId: string;
  readonly indent: string;
  readonly paint: (text: string) => string;
  /** Visible column the wrapped text has reached; 0 at the start of a line. */
  column: number;
  /** The last delta's trailing fragment, held until we know where the word ends. */
  word: string;
  /** Whitespace came between the last written word and the next one. */
  space: boolean;
  /** A blank line was just written (so paragraphs never leave more than one). */
  blank: boolean;
  /** Wrapped text not yet written to the terminal. */
  held: string;
}

export function createTextBlock(key: string, nodeId: string, indent: string, paint: (text: string) => string): TextBlock {
  return { key, nodeId, indent, paint, column: 0, word: "", space: false, blank: false, held: "" };
}

/** Wraps `delta` at `width` columns into the block's held text. */
export function appendText(block: TextBlock, delta: string, width: number): void {
  const parts = `${block.word}${delta}`.split(/(\s+)/);
  // The last part is a word that may go on in the next delta (or "" after whitespace).
  block.word = parts.pop() ?? "";
  for (const part of parts) {
    if (part === "") continue;
    block.held += /^\s/.test(part) ? whitespace(block, part) : word(block, part, width);
  }
}

/** Ends the block's text: the held-back word is written and its last line closed. */
export function endText(block: TextBlock, width: number): void {
  if (block.word) block.held += word(block, block.word, width);
  block.word = "";
  if (block.column > 0) block.held += "\n";
  block.column = 0;
}

function whitespace(block: TextBlock, space: string): string {
  let newlines = space.split("\n").length - 1;
  if (newlines === 0) {
    block.space = block.column > 0;
    return "";
  }
  let out = "";
  if (block.column > 0) {
    out += "\n";
    block.column = 0;
    newlines--;
    block.blank = false;
  }
  if (newlines > 0 && !block.blank) {
    out += "\n";
    block.blank = true;
  }
  block.space = false;
  return out;
}

function word(block: TextBlock, text: string, lineWidth: number): string {
  const width = Math.max(lineWidth, block.indent.length + MIN_TEXT_WIDTH);
  let out = "";
  let rest = text;
  while (rest !== "") {
    if (block.column === 0) {
      out += block.indent;
      block.column = block.indent.length;
    } else if (block.space) {
      if (block.column + 1 + rest.length > width) {
        out += `\n${block.indent}`;
        block.column = block.indent.length;
      } else {
        out += " ";
        block.column += 1;
      }
    }
    block.space = false;
    block.blank = false;
    // A word longer than a whole line is cut where the line ends.
    const room = width - block.column;
    const piece = rest.length <= room ? rest : rest.slice(0, Math.max(1, room));
    out += block.paint(piece);
    block.column += piece.length;
    rest = rest.slice(piece.length);
    if (rest !== "") {
      out += `\n`;
      block.column = 0;
    }
  }
  return out;
}
