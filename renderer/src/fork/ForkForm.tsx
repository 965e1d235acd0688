// "Fork from here": re-run a recorded run from its record up to this model call, then live — with
// another model and/or an edited prompt (the call's whole prompt, prefilled). Errors show inline.
import { useId, useMemo, useState, type FormEvent } from "react";
import type { StudioError, TraceNode } from "../contract/index.ts";
import { useStudio } from "../store/index.ts";
import { fullPrompt } from "./full-prompt.ts";

export interface ForkFormProps {
  runId: string;
  node: TraceNode;
  nodes: ReadonlyMap<string, TraceNode>;
  onClose: () => void;
}

export function ForkForm({ runId, node, nodes, onClose }: ForkFormProps) {
  const forkRun = useStudio((s) => s.forkRun);
  const startPaused = useStudio((s) => s.startPaused);
  const original = useMemo(() => JSON.stringify(fullPrompt(nodes, node.id), null, 2), [nodes, node.id]);
  const [model, setModel] = useState("");
  const [prompt, setPrompt] = useState(original);
  const [paused, setPaused] = useState(startPaused);
  const [error, setError] = useState<StudioError | null>(null);
  const [promptError, setPromptError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const modelNow = modelOf(node);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = parsePrompt(prompt);
    setError(null);
    if (!parsed.ok) {
      setPromptError(parsed.message);
      return;
    }
    setPromptError(null);
    setBusy(true);
    const edited = JSON.stringify(parsed.value) !== JSON.stringify(JSON.parse(original));
    const result = await forkRun({
      runId,
      nodeId: node.id,
      ...(model.trim() ? { model: model.trim() } : {}),
      ...(edited ? { prompt: parsed.value } : {}),
      ...(paused ? { paused: true } : {}),
    });
    setBusy(false);
    if (result.ok) onClose();
    else setError(result.error);
  };

  return (
    <form className="fork-form" aria-label="Fork from this model call" onSubmit={(e) => void submit(e)}>
      <p className="note">Runs the recorded answers up to this call (nothing paid again), then this call and the rest live.</p>
      <label htmlFor={`${id}-model`} className="field-label">
        Model (optional)
      </label>
      <input
        id={`${id}-model`}
        className="text-input"
        value={model}
        placeholder={modelNow ? `As recorded (${modelNow}), or e.g. openai:gpt-5-mini` : "As recorded, or e.g. openai:gpt-5-mini"}
        spellCheck={false}
        onChange={(e) => setModel(e.target.value)}
      />
      <label htmlFor={`${id}-prompt`} className="field-label">
        Prompt (JSON messages)
      </label>
      <textarea
        id={`${id}-prompt`}
        className={`run-input fork-prompt${promptError ? " has-error" : ""}`}
        value={prompt}
        rows={10}
        spellCheck={false}
        aria-invalid={promptError ? true : undefined}
        aria-describedby={promptError ? `${id}-prompt-error` : undefined}
        onChange={(e) => {
          setPrompt(e.target.value);
          if (promptError) setPromptError(null);
        }}
      />
      {promptError && (
        <p id={`${id}-prompt-error`} className="field-error" role="alert">
          {promptError}
        </p>
      )}
      <label className="check">
        <input type="checkbox" checked={paused} onChange={(e) => setPaused(e.target.checked)} />
        Start paused
      </label>
      {error && (
        <p className="field-error" role="alert">
          <code className="code">{error.code}</code> {error.message}
        </p>
      )}
      <div className="row">
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? "Forking…" : "Fork"}
        </button>
        <button type="button" className="button" onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function modelOf(node: TraceNode): string | undefined {
  const modelId = (node.input as { modelId?: unknown } | undefined)?.modelId;
  return typeof modelId === "string" ? modelId : undefined;
}

/** The edited prompt, checked before anything is sent, as the Run box checks its input. */
function parsePrompt(text: string): { ok: true; value: unknown[] } | { ok: false; message: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: `The prompt is not valid JSON (${(error as Error).message}). Give the call's messages as a JSON array, e.g. [{"role":"user","content":[{"type":"text","text":"…"}]}].` };
  }
  if (!Array.isArray(value)) return { ok: false, message: "The prompt must be a JSON array of messages (the call's whole prompt), not a single value." };
  return { ok: true, value };
}
