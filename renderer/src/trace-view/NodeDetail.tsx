// What one trace node holds: the facts every node has (duration, tokens, its cost, source, call
// id), its error, its breakpoint toggle (agents, steps, tool calls), what its kind carries
// (KindDetail.tsx: a step's prompt, a model call's messages and "Fork from here", a tool's input
// and output, …) and the tools denied to it.
import { BreakpointToggle } from "../breakpoints/index.ts";
import type { TraceNode } from "../contract/index.ts";
import { breakpointForNode, stepPrefixOf } from "../debug/index.ts";
import type { RunView } from "../store/index.ts";
import { pathTo } from "../trace/index.ts";
import { KindIcon } from "../ui/KindIcon.tsx";
import { SourceLink } from "../ui/SourceLink.tsx";
import { StatusBadge } from "../ui/StatusBadge.tsx";
import { elapsed, formatCost, formatDuration, formatTokens } from "../ui/format.ts";
import { KindDetail } from "./KindDetail.tsx";
import { Section } from "./Section.tsx";

export interface NodeDetailProps {
  node: TraceNode;
  now: number;
  run: RunView;
  /** A fork of this run started from the node (the studio selects it). */
  onForked?: (runId: string) => void;
}

export function NodeDetail({ node, now, run, onForked }: NodeDetailProps) {
  const breakpoint = breakpointForNode(node, stepPrefixOf(pathTo(run.trace.nodes, node.id).slice(0, -1)));
  const replayedFrom = run.trace.replayed.get(node.id);
  return (
    <div className="node-detail">
      <div className="detail-head">
        <KindIcon kind={node.kind} />
        <span className="muted">{node.kind}</span>
        <strong className="detail-name">{node.name}</strong>
        <StatusBadge status={node.status} />
        {replayedFrom && (
          <span className="chip chip-replayed" title={`Answered from run ${replayedFrom.runId} (node ${replayedFrom.nodeId}), not from the model or tool`}>
            replayed
          </span>
        )}
        {breakpoint && <BreakpointToggle breakpoint={breakpoint} withText className="detail-breakpoint" />}
      </div>
      <dl className="detail-facts">
        <dt>Duration</dt>
        <dd>{formatDuration(elapsed(node.startedAt, node.endedAt, now))}</dd>
        <dt>Tokens</dt>
        <dd>
          {formatTokens(node.usage.totalTokens)} <span className="muted">({formatTokens(node.usage.inputTokens)} in · {formatTokens(node.usage.outputTokens)} out)</span>
        </dd>
        {node.cost && (
          <>
            <dt>Cost</dt>
            <dd>
              {formatCost(node.cost)}
              {replayedFrom && <span className="muted"> — replayed, not billed</span>}
            </dd>
          </>
        )}
        {node.source && (
          <>
            <dt>Source</dt>
            <dd>
              <SourceLink source={node.source} />
            </dd>
          </>
        )}
        {node.callId && (
          <>
            <dt>Call id</dt>
            <dd>
              <code>{node.callId}</code>
            </dd>
          </>
        )}
      </dl>
      {node.error && (
        <div className="error-box">
          <div>
            <code className="code">{node.error.code}</code> {node.error.message}
          </div>
          {node.error.source && <SourceLink source={node.error.source} />}
        </div>
      )}
      <KindDetail node={node} run={run} onForked={onForked} />
      {node.denied && node.denied.length > 0 && (
        <Section title="Denied tools">
          <ul className="denied-list">
            {node.denied.map((d) => (
              <li key={`${d.kind}:${d.tool}`}>
                <code>{d.tool}</code> <span className="chip">{d.kind}</span> <span className="muted">{d.message}</span>
              </li>
            ))}
          </ul>
        </Section>
      )}
    </div>
  );
}
