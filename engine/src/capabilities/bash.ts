// <Bash />: declares June's bash tool (`bashTool()` from june/tools) under the name "bash".
import { marked, type JuneNode } from "../jsx/index.ts";
import type { BashToolOptions } from "../tools/index.ts";

export interface BashProps extends BashToolOptions {
  /** The tool name; default "bash". */
  name?: string;
}

/**
 * A real bash tool in the agent's scope; it waits for approval unless `needsApproval={false}`.
 *
 * @example
 * <Agent model={model}>
 *   <Bash cwd="./repo" timeout={60_000} />
 *   <Step id="test" prompt="Run the tests" />
 * </Agent>
 */
export const Bash = marked("bash", "Bash", (_props: BashProps): JuneNode => null);
