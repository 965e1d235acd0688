// Expanding workflow: an agent's non-capability children, or a run's root, become the ordered
// list of agents, steps and catches to run. Components of your own render here (they render
// workflow, never capabilities), so their errors surface before any step runs.
import { describeElement, isCapabilityElement, at } from "../capabilities/index.ts";
import { JuneError, isJuneError } from "../errors/index.ts";
import { componentName, flattenChildren, kindOf, type JuneElement, type JuneNode } from "../jsx/index.ts";

export type WorkflowItem =
  | { kind: "agent"; element: JuneElement; name: string }
  | { kind: "step"; element: JuneElement; id: string }
  | { kind: "catch"; element: JuneElement };

export interface ExpandPlace {
  /** False at a run's root and at the root of a composite's workflow. */
  insideAgent: boolean;
}

interface ComponentFrame {
  name: string;
  element: JuneElement;
}

export function expandWorkflow(node: JuneNode, place: ExpandPlace): WorkflowItem[] {
  const out: WorkflowItem[] = [];
  expand(node, place, [], out);
  return out;
}

function expand(node: JuneNode, place: ExpandPlace, components: ComponentFrame[], out: WorkflowItem[]): void {
  for (const child of flattenChildren(node)) {
    if (!("$$typeof" in child)) {
      const what = "text" in child ? `the text ${JSON.stringify(child.text.trim())}` : `a ${typeof child.invalid}`;
      const inside = components.length ? `<${components[components.length - 1]!.name}>` : place.insideAgent ? "an <Agent>" : "the workflow";
      throw new JuneError(
        "JUNE_INVALID_CHILD",
        `june: ${inside} contains ${what}. A workflow holds agents, steps and components; put text in a prompt or instructions.`,
      );
    }
    expandElement(child, place, components, out);
  }
}

function expandElement(element: JuneElement, place: ExpandPlace, components: ComponentFrame[], out: WorkflowItem[]): void {
  const props = element.props as Record<string, unknown>;
  const kind = kindOf(element);
  if (kind === "agent") {
    const name = typeof props.name === "string" ? props.name : (components[components.length - 1]?.name ?? "Agent");
    out.push({ kind: "agent", element, name });
    return;
  }
  if (kind === "step") {
    if (!place.insideAgent) {
      throw new JuneError(
        "JUNE_STEP_OUTSIDE_AGENT",
        `june: ${describeElement(element)}${at(element.source)} is not inside an <Agent>. Steps need an <Agent> of their own; ` +
          `wrap it in <Agent model={…}>.`,
        element.source ? { source: element.source } : undefined,
      );
    }
    if (typeof props.id !== "string" || props.id === "") {
      throw new JuneError("JUNE_INVALID_PROPS", `june: <Step>${at(element.source)} needs an id.`, element.source ? { source: element.source } : undefined);
    }
    out.push({ kind: "step", element, id: props.id });
    return;
  }
  if (kind === "catch") {
    out.push({ kind: "catch", element });
    return;
  }
  if (kind !== undefined && isCapabilityElement(element)) throw misplacedCapability(element, place, components);
  if (kind === undefined) {
    const name = componentName(element.type);
    expand(renderComponent(element, name), place, [...components, { name, element }], out);
    return;
  }
  throw new JuneError("JUNE_INVALID_CHILD", `june: ${describeElement(element)}${at(element.source)} can't stand in a workflow.`);
}

function renderComponent(element: JuneElement, name: string): JuneNode {
  try {
    return element.type(element.props);
  } catch (error) {
    if (isJuneError(error)) throw error;
    throw new JuneError(
      "JUNE_INVALID_CHILD",
      `june: <${name}>${at(element.source)} threw while rendering: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error, ...(element.source ? { source: element.source } : {}) },
    );
  }
}

function misplacedCapability(element: JuneElement, place: ExpandPlace, components: ComponentFrame[]): JuneError {
  const what = describeElement(element);
  const source = element.source ? { source: element.source } : undefined;
  const own = components[components.length - 1];
  if (own) {
    return new JuneError(
      "JUNE_CAPABILITY_IN_COMPONENT",
      `june: ${what}${at(element.source)} is inside <${own.name}>, a component of your own, so no agent can see it. ` +
        `Capabilities go directly in an <Agent>'s children (or a fragment, array or defineCapabilities bundle there); ` +
        `make <${own.name}> a bundle with defineCapabilities, or move ${what} into the <Agent>.`,
      source,
    );
  }
  if (kindOf(element) === "inherit" && !place.insideAgent) {
    return new JuneError(
      "JUNE_INHERIT_NO_PARENT",
      `june: ${what}${at(element.source)} has no <Agent> around it. <Inherit> goes in the children of a nested <Agent>.`,
      source,
    );
  }
  return new JuneError(
    "JUNE_CAPABILITY_OUTSIDE_AGENT",
    `june: ${what}${at(element.source)} is ${place.insideAgent ? "inside a <Catch>" : "not inside any <Agent>"}, so no agent can see it. ` +
      `Capabilities go directly in an <Agent>'s children.`,
    source,
  );
}
