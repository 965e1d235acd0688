// Ctrl-C during `june run`: the first aborts the run the proper way (tools' child processes are
// ended, the trace records "aborted"); a second means "stop now" and exits at once with 130.

export const ABORTED_EXIT_CODE = 130;

export interface Interrupts {
  /** Call for a Ctrl-C that didn't arrive as SIGINT (readline's raw mode catches it). */
  readonly interrupt: () => void;
  /** Stops listening for SIGINT. */
  dispose(): void;
}

/**
 * Listens for SIGINT: the first calls `abort`, the next calls `exitNow`.
 *
 * @example
 * const interrupts = listenForInterrupts({ abort: () => handle.abort("interrupted"), exitNow: () => process.exit(130) });
 * await handle.result;
 * interrupts.dispose();
 */
export function listenForInterrupts(options: { abort: () => void; exitNow: () => void }): Interrupts {
  let count = 0;
  const interrupt = () => {
    count++;
    if (count === 1) options.abort();
    else options.exitNow();
  };
  process.on("SIGINT", interrupt);
  return { interrupt, dispose: () => void process.off("SIGINT", interrupt) };
}
