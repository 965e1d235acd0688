// Running the hooks of one event for a guarded call (or a step's end) and reading them together as
// Claude Code does: every matching hook runs (in parallel); for PreToolUse any deny or block
// refuses the call, else any ask asks, else any allow allows, and the last `updatedInput` is the
// input; PostToolUse blocks and `additionalContext` go back to the model with the result; a Stop
// hook's block goes on with its reason as the next user message. Each run is a check to record.
import type { GuardInput, GuardOutput } from "../trace/index.ts";
import { DEFAULT_HOOK_TIMEOUT_SECONDS, runHookCommand } from "./hook-runner.ts";
import { hookOutcome, type CommandHook, type HookEvent, type HookOutcome } from "./hooks.ts";

/** One check, as a `guard` node records it. */
export interface GuardCheck {
  check: GuardInput;
  outcome: GuardOutput;
}

/** What every hook of a guard is run with. */
export interface HookRunContext {
  root: string;
  sessionId: string;
  permissionMode: string;
  env?: Record<string, string | undefined>;
  signal?: AbortSignal;
}

/** The event's own fields. */
export interface HookEventInput {
  event: HookEvent;
  toolName?: string;
  toolInput?: unknown;
  toolUseId?: string;
  toolResponse?: unknown;
  stopHookActive?: boolean;
  lastMessage?: string;
  /** UserPromptSubmit: the prompt. */
  prompt?: string;
}

/** The hooks' answers read together. */
export interface HooksVerdict {
  checks: GuardCheck[];
  /** PreToolUse: who refused the call and why (for the error the model reads). */
  denied?: string;
  decision?: "allow" | "ask";
  updatedInput?: unknown;
  /** PostToolUse: what goes back to the model with the result. */
  feedback: string[];
  /** Stop/SubagentStop: go on with this as the next user message. */
  continueWith?: string;
  /** UserPromptSubmit/SessionStart: what the hooks add to the model's context (their plain stdout, `additionalContext`). */
  context: string[];
  /** UserPromptSubmit: who blocked the prompt and why. */
  blocked?: string;
}

/** How much of a hook's reason reaches the model (Claude Code caps hook output it injects at 10,000 characters). */
const REASON_CAP = 10_000;

/**
 * Runs `hooks` for one event and combines what they said.
 *
 * @example
 * const verdict = await runGuardHooks(hooksFor(config, "PreToolUse", "Bash"), { ...context, event: "PreToolUse", toolName: "Bash", toolInput: { command: "rm -rf /" }, toolUseId: "call-1" });
 * verdict.denied; // "the PreToolUse hook `./guard.sh` (.claude/settings.json:9): no rm -rf"
 */
export async function runGuardHooks(hooks: readonly CommandHook[], run: HookRunContext & HookEventInput): Promise<HooksVerdict> {
  const verdict: HooksVerdict = { checks: [], feedback: [], context: [] };
  if (hooks.length === 0) return verdict;
  const input = hookInput(run);
  const outcomes = await Promise.all(
    hooks.map(async (hook) => {
      const timeout = hook.timeoutSeconds ?? DEFAULT_HOOK_TIMEOUT_SECONDS;
      const result = await runHookCommand(hook.command, {
        root: run.root,
        input,
        timeoutSeconds: timeout,
        ...(run.signal ? { signal: run.signal } : {}),
        ...(run.env ? { env: run.env } : {}),
      });
      return { hook, result, outcome: hookOutcome(result, timeout) };
    }),
  );
  const blocks: string[] = [];
  for (const { hook, result, outcome } of outcomes) {
    verdict.checks.push(checkOf(run.event, hook, outcome, result));
    const reason = capped(outcome.stopped ?? outcome.reason);
    const who = `the ${run.event} hook \`${hook.command}\` (${hook.shown}:${hook.line})`;
    if (run.event === "PreToolUse") {
      if (verdict.denied === undefined && (outcome.stopped !== undefined || outcome.decision === "deny" || outcome.decision === "block")) {
        verdict.denied = `${who}${reason ? `: ${reason}` : ""}`;
      }
      if (outcome.decision === "ask") verdict.decision = "ask";
      else if (outcome.decision === "allow" && verdict.decision === undefined) verdict.decision = "allow";
      if (outcome.updatedInput !== undefined) verdict.updatedInput = outcome.updatedInput;
    } else if (run.event === "UserPromptSubmit" || run.event === "SessionStart") {
      // As Claude Code: exit 0's plain stdout, or `additionalContext`, joins the context; a block (or
      // `continue: false`) keeps a UserPromptSubmit prompt from being sent.
      if (outcome.additionalContext) verdict.context.push(capped(outcome.additionalContext)!);
      else if (outcome.error === undefined && outcome.decision === undefined && result.exitCode === 0 && result.stdout.trim() !== "" && !result.stdout.trim().startsWith("{")) {
        verdict.context.push(capped(result.stdout.trim())!);
      }
      if (run.event === "UserPromptSubmit" && verdict.blocked === undefined && (outcome.decision === "block" || outcome.stopped !== undefined)) {
        verdict.blocked = `${who}${reason ? `: ${reason}` : ""}`;
      }
    } else if (run.event === "PostToolUse") {
      if (outcome.decision === "block") verdict.feedback.push(`${run.event} hook ${hook.command}: ${reason ?? "blocked"}`);
      if (outcome.additionalContext) verdict.feedback.push(capped(outcome.additionalContext)!);
    } else if (outcome.decision === "block" && outcome.stopped === undefined) {
      blocks.push(reason ?? `${who} said not to stop yet`);
    }
  }
  // `continue: false` from any Stop hook lets the agent end, whatever another one said.
  const stopped = outcomes.some(({ outcome }) => outcome.stopped !== undefined);
  if (blocks.length > 0 && !stopped) verdict.continueWith = blocks.join("\n");
  return verdict;
}

function hookInput(run: HookRunContext & HookEventInput): Record<string, unknown> {
  return {
    session_id: run.sessionId,
    // June keeps a run's record itself (the studio's runs folder), not a Claude Code transcript.
    transcript_path: "",
    cwd: run.root,
    permission_mode: run.permissionMode,
    hook_event_name: run.event,
    ...(run.toolName !== undefined ? { tool_name: run.toolName, tool_input: run.toolInput ?? {}, tool_use_id: run.toolUseId } : {}),
    ...(run.event === "PostToolUse" ? { tool_response: run.toolResponse ?? null } : {}),
    ...(run.stopHookActive !== undefined ? { stop_hook_active: run.stopHookActive } : {}),
    ...(run.lastMessage !== undefined ? { last_assistant_message: run.lastMessage } : {}),
    ...(run.event === "UserPromptSubmit" ? { prompt: run.prompt ?? "" } : {}),
    // A June run is a fresh session each time (no resume or compaction of a Claude Code session).
    ...(run.event === "SessionStart" ? { source: "startup" } : {}),
  };
}

function checkOf(event: HookEvent, hook: CommandHook, outcome: HookOutcome, result: { exitCode?: number; stdout: string; stderr: string }): GuardCheck {
  const said = outcome.stopped !== undefined
    ? `stopped: ${outcome.stopped}`
    : outcome.error !== undefined
      ? `failed (blocks nothing): ${outcome.error}`
      : outcome.decision === undefined
        ? "ran"
        : `${{ allow: "allowed", deny: "denied", ask: "asked", block: "blocked" }[outcome.decision]}${outcome.reason ? `: ${outcome.reason}` : ""}`;
  const source = `${hook.shown}:${hook.line}`;
  const check: GuardInput = { check: "hook", summary: `${event} hook ${hook.command} ${said}`, event, what: hook.command, source };
  const decision = outcome.stopped !== undefined ? "block" : (outcome.decision ?? "none");
  const output: GuardOutput = {
    decision,
    ...(outcome.reason !== undefined ? { reason: outcome.reason } : {}),
    ...(outcome.error !== undefined ? { error: outcome.error } : {}),
    ...(result.exitCode !== undefined ? { exitCode: result.exitCode } : {}),
    ...(result.stdout !== "" ? { stdout: result.stdout } : {}),
    ...(result.stderr !== "" ? { stderr: result.stderr } : {}),
  };
  return { check, outcome: output };
}

function capped(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  return text.length > REASON_CAP ? `${text.slice(0, REASON_CAP)}… [cut at ${REASON_CAP} characters]` : text;
}
