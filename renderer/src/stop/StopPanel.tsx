// "Stopped at": where the selected run is stopped (boundary, reason, agent path, step, the
// breakpoint it hit) and what waits there: the model request about to be sent (messages, tools
// offered with their descriptions, settings), the tool input about to run or awaiting approval
// (with a way to its request in Approvals), or the step's output. Its head stays put while the
// rest scrolls.
import { useMemo, type ReactNode } from "react";
import type { StopInfo } from "../contract/index.ts";
import { useStudio } from "../store/index.ts";
import { promptAtStop } from "../trace/index.ts";
import { JsonView } from "../ui/JsonView.tsx";
import { MessageList } from "../ui/MessageList.tsx";
import { boundaryLabel, reasonLabel, stopNodeId } from "./stop-labels.ts";

export interface StopPanelProps {
  stop: StopInfo;
  /** The stopped run (to find its approval in the inbox). */
  runId: string;
  onShowNode: (nodeId: string) => void;
}

export function StopPanel({ stop, runId, onShowNode }: StopPanelProps) {
  const { request, tool } = stop;
  // The stop holds only the messages new since the step's previous model call; the rest are in
  // that call's node, so the whole prompt is rebuilt from the trace (as for a fork).
  const nodes = useStudio((s) => s.runs[runId]?.trace.nodes);
  const messages = useMemo(() => (request ? promptAtStop(nodes ?? new Map(), stop.stepNodeId, request) : []), [nodes, request, stop.stepNodeId]);
  const approvalId = useStudio((s) =>
    stop.boundary === "approval" ? s.inbox.find((a) => a.runId === runId && (a.nodeId === stop.nodeId || a.toolCallId === tool?.toolCallId))?.approvalId : undefined,
  );
  return (
    <section aria-label="Stopped at" className="stop-panel">
      <div className="stop-head">
        <div className="stop-title">
          <span className="stop-marker" aria-hidden="true" />
          <strong>{boundaryLabel(stop.boundary)}</strong>
          <span className="chip chip-paused">{reasonLabel(stop)}</span>
        </div>
        <div className="stop-actions">
          {approvalId && (
            <button type="button" className="button button-small" title="Focus its request in Approvals: approve or deny it there (A / D)" onClick={() => focusApproval(approvalId)}>
              Answer in Approvals
            </button>
          )}
          <button type="button" className="link small" onClick={() => onShowNode(stopNodeId(stop))}>
            Show in trace
          </button>
        </div>
        <dl className="stop-facts">
          <div>
            <dt>Agent</dt>
            <dd>{stop.agentPath.join(" › ") || "—"}</dd>
          </div>
          <div>
            <dt>Step</dt>
            <dd>
              <code>{stop.step || "—"}</code>
            </dd>
          </div>
          <div>
            <dt>Stop</dt>
            <dd>#{stop.id}</dd>
          </div>
        </dl>
      </div>
      <div className="stop-body">
        {request && (
          <>
            <StopSection title="Model">
              <p>
                <code>{request.provider}</code> · <code>{request.modelId}</code>
              </p>
            </StopSection>
            <StopSection title={`Messages to send (${messages.length})`}>
              <MessageList messages={messages} offset={0} />
            </StopSection>
            <StopSection title="Tools offered">
              {request.tools.length > 0 ? (
                <ul className="offered-tools" aria-label="Tools offered">
                  {request.tools.map((t) => (
                    <li key={t.name}>
                      <code>{t.name}</code>
                      {t.description && <span className="muted"> — {t.description}</span>}
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="muted">None.</p>
              )}
            </StopSection>
            <StopSection title="Settings">
              <JsonView value={request.settings} label="Settings" />
            </StopSection>
          </>
        )}
        {tool && (
          <StopSection title={stop.boundary === "approval" ? `Tool awaiting approval: ${tool.toolName}` : `Tool about to run: ${tool.toolName}`}>
            <p className="muted small">
              tool call <code>{tool.toolCallId}</code>
            </p>
            <JsonView value={tool.input} label={`Input of ${tool.toolName}`} />
          </StopSection>
        )}
        {stop.boundary === "step-end" && (
          <StopSection title="Step output">
            <JsonView value={stop.output} label="Step output" />
          </StopSection>
        )}
      </div>
    </section>
  );
}

/** Moves the focus (and so the scroll) to an approval's card in Approvals: it takes A and D from there. */
function focusApproval(approvalId: string): void {
  const card = [...document.querySelectorAll<HTMLElement>(".approval-card")].find((el) => el.dataset.approvalId === approvalId);
  card?.focus();
}

function StopSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="detail-section">
      <h3 className="section-title">{title}</h3>
      {children}
    </div>
  );
}
