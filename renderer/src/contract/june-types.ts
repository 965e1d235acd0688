// The engine as the renderer sees it: its trace types and nothing else, from the engine's one
// browser-safe entry (engine/src/trace/browser.ts, docs/architecture.md). The renderer's tsconfig
// maps "june" here, so electron's contract (`import type … from "june"`) resolves without pulling
// the engine's Node-only sources into a DOM type check. Types only: erased at build.
export type * from "../../../engine/src/trace/browser.ts";
