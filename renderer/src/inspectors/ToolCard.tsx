// One capability of an agent: where it came from (its record's source, the provenance chain) and
// whether and why it needs approval. The name opens its declaration in the editor; the dot sets a
// breakpoint before the tool runs.
import { BreakpointToggle } from "../breakpoints/index.ts";
import type { CapabilityRecord, ToolInfo } from "../contract/index.ts";
import { useStudio } from "../store/index.ts";
import { approvalLabel } from "../ui/format.ts";

export interface ToolCardProps {
  name: string;
  record?: CapabilityRecord;
  info?: ToolInfo;
}

export function ToolCard({ name, record, info }: ToolCardProps) {
  const openSource = useStudio((s) => s.openSource);
  const folder = useStudio((s) => s.project?.folder);
  // Paths inside the project read relative to it, as everywhere else in the studio.
  const short = (text: string) => (folder ? text.split(`${folder}/`).join("") : text);
  const composite = record?.composite || info?.composite;
  const declaredAt = info?.declaredAt;
  return (
    <li className="tool-card" aria-label={name}>
      <div className="tool-head">
        <BreakpointToggle breakpoint={{ kind: "tool", tool: name }} />
        {declaredAt ? (
          <button type="button" className="link tool-name" title={`Show the declaration of ${name} in the Source panel`} onClick={() => void openSource(declaredAt)}>
            {name}
          </button>
        ) : (
          <span className="tool-name">{name}</span>
        )}
        {composite && <span className="chip chip-composite">composite</span>}
        {info && (
          <span className={`chip chip-approval chip-approval-${info.approval}`} title="Does a call wait for approval?">
            approval: {approvalLabel(info.approval)}
          </span>
        )}
      </div>
      {info?.description && <p className="tool-description">{info.description}</p>}
      {record && (
        <dl className="tool-facts">
          <dt>Source</dt>
          <dd>
            <code>{record.source}</code>
          </dd>
          {record.granted && (
            <>
              <dt>Granted from</dt>
              <dd>
                <code>{record.granted}</code>
              </dd>
            </>
          )}
        </dl>
      )}
      {info && info.approval !== "never" && (
        <div className="tool-section">
          <h4 className="tool-section-title">Why it needs approval</h4>
          {info.approvalReasons.length > 0 ? (
            <ul className="reasons">
              {info.approvalReasons.map((reason) => (
                <li key={reason}>
                  <code>{short(reason)}</code>
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">{info.approval === "per-call" ? "Its own needsApproval decides per call." : "No reason was recorded."}</p>
          )}
        </div>
      )}
      {info?.approval === "never" && info.runsUnasked && (
        <div className="tool-section">
          <h4 className="tool-section-title">Why it runs unasked</h4>
          <p className="reasons">
            <code>{info.runsUnasked}</code>
          </p>
        </div>
      )}
      {info && info.provenance.length > 0 && (
        <div className="tool-section">
          <h4 className="tool-section-title">Provenance</h4>
          <ol className="provenance" aria-label={`Provenance of ${name}, declaration first`}>
            {info.provenance.map((link, index) => (
              <li key={`${index}:${link}`}>
                <code>{short(link)}</code>
              </li>
            ))}
          </ol>
        </div>
      )}
    </li>
  );
}
