// What an MCP server asks the agent's model to answer (sampling), shown in full before anyone
// lets it through: the system prompt, each message with its role, the limits, and what approving
// does (sends them to that model, which may cost tokens).
import type { SamplingAsk } from "./ask-types.ts";

export function SamplingRequest({ ask }: { ask: SamplingAsk }) {
  return (
    <div className="sampling-request">
      <p className="outcome-unknown sampling-note" role="note">
        Approving sends {ask.messages.length === 1 ? "this message" : `these ${ask.messages.length} messages`} to <code>{ask.model}</code> and
        returns its answer to <strong>{ask.server}</strong>. It may cost tokens.
      </p>
      {ask.systemPrompt !== undefined && ask.systemPrompt !== "" && (
        <section className="sampling-part" aria-label="System prompt">
          <h4 className="field-label">System prompt</h4>
          <pre className="sampling-text">{ask.systemPrompt}</pre>
        </section>
      )}
      <ol className="sampling-messages" aria-label="Messages">
        {ask.messages.map((message, i) => (
          <li key={i} className={`sampling-message sampling-${message.role}`}>
            <span className="sampling-role">{message.role}</span>
            <pre className="sampling-text">{message.text}</pre>
          </li>
        ))}
      </ol>
      <dl className="approval-facts">
        <dt>Max tokens</dt>
        <dd>{ask.maxTokens}</dd>
        <dt>Temperature</dt>
        <dd>{ask.temperature ?? <span className="muted">model default</span>}</dd>
      </dl>
    </div>
  );
}
