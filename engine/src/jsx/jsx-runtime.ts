// Automatic JSX runtime (`jsxImportSource: "june"`): `jsx`, `jsxs` and `Fragment`.
import { createElement, type Component, type JuneElement } from "./element.ts";

export { Fragment } from "./fragment.ts";
export type { JSX } from "./jsx-types.ts";

export function jsx(type: Component, props: Record<string, unknown>, key?: unknown): JuneElement {
  return createElement(type, props, key);
}

export const jsxs = jsx;
