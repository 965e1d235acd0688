// The form an MCP server asks a person to fill in (elicitation), drawn from its restricted JSON
// Schema: one labelled control per property, its description as help, its problem beside it.
// The card owns the entries (useElicitationForm) so its `a` shortcut can submit them too.
import { useState, type KeyboardEvent } from "react";
import type { ElicitContent, ElicitField, ElicitSchema } from "./ask-types.ts";
import { choicesOf, controlOf, initialEntries, inputTypeOf, labelOf, readForm, type Entries, type Entry } from "./elicit-form.ts";

export interface ElicitationFormState {
  entries: Entries;
  problems: Record<string, string>;
  change(name: string, entry: Entry): void;
  /** Checks the entries: the content to send, or undefined after showing each problem by its field. */
  submit(): ElicitContent | undefined;
}

/** The entries of one form, prefilled from the schema's defaults. `idPrefix` names its controls. */
export function useElicitationForm(schema: ElicitSchema, idPrefix: string): ElicitationFormState {
  const [entries, setEntries] = useState(() => initialEntries(schema));
  const [problems, setProblems] = useState<Record<string, string>>({});
  return {
    entries,
    problems,
    change(name, entry) {
      setEntries((old) => ({ ...old, [name]: entry }));
      // A corrected field stops showing its problem; the others keep theirs until the next submit.
      setProblems(({ [name]: _fixed, ...rest }) => rest);
    },
    submit() {
      const reading = readForm(schema, entries);
      if (reading.ok) {
        setProblems({});
        return reading.content;
      }
      setProblems(reading.problems);
      const first = Object.keys(schema.properties).findIndex((name) => name in reading.problems);
      document.getElementById(controlId(idPrefix, first))?.focus();
      return undefined;
    },
  };
}

export interface ElicitationFormProps {
  schema: ElicitSchema;
  idPrefix: string;
  form: ElicitationFormState;
  label: string;
  disabled?: boolean;
  onSubmit: () => void;
}

export function ElicitationForm({ schema, idPrefix, form, label, disabled, onSubmit }: ElicitationFormProps) {
  const required = new Set(schema.required ?? []);
  // Enter in a one-line field submits, as in any form; the card's buttons live outside it.
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    const target = event.target;
    if (event.key !== "Enter" || !(target instanceof HTMLInputElement) || target.type === "checkbox") return;
    event.preventDefault();
    if (!disabled) onSubmit();
  };
  return (
    <form
      className="elicit-form"
      aria-label={label}
      noValidate
      onKeyDown={onKeyDown}
      onSubmit={(event) => {
        event.preventDefault();
        if (!disabled) onSubmit();
      }}
    >
      {Object.entries(schema.properties).map(([name, field], index) => (
        <FieldControl
          key={name}
          id={controlId(idPrefix, index)}
          name={name}
          field={field}
          required={required.has(name)}
          entry={form.entries[name]}
          problem={form.problems[name]}
          disabled={disabled}
          onChange={(entry) => form.change(name, entry)}
        />
      ))}
    </form>
  );
}

const controlId = (prefix: string, index: number) => `${prefix}-field-${index}`;

interface FieldControlProps {
  id: string;
  name: string;
  field: ElicitField;
  required: boolean;
  entry: Entry | undefined;
  problem: string | undefined;
  disabled: boolean | undefined;
  onChange: (entry: Entry) => void;
}

function FieldControl({ id, name, field, required, entry, problem, disabled, onChange }: FieldControlProps) {
  const label = labelOf(name, field);
  const helpId = field.description ? `${id}-help` : undefined;
  const problemId = problem ? `${id}-problem` : undefined;
  const describedBy = [helpId, problemId].filter(Boolean).join(" ") || undefined;
  const common = { id, disabled, "aria-invalid": problem ? true : undefined, "aria-describedby": describedBy };
  const marker = required ? (
    <span className="elicit-required" aria-hidden="true">
      {" "}
      *
    </span>
  ) : null;
  const help = field.description ? (
    <p id={helpId} className="elicit-help">
      {field.description}
    </p>
  ) : null;
  const shown = problem ? (
    <p id={problemId} className="field-error">
      {problem}
    </p>
  ) : null;
  const text = typeof entry === "string" ? entry : "";
  const control = controlOf(field);

  if (control === "checkbox") {
    return (
      <div className="elicit-field elicit-check">
        <label>
          <input type="checkbox" {...common} required={required} checked={entry === true} onChange={(e) => onChange(e.target.checked)} /> {label}
          {marker}
        </label>
        {help}
        {shown}
      </div>
    );
  }

  if (control === "checkboxes") {
    const picked = Array.isArray(entry) ? entry : [];
    return (
      <fieldset className="elicit-field elicit-choices" aria-invalid={common["aria-invalid"]} aria-describedby={describedBy} aria-required={required || undefined}>
        <legend className="field-label">
          {label}
          {marker}
        </legend>
        {choicesOf(field).map((choice, i) => (
          <label key={choice.const} className="elicit-choice">
            <input
              type="checkbox"
              id={i === 0 ? id : undefined}
              disabled={disabled}
              checked={picked.includes(choice.const)}
              onChange={(e) => onChange(e.target.checked ? [...picked, choice.const] : picked.filter((v) => v !== choice.const))}
            />{" "}
            {choice.title}
          </label>
        ))}
        {help}
        {shown}
      </fieldset>
    );
  }

  return (
    <div className="elicit-field">
      <label htmlFor={id} className="field-label">
        {label}
        {marker}
      </label>
      {control === "select" ? (
        <select {...common} className="text-input" required={required} value={text} onChange={(e) => onChange(e.target.value)}>
          {/* Nothing chosen yet, or (optional) nothing to send. */}
          {(!required || text === "") && <option value="">{required ? "Choose…" : "—"}</option>}
          {choicesOf(field).map((choice) => (
            <option key={choice.const} value={choice.const}>
              {choice.title}
            </option>
          ))}
        </select>
      ) : control === "number" && field.type !== "string" ? (
        <input
          {...common}
          type="number"
          className="text-input"
          required={required}
          min={"minimum" in field ? field.minimum : undefined}
          max={"maximum" in field ? field.maximum : undefined}
          step={field.type === "integer" ? 1 : "any"}
          value={text}
          onChange={(e) => onChange(e.target.value)}
        />
      ) : (
        <input
          {...common}
          type={inputTypeOf(field)}
          className="text-input"
          required={required}
          minLength={field.type === "string" ? field.minLength : undefined}
          maxLength={field.type === "string" ? field.maxLength : undefined}
          value={text}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
      {help}
      {shown}
    </div>
  );
}
