// Part of one MCP server's tools, as a ToolSource: `MCP(server:tool)` entries (and the
// `disallowedTools` that subtract from `MCP(server)`) load the server's own source and keep
// only the tools selected. One source per server per agent, so one connection per server.
import type { ToolSet } from "ai";
import { asLoadedTools, toolSource, type ToolOrigin, type ToolSource } from "../capabilities/index.ts";
import { JuneError } from "../errors/index.ts";
import type { MarkdownGuard } from "./context.ts";

/** Which of a server's tools an agent gets, by wire name (`mcp__<server>__<tool>`). */
export interface McpSelection {
  /** The client name the agent file used: `MCP(<server>)`. */
  server: string;
  source: ToolSource;
  /** Every tool the server offers (less `exclude`), or only these. */
  only?: ReadonlySet<string>;
  exclude: ReadonlySet<string>;
}

/**
 * The source for a selection: the server's own source when the agent takes all of it, else a
 * wrapper that loads it and keeps the selected tools. A selected tool the server doesn't offer
 * fails the load with `JUNE_MCP_TOOL_MISSING`, naming what it does offer.
 *
 * @example
 * selectedSource({ server: "github", source: github, only: new Set(["mcp__github__search"]), exclude: new Set() });
 * // <Tools from={…} /> then offers only mcp__github__search
 */
export function selectedSource(selection: McpSelection): ToolSource {
  const { server, source, only, exclude } = selection;
  if (!only && exclude.size === 0) return source;
  const onlyList = only ? [...only].sort() : undefined;
  const excludeList = [...exclude].sort();
  const label = onlyList
    ? `MCP(${server}:${onlyList.map((w) => toolPart(server, w)).join(",")})`
    : `MCP(${server}) without ${excludeList.map((w) => toolPart(server, w)).join(",")}`;
  return toolSource({
    name: label,
    // Its own key: the run's cache would otherwise hand it the whole server's load, or vice versa.
    key: `${source.key ?? source.name}#${onlyList ? `only=${onlyList.join(",")}` : ""}#exclude=${excludeList.join(",")}`,
    kind: source.kind ?? "mcp",
    async load(context) {
      const loaded = asLoadedTools(await source.load(context));
      const tools: ToolSet = {};
      const origins: Record<string, ToolOrigin> = {};
      const approvalReasons: Record<string, string> = {};
      const offered = Object.keys(loaded.tools);
      const missing = onlyList?.filter((wire) => !offered.some((name) => matches(name, wire, server, loaded.origins))) ?? [];
      if (missing.length > 0) {
        await loaded.close?.();
        throw new JuneError(
          "JUNE_MCP_TOOL_MISSING",
          `june: the MCP server "${server}" offers no tool ${missing.map((w) => JSON.stringify(w)).join(", ")}; ` +
            `it offers ${offered.length ? offered.map((n) => JSON.stringify(n)).join(", ") : "no tools"}.`,
        );
      }
      for (const name of offered) {
        const selected = onlyList ? onlyList.some((wire) => matches(name, wire, server, loaded.origins)) : true;
        const excluded = excludeList.some((wire) => matches(name, wire, server, loaded.origins));
        if (!selected || excluded) continue;
        tools[name] = loaded.tools[name]!;
        if (loaded.origins?.[name]) origins[name] = loaded.origins[name]!;
        if (loaded.approvalReasons?.[name]) approvalReasons[name] = loaded.approvalReasons[name]!;
      }
      return { tools, origins, approvalReasons, ...(loaded.close ? { close: loaded.close } : {}) };
    },
  });
}

/** `mcp__github__search` → `search`. */
function toolPart(server: string, wire: string): string {
  return wire.slice(`mcp__${server}__`.length);
}

// A server's tool matches by wire name, or by its origin when the server was configured under
// another name than the one the agent file uses.
function matches(name: string, wire: string, server: string, origins: Record<string, ToolOrigin> | undefined): boolean {
  return name === wire || origins?.[name]?.tool === toolPart(server, wire);
}

/**
 * A server's tools (or a selection of them) with the project's permissions and hooks in front of
 * each (markdown/context.ts `guard`). Its own cache key: the checks are this agent's.
 *
 * @example
 * <Tools from={guardedSource(github, guard, "triage")} />
 */
export function guardedSource(source: ToolSource, guard: MarkdownGuard, agent: string): ToolSource {
  return toolSource({
    name: source.name,
    key: `${source.key ?? source.name}#guarded-for=${agent}`,
    kind: source.kind ?? "mcp",
    async load(context) {
      const loaded = asLoadedTools(await source.load(context));
      const tools: ToolSet = {};
      for (const [name, tool] of Object.entries(loaded.tools)) tools[name] = guard.guardTool(name, tool);
      return { ...loaded, tools };
    },
  });
}
