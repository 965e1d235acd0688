// <Inherit capabilities={[...]}>: takes the named tools of the enclosing agent into this one.
import { marked, type JuneNode } from "../jsx/index.ts";

export interface InheritProps {
  capabilities: readonly string[];
}

/**
 * Grants the parent's tools of these names, exactly as the parent has them.
 *
 * @example
 * <Agent model={small}>
 *   <Inherit capabilities={["readFile"]} />
 *   <Step id="summarize" prompt="Summarize README.md" />
 * </Agent>
 */
export const Inherit = marked("inherit", "Inherit", (_props: InheritProps): JuneNode => null);
