// A Claude Code project's permissions and hooks applied to June's tool calls. `guardTool` makes a
// new AI SDK tool (the original is never changed) whose `needsApproval` decides as Claude Code
// does — PreToolUse hooks, then the rules (deny > ask > allow), then the permission mode, then the
// tool's own needsApproval — and whose `execute` refuses a denied call with JUNE_PERMISSION_DENIED
// (the model reads it as the tool's error), applies a hook's `updatedInput`, runs PostToolUse hooks
// after, and records every hook run and rule decision as a `guard` node under the call.
import type { JSONValue, Tool, ToolExecutionOptions, ToolSet } from "ai";
import type { ToolResultOutput } from "@ai-sdk/provider-utils";
import { currentCallHost, withApprovalReasons, type CallHost, type StepStartHook, type StepStopHook } from "../capabilities/index.ts";
import { JuneError } from "../errors/index.ts";
import type { GuardInput, GuardOutput } from "../trace/index.ts";
import { runGuardHooks, type GuardCheck, type HookRunContext } from "./guard-hooks.ts";
import { modeVerdict, resolveMode, type PermissionMode } from "./guard-mode.ts";
import { hooksFor, parseHooks, type HookConfig } from "./hooks.ts";
import { decide, parseRules, type PermissionRule } from "./permission-rules.ts";
import type { ClaudeSettings, RawHooks, SettingsProblem } from "./settings.ts";

export type { PermissionMode } from "./guard-mode.ts";

export interface ClaudeGuardOptions {
  /** The project folder: rules' paths, hooks' cwd and `CLAUDE_PROJECT_DIR`. */
  root: string;
  /** What loadClaudeSettings read (none: no rules, no settings hooks). */
  settings?: ClaudeSettings;
  /** More hooks, after the settings' (an agent file's `hooks` frontmatter: frontmatterHooks()). */
  hooks?: readonly RawHooks[];
  /** The agent runs as a subagent: its own file's `Stop` hooks are `SubagentStop` ones (as in Claude Code). */
  subagent?: boolean;
  /** The agent's `permissionMode`; over the settings' `permissions.defaultMode`. */
  permissionMode?: string;
  /** Where the agent's `permissionMode` is written, for the warning when it is refused. */
  permissionModeSource?: { file: string; line?: number };
  /** `bypassPermissions` is honoured only with this; otherwise it is `default`, with a warning. */
  allowBypassPermissions?: boolean;
  /** Claude Code's `session_id` in hook input (default: a fixed "june"). */
  sessionId?: string;
  /** The home folder for `~/` rules (default: the user's). */
  home?: string;
  /** The hooks' environment (default: this process's). */
  env?: Record<string, string | undefined>;
  /** Ends running hooks (PreToolUse hooks run before the run's tool call exists, so outside its abort). */
  signal?: AbortSignal;
}

export interface ClaudeGuard {
  /** A new tool with the project's permissions and hooks in front of `tool`. */
  guardTool<T extends Tool<any, any>>(toolName: string, tool: T): T;
  /** Every tool of a set guarded under its name. */
  guardTools(tools: ToolSet): ToolSet;
  /** The agent's `onStepStop` setting running Stop (or, for a subagent, SubagentStop) hooks; undefined when there are none. */
  stopHook(event: "Stop" | "SubagentStop"): StepStopHook | undefined;
  /**
   * The `onStepStart` setting of an agent run at the top (the person's prompt: a delegated agent's
   * brief is not one): SessionStart hooks, then UserPromptSubmit hooks, whose context joins the
   * prompt and whose block keeps it from being sent; undefined when there are none.
   */
  startHook(): StepStartHook | undefined;
  /** The mode in force, after the bypass opt-in. */
  readonly mode: PermissionMode;
  /** Invalid rules, hooks that can't run, a refused bypass: warnings with file:line. */
  readonly problems: readonly SettingsProblem[];
}

/** What was decided for one call, kept from needsApproval to execute. */
interface CallVerdict {
  behavior: "allow" | "ask" | "deny" | "own";
  /** Who denied, for the error: "the deny rule … at file:line", "the PreToolUse hook `…`: reason". */
  deniedBy?: string;
  updatedInput?: unknown;
  checks: GuardCheck[];
}

/**
 * Applies a Claude Code project's settings to tools.
 *
 * @example
 * const settings = await loadClaudeSettings(root);
 * const guard = claudeGuard({ root, settings, permissionMode: definition.permissionMode });
 * const tools = guard.guardTools(claudeBuiltins(root)); // Bash, Read, … as the project's settings allow
 * const settingsForAgent = { onStepStop: guard.stopHook("Stop") };
 */
export function claudeGuard(options: ClaudeGuardOptions): ClaudeGuard {
  const { root } = options;
  const base = { root, ...(options.home !== undefined ? { home: options.home } : {}) };
  const parsedRules = parseRules(options.settings?.rules ?? [], base);
  const fromSettings = parseHooks(options.settings?.hooks ?? []);
  const fromAgent = parseHooks(options.hooks ?? [], { stopAsSubagentStop: options.subagent === true });
  const parsedHooks = { config: { hooks: [...fromSettings.config.hooks, ...fromAgent.config.hooks] }, problems: [...fromSettings.problems, ...fromAgent.problems] };
  const mode = resolveMode(options);
  const modeName = nameOf(mode);
  const problems = [...(options.settings?.problems ?? []), ...parsedRules.problems, ...parsedHooks.problems, ...mode.problems];
  const rules = parsedRules.rules;
  const config = parsedHooks.config;
  const context: HookRunContext = {
    root,
    sessionId: options.sessionId ?? "june",
    permissionMode: mode.mode,
    ...(options.env ? { env: options.env } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  };
  const folders = [root, ...(options.settings?.additionalDirectories ?? [])];

  const guardTool = <T extends Tool<any, any>>(toolName: string, tool: T): T => {
    const verdicts = new Map<string, CallVerdict>();
    const own = tool.needsApproval;
    // The hooks that reach this tool: the config doesn't change, so they are chosen once.
    const preHooks = hooksFor(config, "PreToolUse", toolName);
    const postHooks = hooksFor(config, "PostToolUse", toolName);
    const evaluate = async (input: unknown, callOptions: { toolCallId: string; messages: unknown[] }): Promise<CallVerdict> => {
      const pre = await runGuardHooks(preHooks, { ...context, event: "PreToolUse", toolName, toolInput: input, toolUseId: callOptions.toolCallId });
      const checks = [...pre.checks];
      if (pre.denied) return { behavior: "deny", deniedBy: pre.denied, checks };
      const effective = pre.updatedInput ?? input;
      const withInput = (verdict: Omit<CallVerdict, "checks">): CallVerdict => ({ ...verdict, checks, ...(pre.updatedInput !== undefined ? { updatedInput: pre.updatedInput } : {}) });
      const ruled = decide(toolName, effective, rules, base);
      if (ruled.rule) checks.push(ruleCheck(ruled.rule, ruled.behavior as "allow" | "ask" | "deny"));
      if (ruled.behavior === "deny") return withInput({ behavior: "deny", deniedBy: `the deny rule ${ruled.rule!.text} (${ruled.rule!.shown}:${ruled.rule!.line})` });
      if (pre.decision === "ask" || ruled.behavior === "ask") return withInput({ behavior: "ask" });
      const allowed = pre.decision === "allow" || ruled.behavior === "allow";
      const byMode = modeVerdict(mode.mode, toolName, effective, { allowed, folders, root });
      if (byMode) {
        checks.push(modeCheck(mode, byMode.behavior, byMode.reason));
        if (byMode.behavior === "deny") return withInput({ behavior: "deny", deniedBy: `${modeName}: ${byMode.reason}` });
        return withInput({ behavior: byMode.behavior });
      }
      if (allowed) return withInput({ behavior: "allow" });
      return withInput({ behavior: "own" });
    };

    const needsApproval = async (input: unknown, callOptions: { toolCallId: string; messages: unknown[] }): Promise<boolean> => {
      const verdict = await evaluate(input, callOptions);
      verdicts.set(callOptions.toolCallId, verdict);
      if (verdict.behavior === "ask") return true;
      if (verdict.behavior !== "own") return false;
      const effective = verdict.updatedInput ?? input;
      const asks = typeof own === "function" ? Boolean(await own.call(tool, effective, callOptions as never)) : own === true;
      if (asks && mode.mode === "dontAsk") {
        // dontAsk never asks: what would wait is refused instead.
        const reason = `${toolName} would need approval, and this mode never asks (allow it with a rule)`;
        verdict.checks.push(modeCheck(mode, "deny", reason));
        verdicts.set(callOptions.toolCallId, { ...verdict, behavior: "deny", deniedBy: `${modeName}: ${reason}` });
        return false;
      }
      return asks;
    };

    const original = tool.execute;
    const execute =
      original === undefined
        ? undefined
        : (input: unknown, callOptions: ToolExecutionOptions<any>) => {
            // Read first thing: the run's host for this call is only there now (and so for the tool inside).
            const host = currentCallHost();
            const known = verdicts.get(callOptions.toolCallId);
            verdicts.delete(callOptions.toolCallId);
            if (known) return proceed(known, input, callOptions, host);
            // Executed without needsApproval having run (a replayed or resumed call): decide now.
            return evaluate(input, callOptions as never).then((verdict) => proceed({ ...verdict, behavior: verdict.behavior === "ask" ? "allow" : verdict.behavior }, input, callOptions, host));
          };

    const proceed = (verdict: CallVerdict, input: unknown, callOptions: ToolExecutionOptions<any>, host: CallHost | undefined): unknown => {
      for (const check of verdict.checks) host?.noteGuard(check.check, check.outcome);
      if (verdict.behavior === "deny") throw deniedError(toolName, verdict.deniedBy!);
      const effective = verdict.updatedInput ?? input;
      // Called in this same tick, so a tool that reads the call host first thing still finds it.
      const result = original!.call(tool, effective, callOptions);
      if (postHooks.length === 0 || isAsyncIterable(result)) return result;
      return Promise.resolve(result).then(async (output) => {
        const ran = await runGuardHooks(postHooks, { ...context, event: "PostToolUse", toolName, toolInput: effective, toolUseId: callOptions.toolCallId, toolResponse: output, signal: callOptions.abortSignal ?? context.signal });
        for (const check of ran.checks) host?.noteGuard(check.check, check.outcome);
        if (ran.feedback.length > 0) feedback.set(callOptions.toolCallId, ran.feedback.join("\n"));
        return output;
      });
    };

    // PostToolUse feedback reaches the model with the result (the trace keeps the tool's own output).
    const feedback = new Map<string, string>();
    const ownModelOutput = tool.toModelOutput;
    const toModelOutput = async (result: { toolCallId: string; input: unknown; output: unknown }): Promise<ToolResultOutput> => {
      const base: ToolResultOutput = ownModelOutput
        ? await ownModelOutput.call(tool, result as never)
        : typeof result.output === "string"
          ? { type: "text", value: result.output }
          : { type: "json", value: (result.output ?? null) as JSONValue };
      const note = feedback.get(result.toolCallId);
      feedback.delete(result.toolCallId);
      return note === undefined ? base : withFeedback(base, note);
    };

    const guarded = {
      ...tool,
      needsApproval,
      ...(execute ? { execute } : {}),
      ...(execute && postHooks.length > 0 ? { toModelOutput } : {}),
    } as T;
    // The marks a spread leaves behind (June's built-in name, an MCP tool's origin) stay with the tool.
    for (const key of Object.getOwnPropertySymbols(tool)) {
      const descriptor = Object.getOwnPropertyDescriptor(tool, key)!;
      if (!descriptor.enumerable) Object.defineProperty(guarded, key, descriptor);
    }
    return withApprovalReasons(guarded, reasonsFor(toolName, tool, rules, config, mode.mode));
  };

  return {
    guardTool,
    guardTools(tools) {
      return Object.fromEntries(Object.entries(tools).map(([name, tool]) => [name, guardTool(name, tool)]));
    },
    stopHook(event) {
      const hooks = hooksFor(config, event);
      if (hooks.length === 0) return undefined;
      return async ({ text, stopHookActive, signal }) => {
        const ran = await runGuardHooks(hooks, { ...context, event, stopHookActive, lastMessage: text, signal });
        return { ...(ran.continueWith !== undefined ? { continueWith: ran.continueWith } : {}), checks: ran.checks };
      };
    },
    startHook() {
      const session = hooksFor(config, "SessionStart");
      const submit = hooksFor(config, "UserPromptSubmit");
      if (session.length === 0 && submit.length === 0) return undefined;
      return async ({ prompt, signal }) => {
        const started = await runGuardHooks(session, { ...context, event: "SessionStart", signal });
        const submitted = await runGuardHooks(submit, { ...context, event: "UserPromptSubmit", prompt, signal });
        const added = [...started.context, ...submitted.context];
        return {
          prompt: added.length ? `${prompt}\n\n${added.join("\n\n")}` : prompt,
          ...(submitted.blocked !== undefined ? { blocked: submitted.blocked } : {}),
          checks: [...started.checks, ...submitted.checks],
        };
      };
    },
    mode: mode.mode,
    problems,
  };
}

function deniedError(toolName: string, by: string): JuneError {
  return new JuneError(
    "JUNE_PERMISSION_DENIED",
    `june: the ${toolName} call was refused by ${by}. Don't retry it as is; do something else, or ask the person to change the project's Claude Code settings (.claude/settings.json or .claude/settings.local.json).`,
  );
}

function ruleCheck(rule: { text: string; shown: string; line: number; list: string }, behavior: "allow" | "ask" | "deny"): GuardCheck {
  const verb = { allow: "allowed", ask: "asks", deny: "denied" }[behavior];
  const source = `${rule.shown}:${rule.line}`;
  const check: GuardInput = { check: "rule", summary: `${verb} by ${source} ${rule.text}`, what: rule.text, source };
  return { check, outcome: { decision: behavior } };
}

// How a check or a refusal names the mode: with where it was set (an agent's file, a settings file).
function nameOf(mode: { mode: PermissionMode; source?: string }): string {
  return `permission mode ${mode.mode}${mode.source ? ` (${mode.source})` : ""}`;
}

function modeCheck(mode: { mode: PermissionMode; source?: string }, behavior: "allow" | "deny", reason: string): GuardCheck {
  const check: GuardInput = {
    check: "mode",
    summary: `${behavior === "allow" ? "allowed" : "denied"} by ${nameOf(mode)}: ${reason}`,
    what: mode.mode,
    ...(mode.source ? { source: mode.source } : {}),
  };
  const outcome: GuardOutput = { decision: behavior, reason };
  return { check, outcome };
}

// What the inspector lists for a guarded tool: the hooks and rules that reach it, and the fallback.
function reasonsFor(toolName: string, tool: Tool<any, any>, rules: readonly PermissionRule[], config: HookConfig, mode: PermissionMode): string[] {
  const reasons: string[] = [];
  for (const hook of hooksFor(config, "PreToolUse", toolName)) reasons.push(`PreToolUse hook ${hook.command} (${hook.shown}:${hook.line})`);
  const probe = (rule: PermissionRule) => rule.tool === toolName || (rule.specifier !== undefined && sameFamily(rule.tool, toolName)) || (rule.tool.startsWith("mcp__") && sameFamily(rule.tool, toolName));
  for (const list of ["deny", "ask", "allow"] as const) {
    for (const rule of rules) if (rule.entry.list === list && probe(rule)) reasons.push(`${list}: ${rule.entry.shown}:${rule.entry.line} ${rule.entry.text}`);
  }
  if (mode !== "default") reasons.push(`permission mode ${mode}`);
  const own = tool.needsApproval === true ? "its own needsApproval: true" : typeof tool.needsApproval === "function" ? "its own needsApproval function" : "runs unasked";
  reasons.push(`otherwise ${own}`);
  return reasons;
}

function sameFamily(ruleTool: string, toolName: string): boolean {
  if (ruleTool === "Edit") return ["Edit", "Write", "MultiEdit", "NotebookEdit"].includes(toolName);
  if (ruleTool === "Read") return ["Read", "Glob", "Grep", "LS", "NotebookRead"].includes(toolName);
  if (ruleTool.startsWith("mcp__")) return toolName.startsWith(`${ruleTool.replace(/__\*$/, "")}__`);
  return false;
}

// What PostToolUse hooks said, after the result, as Claude Code shows it to Claude.
function withFeedback(output: ToolResultOutput, note: string): ToolResultOutput {
  const text = `PostToolUse hook feedback:\n${note}`;
  switch (output.type) {
    case "text":
      return { ...output, value: `${output.value}\n\n${text}` };
    case "json":
      return { type: "content", value: [{ type: "text", text: JSON.stringify(output.value) }, { type: "text", text }] };
    case "content":
      return { ...output, value: [...output.value, { type: "text", text }] };
    default:
      return output;
  }
}

function isAsyncIterable(value: unknown): boolean {
  return value !== null && typeof value === "object" && Symbol.asyncIterator in value;
}
