// One markdown agent file → a plain AgentDefinition (no models, no tools: names and references
// only) plus everything worth telling its author. Pure: the text in, data and diagnostics out.
import {
  DEFAULT_MAX_TURNS,
  readDisallowed,
  readMaxTurns,
  readModel,
  readPrincipal,
  readReasoning,
  readSkills,
  readText,
  readTools,
  type Read,
  type ReasoningLevel,
} from "./agent-fields.ts";
import { errorAt, fileLine, warningAt, type Diagnostic } from "./diagnostic.ts";
import { readFrontmatter } from "../frontmatter/index.ts";
import { WIRE_NAME, type ToolRef } from "./tool-ref.ts";
import { withProjectAlias, type ModelAliases } from "./model-alias.ts";
import { basename, dirname } from "node:path";
import { PERMISSION_MODES, permissionModeOf, type PermissionModeName } from "../claude-code/index.ts";

/** A markdown agent as data: what its file says, resolved no further than names and references. */
export interface AgentDefinition {
  name: string;
  /** The tool name a calling model sees: `name`, with anything a provider refuses turned into `_`. */
  toolName: string;
  description: string;
  /** The file it came from (for a bundle, its AGENT.md). */
  file: string;
  /** For an agent bundle (a folder holding AGENT.md): that folder, where its skills/ live. */
  bundle?: string;
  /** For an agent of a Claude Code plugin: the plugin's name (`name` is then `<plugin>:<agent>`). */
  plugin?: string;
  /** The body of the file, trimmed: the agent's system instructions. */
  instructions: string;
  /** `provider:model` after aliases; unset for `inherit` or no `model:` key. */
  model?: string;
  /** The models a person may pick from, first = `model`; only when the file lists more than one. */
  models?: string[];
  reasoning?: ReasoningLevel;
  /** The thinking levels a person may pick from, first = `reasoning`; only for a list of two or more. */
  reasoningLevels?: ReasoningLevel[];
  tools?: ToolRef[];
  /**
   * Set when `tools` is what an agent whose file has no `tools:` gets (every tool June provides,
   * as Claude Code gives such an agent all of the main thread's), not what its file lists.
   */
  inheritsTools?: true;
  /** Entries removed from the agent's own `tools`, as written (same grammar). */
  disallowedTools?: string[];
  /** Skill sources as written: local paths (relative to the file) or `npm:` refs; not resolved here. */
  skills?: string[];
  /** The turn cap (model calls per run of the agent); default 20. */
  maxTurns: number;
  principal?: boolean;
  /** Claude Code's `permissionMode`, one of PERMISSION_MODES (`manual` is read as `default`); applied by the project's guard. */
  permissionMode?: PermissionMode;
  /** Claude Code's `hooks` for this agent, as written (checked and run by claude-code/'s hooks). */
  hooks?: unknown;
  /** The file line of each frontmatter key, for diagnostics found after parsing. */
  lines: Record<string, number>;
}

export interface ParsedAgentFile {
  /** Absent when the file has an error. */
  definition?: AgentDefinition;
  diagnostics: Diagnostic[];
}

/** Keys only code can supply (their values can't be written in YAML); in a file they are an error. */
const OVERRIDE_ONLY: Record<string, string> = {
  blocks: "blocks may carry resolver functions",
  output: "an output is a live schema object",
};

/** Claude Code's permission modes an agent's `permissionMode` may name: the project guard's list. */
export type PermissionMode = PermissionModeName;

/** How a file is read: the project's model aliases, and the plugin it belongs to. */
export interface ParseOptions {
  /** june.config.ts `modelAliases`: looked up before Claude Code's aliases. */
  modelAliases?: ModelAliases;
  /**
   * The Claude Code plugin whose agent this is: the agent is named `<plugin>:<name>`, as Claude
   * Code names it, and a file without `name:` is named after itself (plugins' agents often are).
   */
  plugin?: string;
}

const KNOWN_KEYS = new Set([
  "name",
  "description",
  "model",
  "reasoning",
  "tools",
  "disallowedTools",
  "skills",
  "maxTurns",
  "principal",
  "permissionMode",
  "hooks",
]);

/**
 * Claude Code keys that change nothing about how an agent runs (its colour in Claude Code's UI):
 * accepted without a word, since a real marketplace carries one on nearly every agent file.
 */
const COSMETIC_KEYS = new Set(["color"]);

/**
 * Parses one agent file. Unknown keys (Claude Code's `memory`, `isolation`, …) are
 * warned about once each and otherwise ignored; anything wrong with a known key is an error
 * naming the file, the key and its line, and then there is no definition.
 *
 * @example
 * const { definition, diagnostics } = parseAgentFile("agents/triage.md", "---\nname: triage\ndescription: Sorts issues\nmodel: haiku\ntools: Read, Grep\n---\nYou sort issues.");
 * definition?.model; // "anthropic:claude-haiku-5-5"
 * definition?.tools?.map((t) => t.raw); // ["Read", "Grep"]
 */
export function parseAgentFile(file: string, text: string, options: ParseOptions = {}): ParsedAgentFile {
  const read = readFrontmatter(file, text);
  if (!read.ok) return { diagnostics: [read.diagnostic] };
  const { data, keyLines, body, startLine } = read.frontmatter;
  const diagnostics: Diagnostic[] = [];
  const place = (field: string) => ({ file, field, line: keyLines[field] ?? startLine, column: 1 });

  for (const key of Object.keys(data)) {
    if (KNOWN_KEYS.has(key) || COSMETIC_KEYS.has(key)) continue;
    const where = fileLine(place(key));
    // Own keys only: `toString` or `constructor` in a file is an unknown key, not an inherited member.
    if (Object.hasOwn(OVERRIDE_ONLY, key)) {
      diagnostics.push(
        errorAt(place(key), "JUNE_AGENT_FIELD_OVERRIDE_ONLY",
          `june: ${where}: \`${key}\` can't be set in frontmatter (${OVERRIDE_ONLY[key]}, which YAML can't express). ` +
            "Remove it from the file and supply it in code, in the agent's overrides."),
      );
    } else {
      diagnostics.push(
        warningAt(place(key), "JUNE_UNKNOWN_KEY", `june: ${where}: \`${key}\` is not a key June uses; it is ignored (the agent loads without it).`),
      );
    }
  }

  function field<T>(key: string, result: Read<T>): T | undefined {
    if (result.ok) return result.value;
    for (const problem of result.problems) {
      diagnostics.push(errorAt(place(key), problem.code, `june: ${fileLine(place(key))}: \`${key}\` ${problem.message}.`));
    }
    return undefined;
  }
  function required(key: string, what: string): string | undefined {
    if (data[key] === undefined || data[key] === null) {
      diagnostics.push(
        errorAt({ file, field: key, line: startLine, column: 1 }, "JUNE_AGENT_FIELD_MISSING",
          `june: ${file}:${startLine}: the frontmatter has no \`${key}\`; every agent file needs \`${key}:\` (${what}).`),
      );
      return undefined;
    }
    return field(key, readText(data[key], key));
  }

  const plugin = options.plugin;
  const ownName = plugin !== undefined && (data.name === undefined || data.name === null) ? fileAgentName(file) : required("name", "the agent's name, unique in its folder");
  const description = required("description", "what the agent does, which is what a calling model reads");
  const model = data.model === undefined ? undefined : field("model", readModel(aliased(data.model, options.modelAliases)));
  const reasoning = data.reasoning === undefined ? undefined : field("reasoning", readReasoning(data.reasoning));
  const tools = data.tools === undefined || data.tools === null ? undefined : field("tools", readTools(data.tools));
  const disallowed =
    data.disallowedTools === undefined || data.disallowedTools === null ? undefined : field("disallowedTools", readDisallowed(data.disallowedTools));
  const skills = data.skills === undefined || data.skills === null ? undefined : field("skills", readSkills(data.skills));
  const maxTurns = data.maxTurns === undefined ? DEFAULT_MAX_TURNS : field("maxTurns", readMaxTurns(data.maxTurns));
  const principal = data.principal === undefined ? undefined : field("principal", readPrincipal(data.principal));
  const permissionMode = data.permissionMode === undefined || data.permissionMode === null ? undefined : field("permissionMode", readPermissionMode(data.permissionMode));

  if (diagnostics.some((d) => d.severity === "error") || ownName === undefined || description === undefined || maxTurns === undefined) {
    return { diagnostics };
  }
  const name = plugin === undefined ? ownName : `${plugin}:${ownName}`;
  // A plugin's agent is `<plugin>:<agent>`, and ":" is no tool-name character: the caller sees
  // `<plugin>__<agent>`, which needs no warning (only a part that isn't wire safe does).
  const toolName = plugin === undefined ? wireSafe(name) : wireSafe(`${wireSafe(plugin)}__${wireSafe(ownName)}`);
  if (wireSafe(ownName) !== ownName || (plugin !== undefined && wireSafe(plugin) !== plugin)) {
    diagnostics.push(
      warningAt(place("name"), "JUNE_AGENT_NAME_NOT_WIRE_SAFE",
        `june: ${fileLine(place("name"))}: the agent name ${JSON.stringify(name)} is not a tool name model providers accept; ` +
          `a calling agent sees it as ${JSON.stringify(toolName)}. Use letters, digits, "_" and "-" to keep one name.`),
    );
  }
  const definition: AgentDefinition = {
    name,
    toolName,
    description,
    file,
    instructions: body.trim(),
    maxTurns,
    lines: { ...keyLines },
  };
  if (model?.first !== undefined) definition.model = model.first;
  if (model?.list) definition.models = model.list;
  if (reasoning?.first !== undefined) definition.reasoning = reasoning.first;
  if (reasoning?.list) definition.reasoningLevels = reasoning.list;
  if (tools) definition.tools = tools;
  if (disallowed) definition.disallowedTools = disallowed;
  if (skills) definition.skills = skills;
  if (principal !== undefined) definition.principal = principal;
  if (plugin !== undefined) definition.plugin = plugin;
  if (permissionMode !== undefined) definition.permissionMode = permissionMode;
  if (data.hooks !== undefined && data.hooks !== null) definition.hooks = data.hooks;
  return { definition, diagnostics };
}

/** A plugin agent's name when its file has none: the file's (a bundle's: its folder's). */
function fileAgentName(file: string): string {
  const own = basename(file).replace(/\.md$/i, "");
  return own === "AGENT" ? basename(dirname(file)) : own;
}

/** The `model:` value with the project's aliases put in (one value, or each of a list). */
function aliased(value: unknown, aliases: ModelAliases | undefined): unknown {
  if (!aliases) return value;
  if (typeof value === "string") return withProjectAlias(value, aliases);
  return Array.isArray(value) ? value.map((entry) => (typeof entry === "string" ? withProjectAlias(entry, aliases) : entry)) : value;
}

function readPermissionMode(value: unknown): Read<PermissionMode> {
  // Claude Code takes `manual` for `default` (the mode's name in its UI).
  const mode = typeof value === "string" ? permissionModeOf(value) : undefined;
  if (mode !== undefined) return { ok: true, value: mode };
  return {
    ok: false,
    problems: [{ code: "JUNE_AGENT_FIELD_INVALID", message: `is ${JSON.stringify(value)}, which is not a Claude Code permission mode; use one of ${PERMISSION_MODES.join(", ")}` }],
  };
}

function wireSafe(name: string): string {
  if (WIRE_NAME.test(name)) return name;
  return name.replace(/[^A-Za-z0-9_-]/g, "_").slice(0, 64);
}
