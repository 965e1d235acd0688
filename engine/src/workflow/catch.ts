// <Catch>: retries, or replaces, the part of the workflow inside it when it fails.
import { marked, type JuneNode } from "../jsx/index.ts";

export interface CatchProps {
  /** How many more times to try the children after a failure; default 0. */
  retry?: number;
  /** Rendered instead when every try failed; receives the last error. */
  fallback?: JuneNode | ((error: { code: string; message: string }) => JuneNode);
  children?: JuneNode;
}

/**
 * @example
 * <Catch retry={2} fallback={<Step id="apologize" prompt="Say the lookup failed" />}>
 *   <Step id="lookup" prompt="Look it up" />
 * </Catch>
 */
export const Catch = marked("catch", "Catch", (_props: CatchProps): JuneNode => null);
