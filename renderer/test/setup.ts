// jsdom lacks a few browser APIs @xyflow/react and the tree view use; these are inert stand-ins.
import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";

afterEach(() => cleanup());

class ResizeObserverStandIn {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
globalThis.ResizeObserver ??= ResizeObserverStandIn as unknown as typeof ResizeObserver;

class DOMMatrixReadOnlyStandIn {
  m22: number;
  constructor(transform?: string) {
    const scale = transform?.match(/scale\(([0-9.]+)\)/)?.[1];
    this.m22 = scale ? Number(scale) : 1;
  }
}
(globalThis as { DOMMatrixReadOnly?: unknown }).DOMMatrixReadOnly ??= DOMMatrixReadOnlyStandIn;

if (typeof globalThis.CSS === "undefined" || typeof CSS.escape !== "function") {
  (globalThis as { CSS?: unknown }).CSS = { escape: (value: string) => value.replace(/["\\]/g, "\\$&") };
}

globalThis.matchMedia ??= ((query: string) => ({
  matches: false,
  media: query,
  onchange: null,
  addListener() {},
  removeListener() {},
  addEventListener() {},
  removeEventListener() {},
  dispatchEvent: () => false,
})) as typeof matchMedia;

// Edge labels measure their text; jsdom has no SVG layout.
if (typeof SVGElement !== "undefined" && !("getBBox" in SVGElement.prototype)) {
  Object.defineProperty(SVGElement.prototype, "getBBox", { value: () => ({ x: 0, y: 0, width: 80, height: 14 }) });
}
