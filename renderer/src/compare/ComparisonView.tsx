// Two runs side by side: the run's totals, then each aligned step with its sections (the step,
// its model calls, tool calls and approvals). Every row that differs says how in words ("changed",
// "only in left", "only in right") beside its colour; inside a changed text the lines that differ
// are marked (<del> on the left, <ins> on the right). What is the same is hidden unless asked for.
import { useId, useMemo, useState } from "react";
import { useStudio, type RunView } from "../store/index.ts";
import { formatCost, formatTokens } from "../ui/format.ts";
import { runCost, runUsage } from "../run-figures/index.ts";
import { DIFF_TEXT, compareRuns, type AlignedStep, type DiffStatus, type FieldDiff, type SectionDiff } from "./align.ts";
import { lineDiff } from "./line-diff.ts";
import { runLabel } from "./run-choices.ts";
import { CheckField } from "../ui/CheckField.tsx";

export function ComparisonView({ leftId, rightId }: { leftId: string; rightId: string }) {
  const left = useStudio((s) => s.runs[leftId]);
  const right = useStudio((s) => s.runs[rightId]);
  const [showSame, setShowSame] = useState(false);
  const comparison = useMemo(() => compareRuns(side(left), side(right)), [left, right]);
  const { counts } = comparison;

  return (
    <div className="compare-result">
      <div className="compare-toolbar">
        <p className="compare-summary">
          {`${comparison.steps.length} ${comparison.steps.length === 1 ? "step" : "steps"}: ${counts.changed} changed, ${counts["only-left"]} only in left, ${counts["only-right"]} only in right, ${counts.same} the same.`}
        </p>
        <CheckField className="compare-toggle" checked={showSame} onChange={setShowSame}>
          Show what is the same
        </CheckField>
      </div>
      <div className="compare-heads">
        <RunHead side="Left" view={left} />
        <RunHead side="Right" view={right} />
      </div>
      <SectionTable section={comparison.run} showSame={showSame} />
      {comparison.steps.map((step) => (
        <StepDiff key={step.key} step={step} showSame={showSame} />
      ))}
    </div>
  );
}

function side(view: RunView | undefined) {
  return view ? { root: view.trace.root, usage: runUsage(view), cost: runCost(view) } : { root: undefined };
}

function RunHead({ side, view }: { side: "Left" | "Right"; view: RunView | undefined }) {
  return (
    <div className="compare-head">
      <span className="compare-head-side">{side}</span>{" "}
      {view ? (
        <>
          <span className="compare-head-name">{runLabel(view.summary)}</span>
          <span className="muted">{` · ${formatTokens(runUsage(view).totalTokens)} tokens · ${formatCost(runCost(view))}`}</span>
        </>
      ) : (
        <span className="muted">this run is no longer listed</span>
      )}
    </div>
  );
}

function StepDiff({ step, showSame }: { step: AlignedStep; showSame: boolean }) {
  const id = useId();
  const sections = step.sections.filter((s) => showSame || s.status !== "same");
  return (
    <article className={`compare-step diff-${step.status}`} aria-labelledby={id}>
      <h3 id={id} className="compare-step-title">
        <span className="compare-step-path">{`${step.agentPath.join(" › ")} › `}</span>
        {step.label} <DiffTag status={step.status} />
      </h3>
      {sections.map((section) => (
        <SectionTable key={section.title} section={section} showSame={showSame} />
      ))}
    </article>
  );
}

function SectionTable({ section, showSame }: { section: SectionDiff; showSame: boolean }) {
  if (!showSame && section.status === "same") return null;
  const fields = section.fields.filter((f) => showSame || f.status !== "same");
  const hidden = section.fields.length - fields.length;
  return (
    <table className={`compare-table diff-${section.status}`}>
      <caption>
        {section.title} <DiffTag status={section.status} />
      </caption>
      <thead>
        <tr>
          <th scope="col">Field</th>
          <th scope="col">Left</th>
          <th scope="col">Right</th>
        </tr>
      </thead>
      <tbody>
        {fields.map((field) => (
          <FieldRow key={field.name} field={field} />
        ))}
        {hidden > 0 && (
          <tr className="compare-hidden">
            <td colSpan={3}>{`${hidden} ${hidden === 1 ? "field" : "fields"} the same (${section.fields
              .filter((f) => f.status === "same")
              .map((f) => f.name)
              .join(", ")})`}</td>
          </tr>
        )}
      </tbody>
    </table>
  );
}

function FieldRow({ field }: { field: FieldDiff }) {
  const lines = useMemo(
    () => (field.status === "changed" && field.left !== undefined && field.right !== undefined ? lineDiff(field.left, field.right) : undefined),
    [field],
  );
  return (
    <tr className={`compare-row diff-${field.status}`}>
      <th scope="row">
        {field.name} <DiffTag status={field.status} />
      </th>
      <td>{lines ? <Lines lines={lines.left} Mark="del" /> : <Value text={field.left} />}</td>
      <td>{lines ? <Lines lines={lines.right} Mark="ins" /> : <Value text={field.right} />}</td>
    </tr>
  );
}

function Value({ text }: { text: string | undefined }) {
  if (text === undefined) return <span className="muted">(none)</span>;
  return <pre className="compare-value">{text}</pre>;
}

function Lines({ lines, Mark }: { lines: Array<{ text: string; changed: boolean }>; Mark: "del" | "ins" }) {
  return (
    <pre className="compare-value">
      {lines.map((line, index) => (
        <span key={index}>
          {line.changed ? <Mark>{line.text || " "}</Mark> : line.text}
          {index < lines.length - 1 ? "\n" : ""}
        </span>
      ))}
    </pre>
  );
}

function DiffTag({ status }: { status: DiffStatus }) {
  return <span className={`diff-tag diff-tag-${status}`}>{DIFF_TEXT[status]}</span>;
}
