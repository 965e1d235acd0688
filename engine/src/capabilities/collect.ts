// Collection: walks capability elements (with the bundles and wrappers around them) into plain
// declarations. Synchronous and pure apart from calling bundle functions, which must be pure.
import { JuneError } from "../errors/index.ts";
import { flattenChildren, kindOf, type JuneElement, type JuneNode } from "../jsx/index.ts";
import { bundleInfo } from "./bundle.ts";
import { callableConfig } from "./callable-agent.ts";
import type { Declaration, Frame } from "./declaration.ts";
import { describeElement, isCapabilityElement } from "./describe-element.ts";
import { at, bashLabel, callableLabel, delegateLabel, frameLabel, inheritLabel, toolLabel, toolsLabel } from "./labels.ts";
import { isCompositeProps, type ToolProps } from "./tool.ts";
import type { ToolsProps } from "./tools-source.ts";
import { checkNamespaceName } from "./tool-name.ts";

interface Walk {
  frames: Frame[];
  /** Bundle types being expanded, outermost first, for the cycle chain. */
  bundles: { type: unknown; name: string }[];
  out: Declaration[];
  /** What holds the walk when no bundle or wrapper does, e.g. a defined agent's capabilities. */
  root?: string;
}

/** Collects the declarations of capability elements that stand directly in an agent's children. */
export function collectDeclarations(elements: readonly JuneElement[]): Declaration[] {
  const walk: Walk = { frames: [], bundles: [], out: [] };
  for (const element of elements) collectElement(element, walk);
  return walk.out;
}

/** Collects a node that must hold only capabilities, e.g. what `defineAgent`'s `capabilities()` returns. */
export function collectCapabilityNode(node: JuneNode, holder: string): Declaration[] {
  const walk: Walk = { frames: [], bundles: [], out: [], root: holder };
  collectChildren(node, walk);
  return walk.out;
}

function collectChildren(children: JuneNode, walk: Walk): void {
  for (const child of flattenChildren(children)) {
    if ("$$typeof" in child) {
      if (!isCapabilityElement(child)) throw notACapability(describeElement(child), walk, child);
      collectElement(child, walk);
    } else {
      const what = "text" in child ? `the text ${JSON.stringify(child.text.trim())}` : `a ${typeof child.invalid}`;
      throw notACapability(what, walk, undefined);
    }
  }
}

function collectElement(element: JuneElement, walk: Walk): void {
  const props = element.props as Record<string, unknown>;
  const source = element.source;
  const declare = (d: Omit<Declaration, "frames" | "element" | "source">) =>
    walk.out.push({ ...d, frames: [...walk.frames], element, ...(source ? { source } : {}) });

  switch (kindOf(element)) {
    case "tool": {
      const toolProps = props as unknown as ToolProps;
      if (typeof toolProps.name !== "string") throw invalidProps(`<Tool> needs a string name prop`, element);
      declare({ kind: isCompositeProps(toolProps) ? "composite" : "tool", name: toolProps.name, label: toolLabel(toolProps.name) });
      return;
    }
    case "bash": {
      const name = props.name === undefined ? undefined : String(props.name);
      declare({ kind: "bash", name: name ?? "bash", label: bashLabel(name) });
      return;
    }
    case "tools": {
      const from = (props as unknown as ToolsProps).from;
      if (!from || typeof from.load !== "function") {
        throw invalidProps(`<Tools> needs from={source}, a ToolSource with a load() function`, element);
      }
      declare({ kind: "tools", label: toolsLabel(from.name) });
      return;
    }
    case "inherit": {
      const names = props.capabilities;
      if (!Array.isArray(names) || names.some((n) => typeof n !== "string")) {
        throw invalidProps(`<Inherit> needs capabilities={[...]}, a list of tool names`, element);
      }
      // One declaration per name, so each granted tool is a declaration like any other.
      for (const name of names as string[]) declare({ kind: "inherit", name, label: inheritLabel(names) });
      return;
    }
    case "callable-agent": {
      const config = callableConfig(element.type)!;
      declare({ kind: "callable-agent", name: config.name, label: callableLabel(config.name) });
      return;
    }
    case "delegate": {
      if (typeof props.name !== "string" || props.name === "") throw invalidProps(`<Delegate> needs a string name prop`, element);
      declare({ kind: "delegate", name: props.name, label: delegateLabel(props.name) });
      return;
    }
    case "namespace": {
      const name = checkNamespaceName(props.name, source);
      withFrame({ kind: "namespace", name, ...(source ? { source } : {}) }, props.children as JuneNode, walk);
      return;
    }
    case "require-approval":
      withFrame({ kind: "require-approval", ...(source ? { source } : {}) }, props.children as JuneNode, walk);
      return;
    case "bundle":
      expandBundle(element, walk);
      return;
    default:
      throw notACapability(describeElement(element), walk, element);
  }
}

function withFrame(frame: Frame, children: JuneNode, walk: Walk): void {
  walk.frames.push(frame);
  try {
    collectChildren(children, walk);
  } finally {
    walk.frames.pop();
  }
}

function expandBundle(element: JuneElement, walk: Walk): void {
  const info = bundleInfo(element.type)!;
  const repeat = walk.bundles.findIndex((b) => b.type === element.type);
  if (repeat !== -1) {
    const chain = [...walk.bundles.slice(repeat).map((b) => `<${b.name}>`), `<${info.name}>`].join(" > ");
    throw new JuneError(
      "JUNE_BUNDLE_CYCLE",
      `june: the bundle <${info.name}> contains itself: ${chain}${at(element.source)}. A bundle can't contain itself; remove one link of the chain.`,
      element.source ? { source: element.source } : undefined,
    );
  }
  const { children, ...ownProps } = element.props as Record<string, unknown>;
  const rendered = info.render(children === undefined ? ownProps : { ...ownProps, children });
  walk.bundles.push({ type: element.type, name: info.name });
  try {
    withFrame({ kind: "bundle", name: info.name, ...(element.source ? { source: element.source } : {}) }, rendered, walk);
  } finally {
    walk.bundles.pop();
  }
}

function notACapability(what: string, walk: Walk, element: JuneElement | undefined): JuneError {
  const holder = walk.frames[walk.frames.length - 1];
  const source = element?.source;
  if (holder?.kind === "bundle") {
    const kind = element ? kindOf(element) : undefined;
    const own = element && kind === undefined ? ", a component of your own" : "";
    return new JuneError(
      "JUNE_BUNDLE_NOT_CAPABILITY",
      `june: the bundle <${holder.name}> returned ${what}${own}${at(source)}. A bundle contains only capabilities ` +
        `(<Tool>, <Bash>, <Inherit>, wrappers, other bundles, defined agents). Put steps, agents and components ` +
        `in the <Agent>'s children.`,
      source ? { source } : undefined,
    );
  }
  const wrapper = holder ? frameLabel(holder) : (walk.root ?? "the capabilities");
  return new JuneError(
    "JUNE_WRAPPER_NOT_CAPABILITY",
    `june: ${wrapper} holds ${what}${at(source)}. A wrapper holds only capabilities (<Tool>, <Bash>, <Inherit>, ` +
      `bundles, defined agents); put steps, agents and components in the <Agent>'s children.`,
    source ? { source } : undefined,
  );
}

function invalidProps(message: string, element: JuneElement): JuneError {
  return new JuneError("JUNE_INVALID_PROPS", `june: ${message}${at(element.source)}.`, element.source ? { source: element.source } : undefined);
}
