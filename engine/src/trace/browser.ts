// The engine as a browser may import it: the types of the trace's nodes, events and stops, and
// the SourceLocation they carry — nothing that needs Node, and nothing at run time. The renderer
// knows the engine only through this entry (renderer/src/contract/june-types.ts, `export type`);
// docs/architecture.md lists it as the engine's one browser-safe entry.
export type * from "./types.ts";
export type * from "./events.ts";
export type * from "./stops.ts";
export type { SourceLocation } from "../errors/index.ts";
