// <Tools from={source}>: a capability that waits — a set of tools that takes time to resolve
// (listing an MCP server's tools, say). Identical sources in one run share one resolution.
import type { ToolSet } from "ai";
import { marked, type JuneNode } from "../jsx/index.ts";

export interface ToolSourceContext {
  /** Fires when the run is aborted; a load should stop waiting and reject. */
  signal: AbortSignal;
}

/** Where one of a source's tools comes from, for the tool policy (e.g. an MCP server's tool). */
export interface ToolOrigin {
  server: string;
  tool: string;
  annotations?: Record<string, unknown>;
}

/** What a load may return besides a plain ToolSet: a way to close it when the run ends. */
export interface LoadedTools {
  tools: ToolSet;
  /** Called once when the run (or inspect) that loaded it ends. */
  close?: () => Promise<void> | void;
  /** Per tool name, for sources of kind "mcp". */
  origins?: Record<string, ToolOrigin>;
  /** Per tool name: what decided whether its calls wait for approval (an MCP tool's annotations, its server's config). */
  approvalReasons?: Record<string, string>;
}

const LOADED_KEYS = new Set(["tools", "close", "origins", "approvalReasons"]);

/** What a source's load returned, as LoadedTools: a plain ToolSet (which can't be told apart by `execute` on its values) is wrapped. */
export function asLoadedTools(value: ToolSet | LoadedTools): LoadedTools {
  const loaded = value as LoadedTools;
  const isLoaded = typeof loaded.tools === "object" && loaded.tools !== null && !("execute" in loaded.tools) && Object.keys(value).every((k) => LOADED_KEYS.has(k));
  return isLoaded ? loaded : { tools: value as ToolSet };
}

/**
 * Something that resolves to tools asynchronously. `key` identifies it: two declarations with
 * the same key in one run share one `load` (one connection, for an MCP server).
 */
export interface ToolSource {
  name: string;
  key?: string;
  /** What the tool policy calls its tools; default "fn". */
  kind?: "fn" | "mcp" | "builtin";
  load(context: ToolSourceContext): Promise<ToolSet | LoadedTools>;
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
