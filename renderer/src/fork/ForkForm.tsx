// "Fork from here": re-run a recorded run from its record up to this model call, then live — with
// another model and/or an edited prompt (the call's whole prompt, prefilled). Errors show inline.
import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import type { StudioError, TraceNode, TraceNodeOf } from "../contract/index.ts";
import { useStudio } from "../store/index.ts";
import { fullPrompt } from "../trace/index.ts";
import { CheckField } from "../ui/CheckField.tsx";

export interface ForkFormProps {
  runId: string;
  /** The recorded model call to fork from. */
  node: TraceNodeOf<"model-call">;
  nodes: ReadonlyMap<string, TraceNode>;
  onClose: () => void;
  /** The fork started: its run id (the studio selects the run). */
  onForked?: (runId: string) => void;
}

export function ForkForm({ runId, node, nodes, onClose, onForked }: ForkFormProps) {
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
  const modelNow = node.input?.modelId;
  const modelField = useRef<HTMLInputElement>(null);
  const promptField = useRef<HTMLTextAreaElement>(null);
  // The host's answer about the model (unknown provider, no key) belongs beside the Model field.
  const modelError = error && model.trim() !== "" && error.message.includes(`"${model.trim()}"`) ? error : null;
  const formError = modelError ? null : error;

  useEffect(() => modelField.current?.focus(), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = parsePrompt(prompt);
    setError(null);
    if (!parsed.ok) {
      setPromptError(parsed.message);
      promptField.current?.focus();
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
    if (result.ok) {
      onForked?.(result.value.runId);
      onClose();
      return;
    }
    setError(result.error);
    const sent = model.trim();
    if (sent && result.error.message.includes(`"${sent}"`)) modelField.current?.focus();
  };

  // Escape leaves the form as Cancel does (the button that opened it gets the focus back).
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== "Escape" || busy) return;
    event.preventDefault();
    event.stopPropagation();
    onClose();
  };

  return (
    <form className="fork-form" aria-label="Fork from this model call" onSubmit={(e) => void submit(e)} onKeyDown={onKeyDown}>
      <p className="note">
        Starts a new run: everything before this call is answered from this run's record (no provider calls, nothing billed), then this call and
        everything after it run live — on another model or with an edited prompt if you give one.
      </p>
      <label htmlFor={`${id}-model`} className="field-label">
        Model (optional)
      </label>
      <input
        ref={modelField}
        id={`${id}-model`}
        className={`text-input${modelError ? " has-error" : ""}`}
        value={model}
        aria-invalid={modelError ? true : undefined}
        aria-describedby={modelError ? `${id}-model-error` : undefined}
        placeholder={modelNow ? `As recorded (${modelNow}), or e.g. openai:gpt-5-mini` : "As recorded, or e.g. openai:gpt-5-mini"}
        spellCheck={false}
        onChange={(e) => {
          setModel(e.target.value);
          if (modelError) setError(null);
        }}
      />
      {modelError && (
        <p id={`${id}-model-error`} className="field-error" role="alert">
          <code className="code">{modelError.code}</code> {modelError.message}
        </p>
      )}
      <label htmlFor={`${id}-prompt`} className="field-label">
        Prompt (JSON messages)
      </label>
      <textarea
        ref={promptField}
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
      <CheckField checked={paused} onChange={setPaused}>
        Start paused
      </CheckField>
      {formError && (
        <p className="field-error" role="alert">
          <code className="code">{formError.code}</code> {formError.message}
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
