// A model call's detail, its answer first: the text rendered as markdown (sanitized: Markdown.tsx),
// its reasoning folded, the tool calls it asked for as cards; then what it was sent — the whole
// prompt (rebuilt from the trace's delta encoding, the messages new in this call marked), the
// tools offered, the settings — "Fork from here", and last the raw provider request and response,
// folded, read from the run's record only when opened (RawExchange.tsx).
import { useEffect, useMemo, useRef, useState } from "react";
import type { RecordedToolCall } from "../contract/june-types.ts";
import { ForkForm } from "../fork/index.ts";
import { fullPrompt } from "../trace/index.ts";
import { JsonView } from "../ui/JsonView.tsx";
import { MarkdownText } from "../ui/Markdown.tsx";
import { MessageList } from "../ui/MessageList.tsx";
import { Disclosure } from "./Disclosure.tsx";
import type { KindDetailProps } from "./KindDetail.tsx";
import { RawExchange } from "./RawExchange.tsx";
import { Section } from "./Section.tsx";
import "./model-call.css";

export function ModelCallDetail({ node, run, onForked }: KindDetailProps<"model-call">) {
  const input = node.input;
  const output = node.output ?? {};
  const streaming = node.status === "running";
  const offset = input?.messageOffset ?? 0;
  // The whole prompt: the step's earlier calls' messages up to this call's offset, then its own.
  const prompt = useMemo(() => fullPrompt(run.trace.nodes, node.id), [run.trace.nodes, node.id]);
  const newFrom = Math.min(offset, prompt.length);
  const toolCalls = output.toolCalls ?? [];
  return (
    <>
      <Section title={streaming ? "Answer (streaming)" : "Answer"}>
        <div className="answer" aria-live={streaming ? "polite" : undefined}>
          {output.text ? (
            <MarkdownText text={output.text} label="Answer" />
          ) : (
            <p className="muted">{streaming ? "Waiting for the first token…" : toolCalls.length > 0 ? "No text: the model called tools." : "No text."}</p>
          )}
          {streaming && <span className="cursor" aria-hidden="true" />}
        </div>
        {output.finishReason && (
          <p className="small muted answer-finish">
            Finished: <code>{output.finishReason}</code> · <code>{input?.provider}</code> · <code>{input?.modelId}</code>
          </p>
        )}
      </Section>
      {output.reasoning && (
        <Disclosure title="Reasoning" hint={`${output.reasoning.length.toLocaleString("en-US")} characters`}>
          <p className="prose is-reasoning">{output.reasoning}</p>
        </Disclosure>
      )}
      {toolCalls.length > 0 && (
        <Section title="Tool calls">
          <ul className="tool-call-cards" aria-label="Tool calls">
            {toolCalls.map((call) => (
              <ToolCallCard key={call.toolCallId} call={call} />
            ))}
          </ul>
        </Section>
      )}
      <ForkSection node={node} run={run} onForked={onForked} />
      <Section title="Messages">
        <p className="note">
          {offset === 0
            ? `The whole prompt (${prompt.length} message${prompt.length === 1 ? "" : "s"}): this is the step's first model call.`
            : `The whole prompt (${prompt.length} messages); from #${newFrom + 1} on they are new in this call, the rest were in the step's earlier calls.`}
        </p>
        <MessageList messages={prompt} offset={0} newFrom={offset === 0 ? undefined : newFrom} />
      </Section>
      <Section title="Tools offered">
        {input?.tools && input.tools.length > 0 ? (
          <ul className="chip-list" aria-label="Tools offered">
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
      {input?.settings !== undefined && (
        <Section title="Settings">
          <JsonView value={input.settings} label="Settings" />
        </Section>
      )}
      <Disclosure title="Raw" hint="the provider's request and response">
        <RawExchange key={node.id} runId={run.summary.runId} nodeId={node.id} running={streaming || run.summary.status === "running"} />
      </Disclosure>
    </>
  );
}

function ToolCallCard({ call }: { call: RecordedToolCall }) {
  return (
    <li className="tool-call-card" aria-label={`Tool call ${call.toolName}`}>
      <div className="tool-call-head">
        <code className="tool-call-name">{call.toolName}</code>
        <span className="muted small">{call.toolCallId}</span>
      </div>
      <JsonView value={call.input} label={`Input of ${call.toolName}`} />
    </li>
  );
}

// "Fork from here" for a call of a run that ended (its record is whole up to this call).
function ForkSection({ node, run, onForked }: KindDetailProps<"model-call">) {
  const [forking, setForking] = useState(false);
  const forkButton = useRef<HTMLButtonElement>(null);
  const wasForking = useRef(false);
  // Cancel gives the focus back to the button that opened the form.
  useEffect(() => {
    if (wasForking.current && !forking) forkButton.current?.focus();
    wasForking.current = forking;
  }, [forking]);
  if (run.summary.status === "running" || node.status === "running") return null;
  return (
    <Section title="Fork">
      {forking ? (
        <ForkForm key={node.id} runId={run.summary.runId} node={node} nodes={run.trace.nodes} onClose={() => setForking(false)} onForked={onForked} />
      ) : (
        <button ref={forkButton} type="button" className="button button-small" onClick={() => setForking(true)}>
          Fork from here
        </button>
      )}
    </Section>
  );
}
