// june.config.ts: a project's defaults — the model agents get when they set none, the tool
// registry markdown agents name tools from, MCP servers, the tool policy, default blocks, and
// where markdown agents live. Checked with zod so a mistake names the field.
import type { LanguageModel, Tool } from "ai";
import { z } from "zod";
import { checkPolicy, type ToolPolicy } from "../capabilities/index.ts";
import { JuneError } from "../errors/index.ts";
import { modelReference } from "../markdown/index.ts";
import { MCP_APPROVE_VALUES, type McpApprovalConfig } from "../mcp/index.ts";
import type { PriceTable } from "../pricing/index.ts";
import { sandboxSettingsSchema, type SandboxSettings } from "../sandbox/index.ts";
import { webFetchSettingsSchema, webSearchSettingsSchema, type WebFetchOptions, type WebSearchSettings } from "../tools/index.ts";

/** How to reach an MCP server (a command over stdio, or a streamable HTTP URL) and how its calls are approved. */
export type McpServerConfig = (
  | { command: string; args?: string[]; env?: Record<string, string>; cwd?: string }
  | { url: string; headers?: Record<string, string> }
) &
  McpApprovalConfig;

export interface JuneConfig {
  /** The model of every agent that sets none (and of markdown agents with `model: inherit`). */
  model?: LanguageModel;
  /** Tools markdown agents can name in `tools:`, by name. */
  tools?: Record<string, Tool<any, any>>;
  /** MCP servers by client name, for `MCP(server)` / `mcp__server__tool` references. */
  mcp?: Record<string, McpServerConfig>;
  /** Which tools any agent may be given; omitted admits all. */
  toolPolicy?: ToolPolicy;
  /** Blocks every markdown agent gets (merged by name with its own). */
  blocks?: Record<string, unknown>;
  /** Folders of markdown agents, relative to the project; default `.claude/agents` and `agents`. */
  agents?: string | string[];
  /**
   * Turns a markdown agent's `model:` reference (`anthropic:claude-…`, an alias's target, or any
   * string of yours) into a model; default: `anthropic:` and `openai:` through June's helpers.
   */
  models?: (ref: string) => LanguageModel;
  /**
   * Model aliases of the project's own, over Claude Code's (`fable`, `opus`, `sonnet`, `haiku`,
   * `best`): alias → a model reference (`anthropic:claude-…`, `openai:gpt-5-mini`) or one of
   * Claude Code's aliases. Applied wherever a model reference is read: agent files' `model:`,
   * `project.model(ref)`, a fork's model. E.g. `{ sonnet: "anthropic:claude-sonnet-4-5-20250929", fast: "haiku" }`.
   */
  modelAliases?: Record<string, string>;
  /**
   * Prices in US dollars per million tokens, by `provider:modelId` or `modelId`; they override
   * or add to June's table for common OpenAI and Anthropic models.
   */
  prices?: PriceTable;
  /** Where the studio records runs, relative to the project; default `.june/runs`. */
  runs?: string;
  /**
   * The sandbox the Claude Code Bash of markdown agents runs commands in (Claude Code's
   * settings.json `sandbox`): default on, no network, only the project folder writable.
   */
  sandbox?: SandboxSettings;
  /**
   * Claude Code's WebFetch: the domains it fetches without asking (`["docs.example.com",
   * "*.example.org"]`; others wait for approval, per domain), whether it may reach private
   * addresses (default no), its time and size limits; `needsApproval: false` fetches every
   * domain unasked.
   */
  webFetch?: WebFetchOptions;
  /**
   * The search provider behind Claude Code's WebSearch: `{ provider: "brave" }` (key from
   * BRAVE_API_KEY), `{ provider: "tavily" }` (TAVILY_API_KEY) or `{ provider: "searxng", url }`.
   * Without it, agents that list WebSearch run without it and the project says how to set it.
   */
  webSearch?: WebSearchSettings;
}

/**
 * Declares a project's configuration (the default export of `june.config.ts`).
 *
 * @example
 * export default defineConfig({
 *   model: openai("gpt-5-mini"),
 *   mcp: { fs: { command: "npx", args: ["@modelcontextprotocol/server-filesystem", "."] } },
 *   toolPolicy: { fn: true, builtin: true, mcp: (tool) => tool.source.kind === "mcp" && tool.source.server === "fs" },
 * });
 */
export function defineConfig(config: JuneConfig): JuneConfig {
  return config;
}

const toolLike = z.custom<Tool<any, any>>((v) => typeof v === "object" && v !== null && "inputSchema" in v, "an AI SDK tool (tool({...}))");
const modelLike = z.custom<LanguageModel>(
  (v) => typeof v === "object" && v !== null && "modelId" in v && ("doGenerate" in v || "doStream" in v),
  "a model object (e.g. openai(\"gpt-5-mini\") from june/sdk/openai)",
);
const mcpApprove = z.enum(MCP_APPROVE_VALUES);
const mcpApproval = { approve: mcpApprove.optional(), tools: z.record(z.string(), z.strictObject({ approve: mcpApprove.optional() })).optional() };
const mcpServer = z.union([
  z.strictObject({ command: z.string().min(1), args: z.array(z.string()).optional(), env: z.record(z.string(), z.string()).optional(), cwd: z.string().optional(), ...mcpApproval }),
  z.strictObject({ url: z.url(), headers: z.record(z.string(), z.string()).optional(), ...mcpApproval }),
]);
const price = z.strictObject({
  input: z.number().nonnegative(),
  output: z.number().nonnegative(),
  cachedInput: z.number().nonnegative().optional(),
});
const configSchema = z.strictObject({
  model: modelLike.optional(),
  tools: z.record(z.string(), toolLike).optional(),
  mcp: z.record(z.string(), mcpServer).optional(),
  toolPolicy: z.unknown().optional(),
  blocks: z.record(z.string(), z.unknown()).optional(),
  agents: z.union([z.string(), z.array(z.string())]).optional(),
  models: z.custom<(ref: string) => LanguageModel>((v) => typeof v === "function", "a function from a model reference to a model").optional(),
  modelAliases: z.record(z.string().trim().min(1), z.string().trim().min(1).superRefine(checkAliasTarget)).optional(),
  prices: z.record(z.string().min(1), price).optional(),
  runs: z.string().min(1).optional(),
  sandbox: sandboxSettingsSchema.optional(),
  webFetch: webFetchSettingsSchema.optional(),
  webSearch: webSearchSettingsSchema.optional(),
});

/** An alias names a model as an agent file would, without another of the project's aliases (no chains, no loops). */
function checkAliasTarget(target: string, context: z.RefinementCtx): void {
  const reference = modelReference(target);
  if (!reference.ok) context.addIssue({ code: "custom", message: reference.message });
  else if (reference.ref === undefined) context.addIssue({ code: "custom", message: `${JSON.stringify(target)} names no model; an alias must name one (write provider:model)` });
}

/** Validates a loaded config module's default export; errors name the file and the field. */
export function checkConfig(value: unknown, file: string): JuneConfig {
  if (value === undefined) {
    throw new JuneError("JUNE_INVALID_CONFIG", `june: ${file} has no default export; export default defineConfig({ … }).`);
  }
  const parsed = configSchema.safeParse(value);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => `\`${issue.path.join(".") || "(config)"}\`: ${issue.message}`);
    throw new JuneError("JUNE_INVALID_CONFIG", `june: ${file} is not a valid June config: ${issues.join("; ")}.`);
  }
  const config = parsed.data as JuneConfig;
  if (config.toolPolicy !== undefined) config.toolPolicy = checkPolicy(config.toolPolicy, `${file} (toolPolicy)`);
  return config;
}

/** Loads and checks a june.config.* file (bundled like a workflow); throws JuneError naming it. */
export async function loadConfigFile(file: string, label: string = file): Promise<JuneConfig> {
  // Lazily: `june` re-exports defineConfig from here, and a workflow importing `june` must not load esbuild.
  const { loadWorkflow } = await import("./load-workflow.ts");
  return checkConfig((await loadWorkflow(file)).default, label);
}
