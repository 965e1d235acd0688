// The tool policy: project-wide rules for which tools an agent may be given, whatever the agent
// asks for. Omitted, it admits everything; supplied, every kind must be ruled on. A denial drops
// the tool and is reported (never thrown); a rule that throws denies; policies compose with AND.
import type { Tool as AiTool } from "ai";
import { JuneError } from "../errors/index.ts";
import type { ToolKind } from "./tool-kind.ts";

export type ToolSourceInfo =
  | { kind: "fn"; declaration: string }
  | { kind: "builtin"; builtin: string }
  | { kind: "mcp"; server: string; tool: string; annotations: Readonly<Record<string, unknown>> };

/** What a rule sees: a frozen copy, never the tool or its execute. */
export type ToolDescriptor = Readonly<{
  name: string;
  description: string | undefined;
  kind: ToolKind;
  source: Readonly<ToolSourceInfo>;
}>;

export type PolicyRule = boolean | ((tool: ToolDescriptor, context: { agent: string }) => boolean);

/** Every kind is required: a policy that forgets one would silently deny it. */
export interface ToolPolicy {
  fn: PolicyRule;
  builtin: PolicyRule;
  mcp: PolicyRule;
}

export interface ToolDenial {
  agent: string;
  tool: string;
  kind: ToolKind;
  reason: "rule" | "rule-error";
  message: string;
}

const KINDS: readonly ToolKind[] = ["fn", "builtin", "mcp"];

/** Checks a policy's shape where it is configured, naming what is missing. */
export function checkPolicy(policy: unknown, where: string): ToolPolicy {
  if (typeof policy !== "object" || policy === null) {
    throw new JuneError("JUNE_INVALID_POLICY", `june: the tool policy in ${where} must be an object with fn, builtin and mcp.`);
  }
  const missing = KINDS.filter((k) => !(k in policy));
  const bad = KINDS.filter((k) => k in policy && typeof (policy as Record<string, unknown>)[k] !== "boolean" && typeof (policy as Record<string, unknown>)[k] !== "function");
  if (missing.length || bad.length) {
    throw new JuneError(
      "JUNE_INVALID_POLICY",
      `june: the tool policy in ${where} ${missing.length ? `is missing ${missing.map((k) => `"${k}"`).join(", ")}` : ""}` +
        `${missing.length && bad.length ? " and " : ""}${bad.length ? `has ${bad.map((k) => `"${k}"`).join(", ")} that is not true, false or a function` : ""}. ` +
        `A supplied policy rules on every kind (fn, builtin, mcp), because a kind left out would be denied.`,
    );
  }
  return policy as ToolPolicy;
}

export function describeTool(name: string, tool: AiTool<any, any>, source: ToolSourceInfo): ToolDescriptor {
  return Object.freeze({
    name,
    description: typeof tool.description === "string" ? tool.description : undefined,
    kind: source.kind,
    source: Object.freeze({ ...source, ...(source.kind === "mcp" ? { annotations: Object.freeze({ ...source.annotations }) } : {}) }),
  });
}

/** Undefined when every policy admits the tool; otherwise why not. */
export function deniedBy(policies: readonly ToolPolicy[], descriptor: ToolDescriptor, agent: string): ToolDenial | undefined {
  for (const policy of policies) {
    const rule = policy[descriptor.kind];
    if (rule === true) continue;
    if (rule === false) return denial(descriptor, agent, "rule", `the tool policy denies ${descriptor.kind} tools`);
    try {
      if (!rule(descriptor, { agent })) return denial(descriptor, agent, "rule", `the tool policy's ${descriptor.kind} rule returned false`);
    } catch (error) {
      return denial(descriptor, agent, "rule-error", `the tool policy's ${descriptor.kind} rule threw: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return undefined;
}

function denial(descriptor: ToolDescriptor, agent: string, reason: ToolDenial["reason"], why: string): ToolDenial {
  return {
    agent,
    tool: descriptor.name,
    kind: descriptor.kind,
    reason,
    message: `june: ${agent} is not given the ${descriptor.kind} tool "${descriptor.name}": ${why}.`,
  };
}
