// How much of a step's prompt the trace already holds. Each model call records only the messages
// new since the step's previous call, so a long loop's trace (and a stepped run's stops) grow with
// its length, not with its square. One per step, shared by the trace and boundary layers.
import { keepShape } from "../../shapes/index.ts";

export class SentMessages {
  #sent = 0;

  /**
   * Where the messages the trace doesn't hold yet begin in `prompt`: 0 for a step's first call, or
   * when the prompt is not the previous one grown (then it is recorded whole).
   *
   * @example
   * sent.offset(prompt); // 3: prompt[3..] are new since the step's previous call
   */
  offset(prompt: readonly unknown[]): number {
    return this.#sent <= prompt.length ? this.#sent : 0;
  }

  /** The offset of `prompt`, which the trace holds whole from now on. */
  take(prompt: readonly unknown[]): number {
    const offset = this.offset(prompt);
    this.#sent = prompt.length;
    return offset;
  }
}
keepShape(new SentMessages());
