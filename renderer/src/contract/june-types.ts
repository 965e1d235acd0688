// The engine as the renderer sees it: its trace types and nothing else. The renderer's tsconfig
// maps "june" here, so `import type … from "june"` (in the contract and in the renderer) resolves
// without pulling the engine's Node-only sources into a DOM type check. Types only: erased at build.
export type * from "../../../engine/src/trace/types.ts";
export type * from "../../../engine/src/trace/events.ts";
export type * from "../../../engine/src/debug/types.ts";
export type { SourceLocation } from "../../../engine/src/errors/june-error.ts";
