// What a node's detail shows for its kind, below the facts every node has: a step's prompt and
// result, a model call's messages, tools, settings and streamed text (and "Fork from here"), an
// approval's decision, an agent's tools, a block load's block. One drawing per kind in one table
// typed by the engine's node kinds: a kind added to NodeKind fails the type check here until it
// is drawn (kind-detail.test.ts shows it).
import { useEffect, useRef, useState, type ReactNode } from "react";
import type { NodeKind, TraceNodeOf } from "../contract/index.ts";
import { ForkForm } from "../fork/index.ts";
import { useStudio, type RunView } from "../store/index.ts";
import { JsonView } from "../ui/JsonView.tsx";
import { MessageList } from "../ui/MessageList.tsx";
import { Section } from "./Section.tsx";

export interface KindDetailProps<K extends NodeKind = NodeKind> {
  node: TraceNodeOf<K>;
  run: RunView;
  /** A fork of this run started from the node (the studio selects it). */
  onForked?: (runId: string) => void;
}

/** A drawing for every node kind, each given a node of its own kind. */
export type KindDrawings = { [K in NodeKind]: (props: KindDetailProps<K>) => ReactNode };

/** A node whose detail is what went in and what came out. */
const inputOutput = ({ node }: KindDetailProps) => <InputOutput input={node.input} output={node.output} />;

export const KIND_DETAIL: KindDrawings = {
  run: inputOutput,
  agent: AgentDetail,
  step: StepDetail,
  "model-call": ModelCallDetail,
  "tool-call": inputOutput,
  "block-load": ({ node }) => <InputOutput input={node.input} output={node.output} inputTitle="Block" outputTitle="Loaded" />,
  approval: ApprovalDetail,
  composite: inputOutput,
  catch: inputOutput,
  "server-request": ({ node }) => <InputOutput input={node.input} output={node.output} inputTitle="Asked" outputTitle="Answered" />,
  guard: ({ node }) => <InputOutput input={node.input} output={node.output} inputTitle="Checked" outputTitle="Decided" />,
};

/** The detail of `node`'s kind, drawn as a component of its own (a kind's drawing may hold state). */
export function KindDetail(props: KindDetailProps) {
  return drawKind(props.node.kind, props);
}

function drawKind<K extends NodeKind>(kind: K, props: KindDetailProps<K>) {
  const Draw: (props: KindDetailProps<K>) => ReactNode = KIND_DETAIL[kind];
  return <Draw {...props} />;
}

function InputOutput({ input, output, inputTitle = "Input", outputTitle = "Output" }: { input: unknown; output: unknown; inputTitle?: string; outputTitle?: string }) {
  return (
    <>
      {input !== undefined && (
        <Section title={inputTitle}>
          <JsonView value={input} />
        </Section>
      )}
      {output !== undefined && (
        <Section title={outputTitle}>
          <JsonView value={output} />
        </Section>
      )}
    </>
  );
}

function AgentDetail({ node }: KindDetailProps<"agent">) {
  const inspectTraceAgent = useStudio((s) => s.inspectTraceAgent);
  return (
    <>
      <InputOutput input={node.input} output={node.output} />
      <Section title="Tools">
        <p>
          {node.tools?.length ?? node.capabilities?.length ?? 0} tools.{" "}
          <button type="button" className="link" onClick={() => inspectTraceAgent(node.id)}>
            Show in Capabilities
          </button>
        </p>
      </Section>
    </>
  );
}

function StepDetail({ node }: KindDetailProps<"step">) {
  const { prompt, ...rest } = node.input ?? {};
  return (
    <>
      {typeof prompt === "string" && (
        <Section title="Prompt">
          <p className="prose">{prompt}</p>
        </Section>
      )}
      {Object.keys(rest).length > 0 && (
        <Section title="Input">
          <JsonView value={rest} />
        </Section>
      )}
      {node.output !== undefined && (
        <Section title="Result">
          <JsonView value={node.output} />
        </Section>
      )}
    </>
  );
}

function ApprovalDetail({ node }: KindDetailProps<"approval">) {
  const decision = node.output;
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

function ModelCallDetail({ node, run, onForked }: KindDetailProps<"model-call">) {
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
  const input = node.input;
  const output = node.output ?? {};
  const offset = input?.messageOffset ?? 0;
  const messages = input?.messages ?? [];
  const streaming = node.status === "running";
  return (
    <>
      <Section title="Model">
        <p>
          <code>{input?.provider}</code> · <code>{input?.modelId}</code>
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
        {input?.tools && input.tools.length > 0 ? (
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
      {input?.settings !== undefined && (
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
