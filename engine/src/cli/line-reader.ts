// Answers typed (or piped) on stdin, one per line, handed out in order. Lines that arrive before
// anyone asks are kept, so piped answers work however fast they come; once stdin ends every
// further ask gets `undefined`.
import { createInterface, type Interface } from "node:readline";

export interface LineReaderOptions {
  input: NodeJS.ReadableStream & { isTTY?: boolean };
  /** Where a terminal echoes what is typed (the prompts' stream). */
  output: NodeJS.WritableStream;
  /** Ctrl-C while a terminal is in readline's raw mode arrives here, not as a process signal. */
  onInterrupt: () => void;
}

/**
 * Reads stdin line by line on demand.
 *
 * @example
 * const reader = new LineReader({ input: process.stdin, output: process.stderr, onInterrupt });
 * const answer = await reader.next(); // "y", or undefined once stdin has ended
 * reader.close();
 */
export class LineReader {
  /** Whether the terminal shows what the user types (otherwise prompts echo the answer). */
  readonly echoes: boolean;
  readonly #readline: Interface;
  readonly #lines: string[] = [];
  readonly #waiting: ((line: string | undefined) => void)[] = [];
  #closed = false;

  constructor(options: LineReaderOptions) {
    this.echoes = options.input.isTTY === true;
    this.#readline = createInterface({
      input: options.input,
      ...(this.echoes ? { output: options.output, terminal: true } : { terminal: false }),
    });
    this.#readline.on("line", (line) => {
      const waiter = this.#waiting.shift();
      if (waiter) waiter(line);
      else this.#lines.push(line);
    });
    this.#readline.on("close", () => {
      this.#closed = true;
      for (const waiter of this.#waiting.splice(0)) waiter(undefined);
    });
    this.#readline.on("SIGINT", options.onInterrupt);
  }

  /** The next line, or undefined when stdin has ended. */
  next(): Promise<string | undefined> {
    if (this.#lines.length > 0) return Promise.resolve(this.#lines.shift());
    if (this.#closed) return Promise.resolve(undefined);
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  /** Stops reading (and gives a terminal back its normal mode). */
  close(): void {
    this.#readline.close();
  }
}
