// Collects a stream's text up to a character limit and counts what it drops, so a command that
// prints gigabytes cannot exhaust memory or flood the model's context.

/**
 * Text kept up to `limit` characters; the rest is counted, not stored.
 *
 * @example
 * const out = new CappedText(5);
 * out.append("hello world");
 * out.text; // "hello"
 * out.dropped; // 6
 */
export class CappedText {
  readonly limit: number;
  #chunks: string[] = [];
  #kept = 0;
  #dropped = 0;

  constructor(limit: number) {
    this.limit = limit;
  }

  append(chunk: string): void {
    const room = this.limit - this.#kept;
    if (chunk.length <= room) {
      this.#chunks.push(chunk);
      this.#kept += chunk.length;
      return;
    }
    if (room > 0) {
      this.#chunks.push(chunk.slice(0, room));
      this.#kept += room;
    }
    this.#dropped += chunk.length - Math.max(room, 0);
  }

  /** The kept text. */
  get text(): string {
    return this.#chunks.join("");
  }

  /** How many characters were dropped past the limit. */
  get dropped(): number {
    return this.#dropped;
  }
}
