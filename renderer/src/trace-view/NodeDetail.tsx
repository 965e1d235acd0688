// What one trace node holds: a step's prompt, a model call's new messages, offered tools, settings
// and streamed text, a tool's input and output, errors, block loads and denied tools; its cost, its
// breakpoint toggle (agents, steps, tool calls), and "Fork from here" on a recorded model call.
import { useEffect, useRef, useState, type ReactNode } from "react";
import { BreakpointToggle } from "../breakpoints/index.ts";
import type { TraceNode } from "../contract/index.ts";
import { breakpointForNode, stepPrefixOf } from "../debug/index.ts";
import { ForkForm } from "../fork/index.ts";
import { useStudio, type RunView } from "../store/index.ts";
import { pathTo } from "../trace/index.ts";
import { JsonView } from "../ui/JsonView.tsx";
import { KindIcon } from "../ui/KindIcon.tsx";
import { SourceLink } from "../ui/SourceLink.tsx";
import { StatusBadge } from "../ui/StatusBadge.tsx";
import { elapsed, formatCost, formatDuration, formatTokens } from "../ui/format.ts";
import { MessageList } from "../ui/MessageList.tsx";

export interface NodeDetailProps {
  node: TraceNode;
  now: number;
  run: RunView;
  /** A fork of this run started from the node (the studio selects it). */
  onForked?: (runId: string) => void;
}

export function NodeDetail({ node, now, run, onForked }: NodeDetailProps) {
  const inspectTraceAgent = useStudio((s) => s.inspectTraceAgent);
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
      {node.kind === "agent" && (
        <Section title="Tools">
          <p>
            {node.tools?.length ?? node.capabilities?.length ?? 0} tools.{" "}
            <button type="button" className="link" onClick={() => inspectTraceAgent(node.id)}>
              Show in Capabilities
            </button>
          </p>
        </Section>
      )}
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

function KindDetail({ node, run, onForked }: { node: TraceNode; run: RunView; onForked?: (runId: string) => void }) {
  const input = (node.input ?? {}) as Record<string, unknown>;
  const output = node.output;
  switch (node.kind) {
    case "step":
      return (
        <>
          {typeof input.prompt === "string" && (
            <Section title="Prompt">
              <p className="prose">{input.prompt}</p>
            </Section>
          )}
          <Rest value={input} omit={["prompt"]} title="Input" />
          {output !== undefined && (
            <Section title="Result">
              <JsonView value={output} />
            </Section>
          )}
        </>
      );
    case "model-call":
      return <ModelCallDetail node={node} run={run} onForked={onForked} />;
    case "approval": {
      const decision = output as { approved?: boolean; reason?: string } | undefined;
      return (
        <>
          <Section title="Tool input">
            <JsonView value={node.input} />
          </Section>
          <Section title="Decision">
            {node.status === "waiting" ? (
              <p>Waiting for a decision in Approvals.</p>
            ) : decision ? (
              <p>
                {decision.approved ? "Approved" : "Denied"}
                {decision.reason ? ` — ${decision.reason}` : ""}
              </p>
            ) : (
              <p className="muted">None recorded.</p>
            )}
          </Section>
        </>
      );
    }
    default:
      return (
        <>
          {node.input !== undefined && (
            <Section title={node.kind === "block-load" ? "Block" : "Input"}>
              <JsonView value={node.input} />
            </Section>
          )}
          {output !== undefined && (
            <Section title={node.kind === "block-load" ? "Loaded" : "Output"}>
              <JsonView value={output} />
            </Section>
          )}
        </>
      );
  }
}

function ModelCallDetail({ node, run, onForked }: { node: TraceNode; run: RunView; onForked?: (runId: string) => void }) {
  const [forking, setForking] = useState(false);
  const forkButton = useRef<HTMLButtonElement>(null);
  const wasForking = useRef(false);
  // Cancel gives the focus back to the button that opened the form.
  useEffect(() => {
    if (wasForking.current && !forking) forkButton.current?.focus();
    wasForking.current = forking;
  }, [forking]);
  // A fork re-runs a record: the run must have ended (its record is whole up to this call).
  const forkable = run.summary.status !== "running" && node.status !== "running";
  const input = (node.input ?? {}) as { provider?: string; modelId?: string; messageOffset?: number; messages?: unknown[]; tools?: string[]; settings?: unknown };
  const output = (node.output ?? {}) as { text?: string; reasoning?: string; toolCalls?: unknown[]; finishReason?: string };
  const offset = input.messageOffset ?? 0;
  const messages = input.messages ?? [];
  const streaming = node.status === "running";
  return (
    <>
      <Section title="Model">
        <p>
          <code>{input.provider}</code> · <code>{input.modelId}</code>
        </p>
      </Section>
      {forkable && (
        <Section title="Fork">
          {forking ? (
            <ForkForm key={node.id} runId={run.summary.runId} node={node} nodes={run.trace.nodes} onClose={() => setForking(false)} onForked={onForked} />
          ) : (
            <button ref={forkButton} type="button" className="button button-small" onClick={() => setForking(true)}>
              Fork from here
            </button>
          )}
        </Section>
      )}
      <Section title="Messages">
        <p className="note">
          {offset === 0
            ? "The whole prompt: this is the step's first model call."
            : `Only the ${messages.length} message${messages.length === 1 ? "" : "s"} new since the step's previous model call, from message #${offset + 1}; ${offset === 1 ? "message #1 is" : `messages #1–#${offset} are`} in the earlier calls.`}
        </p>
        <MessageList messages={messages} offset={offset} />
      </Section>
      <Section title="Tools offered">
        {input.tools && input.tools.length > 0 ? (
          <ul className="chip-list">
            {input.tools.map((tool) => (
              <li key={tool} className="chip">
                {tool}
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">None.</p>
        )}
      </Section>
      {input.settings !== undefined && (
        <Section title="Settings">
          <JsonView value={input.settings} />
        </Section>
      )}
      <Section title={streaming ? "Text (streaming)" : "Text"}>
        <p className="prose streamed" aria-live={streaming ? "polite" : undefined}>
          {output.text || <span className="muted">{streaming ? "Waiting for the first token…" : "No text."}</span>}
          {streaming && <span className="cursor" aria-hidden="true" />}
        </p>
      </Section>
      {output.reasoning && (
        <Section title="Reasoning">
          <p className="prose is-reasoning">{output.reasoning}</p>
        </Section>
      )}
      {output.toolCalls && output.toolCalls.length > 0 && (
        <Section title="Tool calls">
          <JsonView value={output.toolCalls} />
        </Section>
      )}
      {output.finishReason && (
        <Section title="Finish reason">
          <code>{output.finishReason}</code>
        </Section>
      )}
    </>
  );
}

function Rest({ value, omit, title }: { value: Record<string, unknown>; omit: string[]; title: string }) {
  const rest = Object.fromEntries(Object.entries(value).filter(([key]) => !omit.includes(key)));
  if (Object.keys(rest).length === 0) return null;
  return (
    <Section title={title}>
      <JsonView value={rest} />
    </Section>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    // A plain block with a heading, not a landmark: the page's regions are the panels.
    <div className="detail-section">
      <h3 className="section-title">{title}</h3>
      {children}
    </div>
  );
}
