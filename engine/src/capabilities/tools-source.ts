// <Tools from={source}>: a capability that waits — a set of tools that takes time to resolve
// (listing an MCP server's tools, say). Identical sources in one run share one resolution.
import type { ToolSet } from "ai";
import { marked, type JuneNode } from "../jsx/index.ts";

export interface ToolSourceContext {
  /** Fires when the run is aborted; a load should stop waiting and reject. */
  signal: AbortSignal;
}

/**
 * Something that resolves to tools asynchronously. `key` identifies it: two declarations with
 * the same key in one run share one `load`.
 */
export interface ToolSource {
  name: string;
  key?: string;
  load(context: ToolSourceContext): Promise<ToolSet>;
}

export interface ToolsProps {
  from: ToolSource;
}

/**
 * Declares every tool a source resolves to.
 *
 * @example
 * const github = toolSource({ name: "github", load: async () => ({ search: searchTool }) });
 * <Agent model={model}><Tools from={github} /><Step id="s" prompt="…" /></Agent>
 */
export const Tools = marked("tools", "Tools", (_props: ToolsProps): JuneNode => null);

/** Makes a ToolSource; `key` defaults to `name`. */
export function toolSource(source: ToolSource): ToolSource {
  return { ...source, key: source.key ?? source.name };
}
