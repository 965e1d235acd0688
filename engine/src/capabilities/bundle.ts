// defineCapabilities: a reusable, transparent group of capabilities — a pure function of props
// that June calls while the agent renders.
import { KIND, marked, type JuneNode } from "../jsx/index.ts";

export const BUNDLE = Symbol.for("june.bundle");

export interface BundleInfo {
  name: string;
  render: (props: any) => JuneNode;
}

export type Bundle<P> = ((props: P) => JuneNode) & { [BUNDLE]: BundleInfo };

/**
 * Makes a bundle: `<Files writable />` adds what the function returns to the enclosing agent.
 * `name` (or the function's own name) is what errors and the capability records call it.
 *
 * @example
 * export const Files = defineCapabilities(
 *   ({ writable = false }: { writable?: boolean }) => (
 *     <>
 *       <Tool name="readFile" value={readFile} />
 *       {writable && <Tool name="writeFile" value={writeFile} />}
 *     </>
 *   ),
 *   { name: "Files" },
 * );
 */
export function defineCapabilities<P extends object = {}>(
  render: (props: P) => JuneNode,
  options: { name?: string } = {},
): Bundle<P> {
  const name = options.name || render.name || "Capabilities";
  // The bundle's element type is a fresh function so each bundle has its own identity (cycles
  // are detected by identity), and calling it directly still does what the function does.
  const bundle = marked("bundle", name, (props: P) => render(props)) as unknown as Bundle<P>;
  bundle[BUNDLE] = { name, render };
  return bundle;
}

export function bundleInfo(type: unknown): BundleInfo | undefined {
  return typeof type === "function" && (type as { [KIND]?: string })[KIND] === "bundle"
    ? (type as Bundle<unknown>)[BUNDLE]
    : undefined;
}
