// An MCP server's resources and prompts as a browser may see them: types only (browse-types.ts),
// named by the studio's contract and resolved by the renderer through
// renderer/src/contract/june-types.ts, as the trace's are.
export type * from "./browse-types.ts";
