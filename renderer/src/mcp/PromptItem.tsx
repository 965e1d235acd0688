// One prompt of a server: what it is, a text field per argument (required ones marked and
// required), and "Get prompt", which shows the messages the server filled in, with their roles.
import { useId, useState, type FormEvent } from "react";
import type { McpPromptInfo, McpPromptResult } from "../contract/june-types.ts";
import { useStudio } from "../store/index.ts";
import { McpError } from "./McpError.tsx";
import { useHostCall } from "./use-host-call.ts";

export function PromptItem({ server, prompt }: { server: string; prompt: McpPromptInfo }) {
  const idPrefix = useId();
  const getMcpPrompt = useStudio((s) => s.getMcpPrompt);
  const [values, setValues] = useState<Record<string, string>>({});
  const [got, run] = useHostCall<McpPromptResult>();
  const name = prompt.title ?? prompt.name;
  // Empty optional arguments are left out: the server fills in its own default.
  const filled = () => Object.fromEntries(prompt.arguments.filter((a) => (values[a.name] ?? "") !== "" || a.required).map((a) => [a.name, values[a.name] ?? ""]));
  const ask = () => void run(() => getMcpPrompt(server, prompt.name, filled()));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    ask();
  };

  return (
    <li className="mcp-item">
      <div className="mcp-item-head">
        <span className="mcp-item-name">{name}</span>
        {prompt.title && prompt.title !== prompt.name && <span className="mono small muted">{prompt.name}</span>}
      </div>
      {prompt.description && <p className="muted mcp-description">{prompt.description}</p>}
      <form className="mcp-prompt-form" aria-label={`Arguments of ${name}`} onSubmit={submit}>
        {prompt.arguments.map((argument, i) => {
          const id = `${idPrefix}-${i}`;
          return (
            <div key={argument.name} className="mcp-argument">
              <label htmlFor={id} className="field-label">
                {argument.name}
                {argument.required && (
                  <span className="mcp-required" aria-hidden="true">
                    {" "}
                    *
                  </span>
                )}
              </label>
              <input
                id={id}
                className="text-input"
                type="text"
                required={argument.required}
                aria-required={argument.required || undefined}
                value={values[argument.name] ?? ""}
                onChange={(e) => setValues({ ...values, [argument.name]: e.target.value })}
              />
              {argument.description && <span className="muted small">{argument.description}</span>}
            </div>
          );
        })}
        {prompt.arguments.some((a) => a.required) && (
          <p className="muted small mcp-required-note">
            <span className="mcp-required">*</span> required
          </p>
        )}
        <button type="submit" className="button button-small button-primary" aria-label={`Get prompt ${name}`} disabled={got.status === "waiting"}>
          Get prompt
        </button>
      </form>
      {got.status === "waiting" && (
        <p className="muted mcp-waiting" aria-busy="true">
          <span className="spinner spinner-small" aria-hidden="true" /> Getting {name}…
        </p>
      )}
      {got.status === "failed" && <McpError error={got.error} onRetry={ask} />}
      {got.status === "done" && <PromptMessages result={got.value} label={`Messages of ${name}`} />}
    </li>
  );
}

function PromptMessages({ result, label }: { result: McpPromptResult; label: string }) {
  return (
    <div className="mcp-prompt-result">
      {result.description && <p className="muted mcp-description">{result.description}</p>}
      {result.messages.length === 0 ? (
        <p className="muted">The server returned no messages.</p>
      ) : (
        <ol className="mcp-messages" aria-label={label}>
          {result.messages.map((message, i) => (
            <li key={i} className={`mcp-message mcp-message-${message.role}`}>
              <span className="mcp-message-role">{message.role}</span>
              <pre className="mcp-content-text" tabIndex={0}>
                {message.text}
              </pre>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
