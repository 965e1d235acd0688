// Resolution: an agent's declarations (plus its `tools` prop and what its parent can grant)
// become one ToolSet with a record of where each tool came from. Tool sources load concurrently;
// collisions are checked once every name is known.
import type { Tool as AiTool, ToolSet } from "ai";
import { JuneError, isJuneError } from "../errors/index.ts";
import { bashTool, builtinName } from "../tools/index.ts";
import type { CapabilityRecord, ToolInfo } from "../trace/index.ts";
import { approvalMode, ownApprovalReason, requireApproval } from "./approval.ts";
import { checkCollisions } from "./collision.ts";
import { compositeTool, INSPECT_ONLY, type CompositeRunner } from "./composite.ts";
import { delegateTool } from "./delegate.ts";
import type { Declaration } from "./declaration.ts";
import { checkInheritDuplicates, grant, type ParentScope } from "./inherit.ts";
import { at, frameLabel, sourceString, toolsLabel, toolsPropLabel } from "./labels.ts";
import { makeScope, type ResolvedTool, type Scope } from "./scope.ts";
import { checkToolName } from "./tool-name.ts";
import { ToolSourceCache, waitUnlessAborted } from "./tool-source-cache.ts";
import type { ValueToolProps } from "./tool.ts";
import type { LoadedTools, ToolOrigin, ToolsProps } from "./tools-source.ts";
import { deniedBy, describeTool, type ToolDenial, type ToolPolicy, type ToolSourceInfo } from "./policy.ts";
import type { ToolKind } from "./tool-kind.ts";
import type { SandboxSettings } from "../sandbox/index.ts";

export interface ResolveOptions {
  /** How the agent is named in messages, e.g. `<Agent name="triage"> (triage.tsx:4:5)`. */
  agent: string;
  parent: ParentScope;
  toolsProp?: ToolSet;
  signal?: AbortSignal;
  cache?: ToolSourceCache;
  composites?: CompositeRunner;
  /** Project-wide tool policies; a tool is given only when every one admits it. */
  policies?: readonly ToolPolicy[];
  /** The project's sandbox (june.config.ts `sandbox`): what a `<Bash />` without a `sandbox` prop runs in. */
  sandbox?: SandboxSettings;
}

/** A tool before the wrappers around its declaration apply. */
interface Raw {
  declaration: Declaration;
  name: string;
  tool: AiTool<any, any>;
  grantedFrom?: ResolvedTool;
  origin?: ToolOrigin;
  /** Why the source made it wait for approval or not (an MCP server's annotations or config). */
  approvalReason?: string;
  sourceKind?: ToolKind;
}

/**
 * Resolves an agent's declarations into its scope.
 *
 * @example
 * const scope = await resolveCapabilities(collectDeclarations(elements), { agent: "<Agent>", parent: { none: "top-level" } });
 * scope.tools; // the ToolSet its steps are offered
 */
export async function resolveCapabilities(declarations: readonly Declaration[], options: ResolveOptions): Promise<Scope> {
  checkInheritDuplicates(declarations, options.agent);
  const cache = options.cache ?? new ToolSourceCache(options.signal);
  let scope: Scope | undefined;
  const caller = () => scope!;
  const names = new Map<Declaration, string>();

  const raws = (
    await Promise.all(declarations.map((d) => rawTools(d, options, cache, caller, () => names.get(d) ?? d.name!)))
  ).flat();

  const entries: ResolvedTool[] = [];
  for (const raw of raws) {
    const entry = applyFrames(raw);
    names.set(raw.declaration, entry.name);
    entries.push(entry);
  }
  for (const [name, value] of Object.entries(options.toolsProp ?? {})) entries.push(toolsPropEntry(name, value));

  checkCollisions(entries, options.agent);
  const { admitted, denied } = applyPolicies(entries, options);
  scope = makeScope(admitted, declarations.length > 0, denied);
  return scope;
}

function applyPolicies(entries: ResolvedTool[], options: ResolveOptions): { admitted: ResolvedTool[]; denied: ToolDenial[] } {
  const policies = options.policies ?? [];
  if (policies.length === 0) return { admitted: entries, denied: [] };
  const admitted: ResolvedTool[] = [];
  const denied: ToolDenial[] = [];
  for (const entry of entries) {
    const denial = deniedBy(policies, describeTool(entry.name, entry.tool, entry.origin), options.agent);
    if (denial) denied.push(denial);
    else admitted.push(entry);
  }
  return { admitted, denied };
}

async function rawTools(
  d: Declaration,
  options: ResolveOptions,
  cache: ToolSourceCache,
  caller: () => Scope,
  finalName: () => string,
): Promise<Raw[]> {
  const props = d.element.props as Record<string, unknown>;
  switch (d.kind) {
    case "tool": {
      const value = (props as unknown as ValueToolProps).value;
      if (typeof value !== "object" || value === null) {
        throw new JuneError(
          "JUNE_INVALID_PROPS",
          `june: ${d.label}${at(d.source)} needs value={tool({...})}, or a description, an input schema and a function child.`,
          d.source ? { source: d.source } : undefined,
        );
      }
      return [{ declaration: d, name: d.name!, tool: value }];
    }
    case "composite":
    case "callable-agent":
      return [{ declaration: d, name: d.name!, tool: compositeTool(d, options.composites ?? INSPECT_ONLY, caller, finalName) }];
    case "delegate":
      return [{ declaration: d, name: d.name!, tool: delegateTool(d, options.composites ?? INSPECT_ONLY, caller, finalName) }];
    case "bash": {
      const { name: _name, children: _children, ...bashOptions } = props;
      const sandbox = bashOptions.sandbox ?? options.sandbox;
      return [{ declaration: d, name: d.name!, tool: bashTool({ ...bashOptions, ...(sandbox ? { sandbox } : {}) }) }];
    }
    case "inherit": {
      const granted = grant(d, options.parent, options.agent);
      return granted ? [{ declaration: d, name: d.name!, tool: granted.tool, grantedFrom: granted }] : [];
    }
    case "tools": {
      const { from } = props as unknown as ToolsProps;
      const what = `${toolsLabel(from.name)} in ${options.agent}`;
      let loaded: LoadedTools;
      try {
        loaded = await waitUnlessAborted(cache.load(from), options.signal, what);
      } catch (error) {
        if (isJuneError(error) && error.code === "JUNE_ABORTED") throw error;
        throw new JuneError(
          "JUNE_CAPABILITY_FAILED",
          `june: ${what}${at(d.source)} failed to resolve: ${error instanceof Error ? error.message : String(error)}`,
          { cause: error, ...(d.source ? { source: d.source } : {}) },
        );
      }
      return Object.entries(loaded.tools).map(([name, tool]) => ({
        declaration: { ...d, name },
        name,
        tool,
        sourceKind: from.kind ?? "fn",
        ...(loaded.origins?.[name] ? { origin: loaded.origins[name] } : {}),
        ...(loaded.approvalReasons?.[name] ? { approvalReason: loaded.approvalReasons[name] } : {}),
      }));
    }
  }
}

/** Wrappers apply innermost first, so the outermost has the last word. */
function applyFrames(raw: Raw): ResolvedTool {
  const d = raw.declaration;
  let name = raw.name;
  let tool = raw.tool;
  const reasons = raw.grantedFrom
    ? raw.grantedFrom.info.approvalReasons.map((r) => `${r}, in the enclosing <Agent>`)
    : [sourceApprovalReason(raw) ?? ownApprovalReason(tool, d.kind === "bash")].filter((r): r is string => r !== undefined);
  const provenance = [`${d.label}${at(d.source)}`];
  for (let i = d.frames.length - 1; i >= 0; i--) {
    const frame = d.frames[i]!;
    if (frame.kind === "namespace") name = `${frame.name}_${name}`;
    if (frame.kind === "require-approval") {
      tool = requireApproval(tool);
      reasons.push(`<RequireApproval>${at(frame.source)}`);
    }
    provenance.push(`${frameLabel(frame)}${at(frame.source)}`);
  }
  checkToolName(name, sourceString(d.label, d.frames), d.source);

  const record: CapabilityRecord = { name, source: sourceString(d.label, d.frames) };
  if (d.kind === "composite" || d.kind === "callable-agent" || d.kind === "delegate") record.composite = true;
  if (raw.grantedFrom) {
    record.granted = `${grantedSource(raw.grantedFrom)} in the enclosing <Agent>`;
    provenance.push(`granted from the enclosing <Agent>: ${raw.grantedFrom.info.provenance.join(" ← ")}`);
  }
  // A grant keeps the parent's reason; a wrapper that adds approval (RequireApproval) ends it.
  const unasked = approvalMode(tool) === "never" ? (raw.grantedFrom ? raw.grantedFrom.info.runsUnasked : raw.approvalReason) : undefined;
  const info: ToolInfo = {
    name,
    approval: approvalMode(tool),
    approvalReasons: reasons,
    ...(unasked ? { runsUnasked: unasked } : {}),
    provenance,
    ...(typeof tool.description === "string" ? { description: tool.description } : {}),
    ...(record.composite ? { composite: true as const } : {}),
    ...(d.source ? { declaredAt: d.source } : {}),
  };
  return {
    name,
    tool,
    declaration: d,
    record,
    info,
    origin: raw.grantedFrom ? raw.grantedFrom.origin : originOf(raw, record.source),
    ...(raw.grantedFrom ? { grantedFrom: raw.grantedFrom } : {}),
  };
}

/** Why a source's tool waits for approval, when the source decided it (an MCP server's annotations or config). */
function sourceApprovalReason(raw: Raw): string | undefined {
  return approvalMode(raw.tool) === "always" ? raw.approvalReason : undefined;
}

/** What the tool policy is told about where a tool comes from. */
function originOf(raw: Raw, source: string): ToolSourceInfo {
  const builtin = builtinName(raw.tool);
  if (builtin) return { kind: "builtin", builtin };
  if (raw.sourceKind === "mcp") {
    return {
      kind: "mcp",
      server: raw.origin?.server ?? raw.declaration.label,
      tool: raw.origin?.tool ?? raw.name,
      annotations: raw.origin?.annotations ?? {},
    };
  }
  return { kind: "fn", declaration: source };
}

function grantedSource(parent: ResolvedTool): string {
  return parent.declaration ? parent.record.source : `the tools prop key ${JSON.stringify(parent.name)}`;
}

function toolsPropEntry(name: string, tool: AiTool<any, any>): ResolvedTool {
  checkToolName(name, toolsPropLabel(name), undefined);
  const reason = ownApprovalReason(tool, false);
  const builtin = builtinName(tool);
  return {
    name,
    tool,
    origin: builtin ? { kind: "builtin", builtin } : { kind: "fn", declaration: toolsPropLabel(name) },
    record: { name, source: toolsPropLabel(name) },
    info: {
      name,
      approval: approvalMode(tool),
      approvalReasons: reason ? [reason] : [],
      provenance: [toolsPropLabel(name)],
      ...(typeof tool.description === "string" ? { description: tool.description } : {}),
    },
  };
}
