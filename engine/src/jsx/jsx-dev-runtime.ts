// Development JSX runtime: like jsx-runtime, and keeps where each element was written so errors
// and the studio can point at the file and line.
import { createElement, type Component, type JuneElement } from "./element.ts";

export { Fragment } from "./fragment.ts";
export type { JSX } from "./jsx-types.ts";

interface DevSource {
  fileName?: string;
  lineNumber?: number;
  columnNumber?: number;
}

export function jsxDEV(
  type: Component,
  props: Record<string, unknown>,
  key: unknown,
  _isStaticChildren?: boolean,
  source?: DevSource,
): JuneElement {
  const location =
    source?.fileName !== undefined
      ? { file: source.fileName, line: source.lineNumber ?? 0, column: source.columnNumber ?? 0 }
      : undefined;
  return createElement(type, props, key, location);
}
