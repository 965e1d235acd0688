// The JSX namespace TypeScript checks June's JSX against (`jsxImportSource: "june"`).
import type { JuneElement, JuneNode } from "./element.ts";

export declare namespace JSX {
  type Element = JuneElement;
  // Components may return any node (null, arrays, strings), not only elements.
  type ElementType = string | ((props: any) => JuneNode);
  interface ElementChildrenAttribute {
    children: {};
  }
  interface IntrinsicAttributes {
    key?: string | number | bigint | null;
  }
  // June has no lowercase elements.
  interface IntrinsicElements {}
}
