// Public surface of mcp/: the "MCP servers" panel (and the dialog that browses one server), and
// the pure rule for showing what reading a resource gave.
export { McpPanel, MCP_PANEL_TITLE } from "./McpPanel.tsx";
export { McpServerDialog } from "./McpServerDialog.tsx";
export { resourceView, binarySize, isJsonMime, isImageMime } from "./resource-view.ts";
export type { ResourceView } from "./resource-view.ts";
