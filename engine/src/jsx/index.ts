// Public surface of jsx/: the element model and child flattening.
export { ELEMENT, KIND, isElement, kindOf, marked, componentName, createElement } from "./element.ts";
export type { Component, ElementKind, JuneElement, JuneNode } from "./element.ts";
export { Fragment } from "./fragment.ts";
export { flattenChildren } from "./children.ts";
export type { FlatChild } from "./children.ts";
export type { JSX } from "./jsx-types.ts";
export { createElement as createElementFromConfig } from "./create-element.ts";
