// "Inherited": the tools the inspected agent took from the agent around it with <Inherit>.
import { inspectedAgent, useStudio } from "../store/index.ts";
import { EmptyState, Panel } from "../ui/Panel.tsx";

export function InheritedPanel() {
  const agent = useStudio(inspectedAgent);
  const granted = (agent?.capabilities ?? []).filter((c) => c.granted);
  return (
    <Panel title="Inherited" meta={agent ? `${granted.length}` : undefined} className="inspector">
      {!agent ? (
        <EmptyState title="No agent selected" />
      ) : granted.length === 0 ? (
        <EmptyState title="No inherited tools">
          <p className="muted">{agent.name} declares all of its tools itself; a nested agent takes its parent's only through <code>&lt;Inherit&gt;</code>.</p>
        </EmptyState>
      ) : (
        <table className="inherited-table">
          <thead>
            <tr>
              <th scope="col">Tool</th>
              <th scope="col">Granted from</th>
            </tr>
          </thead>
          <tbody>
            {granted.map((record) => (
              <tr key={record.name}>
                <th scope="row">
                  <code>{record.name}</code>
                </th>
                <td>
                  <code>{record.granted}</code>
                  <div className="muted small">through {record.source}</div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Panel>
  );
}
