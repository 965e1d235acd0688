// A small glyph per trace node kind (decorative: the kind is always in the text beside it).
import type { NodeKind } from "../contract/index.ts";

const GLYPH: Record<NodeKind, string> = {
  run: "R",
  agent: "A",
  step: "S",
  "model-call": "M",
  "tool-call": "T",
  "block-load": "B",
  approval: "?",
  composite: "C",
  catch: "!",
  // What a server asked during a call (its roots): a letter, as the others are (an arrow glyph is missing from some mono fonts).
  "server-request": "Q",
  // A Claude Code hook or permission rule that checked a call.
  guard: "G",
};

export function KindIcon({ kind }: { kind: NodeKind }) {
  return (
    // Drawn from data-text by CSS: a decorative glyph is no part of a row's visible label.
    <span className={`kind-icon kind-${kind}`} data-text={GLYPH[kind] ?? "·"} aria-hidden="true" />
  );
}
