// Terminal styling for the CLI: ANSI colours that switch off entirely for pipes, files and
// NO_COLOR, so redirected output and test assertions see plain text.

/** The styles the CLI uses; each returns its text unchanged when colour is off. */
export interface Style {
  readonly enabled: boolean;
  bold(text: string): string;
  dim(text: string): string;
  red(text: string): string;
  green(text: string): string;
  yellow(text: string): string;
  cyan(text: string): string;
  magenta(text: string): string;
}

/**
 * Styles that colour only when `enabled`.
 *
 * @example
 * const style = createStyle(true);
 * style.red("failed"); // "\u001b[31mfailed\u001b[39m"
 */
export function createStyle(enabled: boolean): Style {
  const wrap = (open: number, close: number) => (text: string) => (enabled && text !== "" ? `\u001b[${open}m${text}\u001b[${close}m` : text);
  return {
    enabled,
    bold: wrap(1, 22),
    dim: wrap(2, 22),
    red: wrap(31, 39),
    green: wrap(32, 39),
    yellow: wrap(33, 39),
    cyan: wrap(36, 39),
    magenta: wrap(35, 39),
  };
}

/**
 * Whether to colour a stream: only a terminal, and only when NO_COLOR is unset or empty
 * (https://no-color.org: "present and not an empty string" disables colour).
 *
 * @example
 * wantsColor(process.stdout, process.env); // false when piped
 */
export function wantsColor(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv): boolean {
  const noColor = env.NO_COLOR;
  return stream.isTTY === true && (noColor === undefined || noColor === "");
}

// eslint-disable-next-line no-control-regex -- the colour codes this module writes
const ANSI = /\u001b\[[0-9;]*m/g;

/** The text without ANSI styling, e.g. to measure how wide it shows. */
export function stripStyle(text: string): string {
  return text.replace(ANSI, "");
}
