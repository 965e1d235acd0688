// React-style createElement(type, config, ...children): what esbuild and TypeScript emit for
// `<X {...props} key="k" />` under the automatic runtime, imported from the package root.
import { createElement as makeElement, type Component, type JuneElement } from "./element.ts";

export function createElement(type: Component, config?: Record<string, unknown> | null, ...children: unknown[]): JuneElement {
  const { key, ...props } = config ?? {};
  if (children.length === 1) props.children = children[0];
  else if (children.length > 1) props.children = children;
  return makeElement(type, props, key);
}
