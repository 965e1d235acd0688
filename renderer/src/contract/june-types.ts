// The engine as the renderer sees it: its trace types, a project's plain data and the sandbox's
// status, nothing else, from the engine's browser-safe entries (docs/architecture.md). The
// renderer's tsconfig maps "june" here, so electron's contract (`import type … from "june"`)
// resolves without pulling the engine's Node-only sources into a DOM type check. Types only:
// erased at build.
export type * from "../../../engine/src/trace/browser.ts";
export type * from "../../../engine/src/loading/browser.ts";
export type * from "../../../engine/src/sandbox/browser.ts";
export type * from "../../../engine/src/mcp/browser.ts";
