// Flattening children: fragments, arrays and conditions (`{cond && <Tool/>}`) disappear, leaving
// the elements (and stray text) in document order.
import { isElement, kindOf, type JuneElement, type JuneNode } from "./element.ts";

/** An element, stray text, or something that is neither (a function, a plain object). */
export type FlatChild = JuneElement | { text: string } | { invalid: unknown };

export function flattenChildren(node: unknown, out: FlatChild[] = []): FlatChild[] {
  if (node === null || node === undefined || typeof node === "boolean") return out;
  if (typeof node === "string" || typeof node === "number" || typeof node === "bigint") {
    if (String(node).trim() !== "") out.push({ text: String(node) });
    return out;
  }
  if (Array.isArray(node)) {
    for (const child of node) flattenChildren(child, out);
    return out;
  }
  if (isElement(node)) {
    if (kindOf(node) === "fragment") return flattenChildren((node.props as { children?: JuneNode }).children, out);
    out.push(node);
    return out;
  }
  if (typeof node === "object" && Symbol.iterator in node) {
    for (const child of node as Iterable<unknown>) flattenChildren(child, out);
    return out;
  }
  out.push({ invalid: node });
  return out;
}
