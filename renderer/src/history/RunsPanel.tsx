// "Runs": every run of this session and every run recorded in the project (listRuns), newest
// first. Selecting one reopens it in the Trace (its events fetched when not in memory).
import { useShallow } from "zustand/react/shallow";
import { runHistory, useStudio } from "../store/index.ts";
import { EmptyState, Panel } from "../ui/Panel.tsx";
import { Notices } from "../ui/Notices.tsx";
import { useNow } from "../ui/use-now.ts";
import { downloadJson, exportFileName } from "./download.ts";
import { RunHistoryItem } from "./RunHistoryItem.tsx";

export function RunsPanel() {
  const runs = useStudio(useShallow(runHistory));
  const selectedRunId = useStudio((s) => s.selectedRunId);
  const actions = useStudio(
    useShallow((s) => ({ selectRun: s.selectRun, replayRun: s.replayRun, resumeRun: s.resumeRun, exportRun: s.exportRun, deleteRun: s.deleteRun })),
  );
  const now = useNow(runs.some((r) => r.summary.status === "running"));

  const exportRun = async (runId: string) => {
    const document = await actions.exportRun(runId);
    if (document) downloadJson(exportFileName(runId), document);
  };

  return (
    <Panel title="Runs" meta={runs.length > 0 ? `${runs.length}` : undefined} className="runs-panel">
      <Notices area="runs" />
      {runs.length === 0 ? (
        <EmptyState title="No runs yet">
          <p className="muted">Runs of this session and those recorded in the project's .june/runs show here.</p>
        </EmptyState>
      ) : (
        <ul className="history-list" aria-label="Run history">
          {runs.map((run) => (
            <RunHistoryItem
              key={run.summary.runId}
              run={run}
              selected={run.summary.runId === selectedRunId}
              now={now}
              onSelect={actions.selectRun}
              onReplay={(runId) => void actions.replayRun(runId)}
              onResume={(runId) => void actions.resumeRun(runId)}
              onExport={(runId) => void exportRun(runId)}
              onDelete={(runId) => void actions.deleteRun(runId)}
            />
          ))}
        </ul>
      )}
    </Panel>
  );
}
