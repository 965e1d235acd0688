// What a node's detail shows for its kind, below the facts every node has: a step's prompt and
// result, a model call's answer first, then what it was sent, "Fork from here" and its raw
// provider bodies (ModelCallDetail.tsx), an approval's decision, an agent's tools, a block load's
// block. One drawing per kind in one table typed by the engine's node kinds: a kind added to NodeKind fails the type check here until it
// is drawn (kind-detail.test.ts shows it).
import type { ReactNode } from "react";
import type { NodeKind, TraceNodeOf } from "../contract/index.ts";
import { useStudio, type RunView } from "../store/index.ts";
import { JsonView } from "../ui/JsonView.tsx";
import { ModelCallDetail } from "./ModelCallDetail.tsx";
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
