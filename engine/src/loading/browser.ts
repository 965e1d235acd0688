// A project as a browser may see it: the plain data a loaded project is described by (its entries
// and its problems), types only, reaching nothing that needs Node. The studio's contract names
// these types (`import type` from "june"); the renderer resolves them here
// (renderer/src/contract/june-types.ts), as it resolves the trace's from trace/browser.ts.
export type { Problem } from "./problem.ts";
export type { ProjectEntry } from "./project-entry.ts";
