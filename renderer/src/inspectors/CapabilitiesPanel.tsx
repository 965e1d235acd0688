// "Capabilities": every tool the inspected agent's steps are offered, with its provenance and
// approval, and the tools the project's policy kept from it. The cards are one tab stop (roving
// focus: ↑ ↓ move between tools, Tab goes through the tool's own controls).
import { useRef } from "react";
import { useRovingFocus } from "../keyboard/index.ts";
import { inspectedAgent, useStudio } from "../store/index.ts";
import { EmptyState, Panel } from "../ui/Panel.tsx";
import { SourceLink } from "../ui/SourceLink.tsx";
import { ToolCard } from "./ToolCard.tsx";

export function CapabilitiesPanel() {
  const agent = useStudio(inspectedAgent);
  const fromRun = useStudio((s) => s.inspected?.runId ?? null);
  const openSource = useStudio((s) => s.openSource);
  const toolList = useRef<HTMLUListElement>(null);
  const onToolKey = useRovingFocus(toolList);

  if (!agent) {
    return (
      <Panel title="Capabilities" className="inspector">
        <EmptyState title="No agent selected">
          <p className="muted">Select an agent in the Agent tree (or in a run's Trace) to see its tools.</p>
        </EmptyState>
      </Panel>
    );
  }

  const records = agent.capabilities ?? [];
  const infos = agent.tools ?? [];
  // ToolInfo is the fuller view; a record without one still shows (an older trace).
  const names = [...new Set([...infos.map((t) => t.name), ...records.map((r) => r.name)])];

  return (
    <Panel
      title="Capabilities"
      meta={`${names.length} tool${names.length === 1 ? "" : "s"}`}
      className="inspector"
      actions={
        agent.source && (
          <button type="button" className="button button-small" title="Show this agent's JSX in the Source panel" onClick={() => void openSource(agent.source!)}>
            Open source
          </button>
        )
      }
    >
      <div className="inspector-subject">
        <span className="muted">agent</span> <strong>{agent.name}</strong>
        {fromRun && <span className="chip">from run</span>}
        {agent.source && <SourceLink source={agent.source} />}
      </div>
      {agent.error && (
        <div className="error-box" role="alert">
          <code className="code">{agent.error.code}</code> {agent.error.message}
          {agent.error.source && <SourceLink source={agent.error.source} />}
        </div>
      )}
      {names.length === 0 ? (
        <EmptyState title="No tools">
          <p className="muted">This agent's steps are offered no tools.</p>
        </EmptyState>
      ) : (
        <ul className="tool-list" aria-label={`Tools of ${agent.name}`} ref={toolList} onKeyDown={onToolKey}>
          {names.map((name) => (
            <ToolCard key={name} name={name} record={records.find((r) => r.name === name)} info={infos.find((t) => t.name === name)} />
          ))}
        </ul>
      )}
      {agent.denied && agent.denied.length > 0 && (
        <div className="tool-section">
          <h3 className="section-title">Kept out by the tool policy</h3>
          <ul className="denied-list">
            {agent.denied.map((d) => (
              <li key={`${d.kind}:${d.tool}`}>
                <code>{d.tool}</code> <span className="chip">{d.kind}</span> <span className="muted">{d.message}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </Panel>
  );
}
