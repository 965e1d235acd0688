// "Stopped at": where the selected run is stopped (boundary, reason, agent path, step, the
// breakpoint it hit) and what waits there: the model request about to be sent (messages, tools
// offered with their descriptions, settings), the tool input about to run, or the step's output.
import type { ReactNode } from "react";
import type { StopInfo } from "../contract/index.ts";
import { JsonView } from "../ui/JsonView.tsx";
import { MessageList } from "../trace-view/MessageList.tsx";
import { boundaryLabel, reasonLabel, stopNodeId } from "./stop-labels.ts";

export function StopPanel({ stop, onShowNode }: { stop: StopInfo; onShowNode: (nodeId: string) => void }) {
  const { request, tool } = stop;
  return (
    <section aria-label="Stopped at" className="stop-panel">
      <div className="stop-head">
        <span className="stop-marker" aria-hidden="true" />
        <strong>{boundaryLabel(stop.boundary)}</strong>
        <span className="chip">{reasonLabel(stop)}</span>
        <button type="button" className="link small stop-show" onClick={() => onShowNode(stopNodeId(stop))}>
          Show in trace
        </button>
      </div>
      <dl className="detail-facts">
        <dt>Agent</dt>
        <dd>{stop.agentPath.join(" › ") || "—"}</dd>
        <dt>Step</dt>
        <dd>
          <code>{stop.step || "—"}</code>
        </dd>
        <dt>Stop</dt>
        <dd>#{stop.id}</dd>
      </dl>
      {request && (
        <>
          <StopSection title="Model">
            <p>
              <code>{request.provider}</code> · <code>{request.modelId}</code>
            </p>
          </StopSection>
          <StopSection title={`Messages to send (${request.messages.length})`}>
            <MessageList messages={request.messages} offset={0} />
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
            call <code>{tool.toolCallId}</code>
          </p>
          <JsonView value={tool.input} label={`Input of ${tool.toolName}`} />
        </StopSection>
      )}
      {stop.boundary === "step-end" && (
        <StopSection title="Step output">
          <JsonView value={stop.output} label="Step output" />
        </StopSection>
      )}
    </section>
  );
}

function StopSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="detail-section">
      <h3 className="section-title">{title}</h3>
      {children}
    </div>
  );
}
