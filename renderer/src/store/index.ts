// Public surface of store/: the studio's state, its actions over a Bridge, and the React binding.
export { createStudioStore } from "./studio-store.ts";
export type { Studio, StudioActions, StudioStore, StudioStoreOptions } from "./studio-store.ts";
export { applyBatch } from "./apply-batch.ts";
export type { AgentRef, Connection, EditorOutcome, Notice, NoticeArea, RunView, SourceTarget, SourceView, StudioData, Theme } from "./studio-state.ts";
export { StudioProvider, useStudio, useStudioStore } from "./use-studio.ts";
export { initialTheme, saveTheme } from "./theme.ts";
export { selectedEntry, selectedRun, selectedTraceNode, inspectedAgent, runsOfEntry, isLive, entryIndex, currentStop, selectedStop, runHistory } from "./selectors.ts";
