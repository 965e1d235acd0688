// The inert element tree June's JSX produces. Nothing renders here: an element is plain data
// (type, props, key, where it was written) that the renderer and capability resolution read.

import type { SourceLocation } from "../errors/index.ts";

export const ELEMENT = Symbol.for("june.element");
/** Marks June's own element types (Agent, Tool, bundles, …) so they are told apart by kind. */
export const KIND = Symbol.for("june.kind");

export type ElementKind =
  | "fragment"
  | "agent"
  | "step"
  | "tool"
  | "tools"
  | "bash"
  | "inherit"
  | "namespace"
  | "require-approval"
  | "catch"
  | "bundle"
  | "callable-agent"
  | "delegate";

/** A component: a function of props. June's own components carry a `[KIND]` marker. */
export type Component<P = any> = ((props: P) => JuneNode) & { [KIND]?: ElementKind; displayName?: string };

export interface JuneElement<P = any> {
  readonly $$typeof: typeof ELEMENT;
  readonly type: Component<P>;
  readonly props: P;
  readonly key: string | null;
  /** Set by the dev JSX runtime (`jsxDEV`); absent in production bundles. */
  readonly source?: SourceLocation;
}

/** Anything that may stand where a child goes. */
export type JuneNode = JuneElement | string | number | bigint | boolean | null | undefined | readonly JuneNode[];

export function isElement(value: unknown): value is JuneElement {
  return typeof value === "object" && value !== null && (value as JuneElement).$$typeof === ELEMENT;
}

export function kindOf(element: JuneElement): ElementKind | undefined {
  return element.type[KIND];
}

/** Tags a function as one of June's element types. */
export function marked<F extends (props: any) => any>(kind: ElementKind, name: string, fn: F): F & { [KIND]: ElementKind } {
  Object.defineProperty(fn, "name", { value: name });
  return Object.assign(fn, { [KIND]: kind, displayName: name });
}

/** The name a component goes by in messages: `displayName`, then the function's own name. */
export function componentName(type: Component): string {
  return type.displayName || type.name || "Anonymous";
}

export function createElement(type: Component, props: Record<string, unknown>, key: unknown, source?: SourceLocation): JuneElement {
  if (typeof type !== "function") {
    throw new TypeError(
      `june: <${String(type)}> is not a June element. June has no intrinsic (lowercase) elements; ` +
        `import Agent, Step, Tool and the rest from "june".`,
    );
  }
  const element: JuneElement = {
    $$typeof: ELEMENT,
    type,
    props,
    key: key === undefined || key === null ? null : String(key),
    ...(source ? { source } : {}),
  };
  return element;
}
