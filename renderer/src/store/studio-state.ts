// The studio's state as the renderer holds it: plain data, filled by the host's events, composed
// of one part per concern (each slice's file holds its part, its actions and its rules).
import type { ApprovalsActions, ApprovalsData } from "./approvals-slice.ts";
import { initialApprovals } from "./approvals-slice.ts";
import { initialConnection, type ConnectionActions, type ConnectionData } from "./connection-slice.ts";
import { initialDebugging, type DebuggingActions, type DebuggingData } from "./debugging-slice.ts";
import { initialMcp, type McpActions, type McpData } from "./mcp-slice.ts";
import { initialNotices, type NoticesActions, type NoticesData } from "./notices-slice.ts";
import { initialProject, type ProjectActions, type ProjectData } from "./project-slice.ts";
import { initialRuns, type RunsActions, type RunsData } from "./runs-slice.ts";
import { initialSelection, type SelectionActions, type SelectionData } from "./selection-slice.ts";
import type { Theme, ThemeActions, ThemeData } from "./theme-slice.ts";
import { initialSource, type SourceActions, type SourceData } from "./source-slice.ts";

export type { AgentRef } from "./selection-slice.ts";
export type { Connection } from "./connection-slice.ts";
export type { Notice, NoticeArea } from "./notices-slice.ts";
export type { RunView } from "./runs-slice.ts";
export type { Theme } from "./theme-slice.ts";
export type { EditorOutcome, SourceTarget, SourceView } from "./source-slice.ts";
export { newRunView } from "./runs-slice.ts";

export type StudioData = ConnectionData & ProjectData & RunsData & SelectionData & ApprovalsData & DebuggingData & McpData & NoticesData & ThemeData & SourceData;

export type StudioActions = ConnectionActions & ProjectActions & RunsActions & SelectionActions & ApprovalsActions & DebuggingActions & McpActions & NoticesActions & ThemeActions & SourceActions;

export type Studio = StudioData & StudioActions;

/** The state before anything arrived from the host. */
export function initialData(host: StudioData["host"], theme: Theme): StudioData {
  return {
    ...initialConnection(host),
    ...initialProject(),
    ...initialRuns(),
    ...initialSelection(),
    ...initialApprovals(),
    ...initialDebugging(),
    ...initialMcp(),
    ...initialNotices(),
    ...initialSource(),
    theme,
  };
}
