// Public surface of run/tool-layers/: the layers each tool of a step is wrapped in, composed in
// run/traced-tools.ts, and the hand-off a composite tool's runner reads.
export { composeLayers, toolCall, type ToolExecutor, type ToolLayer } from "./tool-call.ts";
export { replayAnswer, replayChoice } from "./replay.ts";
export { boundaryLayer } from "./boundary.ts";
export { outcomeUnknownLayer } from "./outcome-unknown.ts";
export { traceLayer } from "./trace.ts";
export { limitsLayer } from "./limits.ts";
export { blockLoadLayer } from "./blocks.ts";
export { liveExecute } from "./live.ts";
export { COMPOSITE_OUTPUT, peekToolCall, takeToolCall } from "./composite.ts";
