// A short, JSX-shaped name for any element, for error messages.
import { componentName, kindOf, type JuneElement } from "../jsx/index.ts";
import { bundleInfo } from "./bundle.ts";
import { callableConfig } from "./callable-agent.ts";
import { bashLabel, callableLabel, delegateLabel, inheritLabel, toolLabel, toolsLabel } from "./labels.ts";

export function describeElement(element: JuneElement): string {
  const props = element.props as Record<string, unknown>;
  switch (kindOf(element)) {
    case "step":
      return `<Step id=${JSON.stringify(props.id)}>`;
    case "agent":
      return typeof props.name === "string" ? `<Agent name=${JSON.stringify(props.name)}>` : "<Agent>";
    case "tool":
      return toolLabel(String(props.name));
    case "bash":
      return bashLabel(props.name === undefined ? undefined : String(props.name));
    case "inherit":
      return Array.isArray(props.capabilities) ? inheritLabel(props.capabilities) : "<Inherit>";
    case "tools":
      return toolsLabel(String((props.from as { name?: unknown } | undefined)?.name));
    case "callable-agent":
      return callableLabel(callableConfig(element.type)!.name);
    case "delegate":
      return delegateLabel(String(props.name));
    case "bundle":
      return `<${bundleInfo(element.type)!.name}>`;
    case "namespace":
      return `<Namespace name=${JSON.stringify(props.name)}>`;
    default:
      return `<${componentName(element.type)}>`;
  }
}

/** Capability kinds: what may stand in an agent's children, a bundle or a wrapper. */
export const CAPABILITY_KINDS = new Set(["tool", "tools", "bash", "inherit", "namespace", "require-approval", "bundle", "callable-agent", "delegate"]);

export function isCapabilityElement(element: JuneElement): boolean {
  const kind = kindOf(element);
  return kind !== undefined && CAPABILITY_KINDS.has(kind);
}
