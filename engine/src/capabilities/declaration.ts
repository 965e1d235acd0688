// The plain data collection produces from an agent's children: one declaration per tool (or per
// tool source), with the bundles and wrappers it came through. Resolution works on this only.
import type { SourceLocation } from "../errors/index.ts";
import type { JuneElement } from "../jsx/index.ts";

/** A bundle or wrapper a declaration sits inside. */
export type Frame =
  | { kind: "bundle"; name: string; source?: SourceLocation }
  | { kind: "namespace"; name: string; source?: SourceLocation }
  | { kind: "require-approval"; source?: SourceLocation };

export type DeclarationKind = "tool" | "composite" | "bash" | "callable-agent" | "delegate" | "tools" | "inherit";

export interface Declaration {
  kind: DeclarationKind;
  /** The tool name as declared; for `<Tools>` it is only known once the source has loaded. */
  name?: string;
  /** The declaration as written, e.g. `<Tool name="search">`. */
  label: string;
  /** Bundles and wrappers around it, outermost first. */
  frames: Frame[];
  element: JuneElement;
  source?: SourceLocation;
}
