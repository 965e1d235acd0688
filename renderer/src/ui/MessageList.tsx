// A model call's prompt messages (AI SDK ModelMessage shape): role, then each content part. Shown
// by a model-call node (trace-view/) and by a stop before a model call (stop/), so it is ui/'s.
import { JsonView } from "./JsonView.tsx";

interface Part {
  type?: string;
  text?: string;
  toolName?: string;
  toolCallId?: string;
  input?: unknown;
  output?: unknown;
  mediaType?: string;
}

/**
 * `messages`, numbered from `offset + 1`. `newFrom`: the index in `messages` where the messages
 * new in this call begin (a model call's whole prompt, its delta marked); none marked without it.
 */
export function MessageList({ messages, offset, newFrom }: { messages: unknown[]; offset: number; newFrom?: number }) {
  return (
    <ol className="messages" start={offset + 1} aria-label="Messages">
      {messages.map((message, index) => {
        const { role, content } = (message ?? {}) as { role?: string; content?: unknown };
        const parts: Part[] = typeof content === "string" ? [{ type: "text", text: content }] : Array.isArray(content) ? (content as Part[]) : [];
        const isNew = newFrom !== undefined && index >= newFrom;
        return (
          <li key={index} className={`message message-${role ?? "unknown"}${isNew ? " message-new" : ""}`}>
            <div className="message-role">
              #{offset + index + 1} {role ?? "message"}
              {index === newFrom && <span className="chip chip-new">new in this call</span>}
            </div>
            {parts.map((part, i) => (
              <MessagePart key={i} part={part} />
            ))}
          </li>
        );
      })}
    </ol>
  );
}

function MessagePart({ part }: { part: Part }) {
  switch (part.type) {
    case "text":
    case "reasoning":
      return <p className={`message-text${part.type === "reasoning" ? " is-reasoning" : ""}`}>{part.text}</p>;
    case "tool-call":
      return (
        <div className="message-tool">
          <span className="chip">tool call</span> <code>{part.toolName}</code> <span className="muted small">{part.toolCallId}</span>
          <JsonView value={part.input} />
        </div>
      );
    case "tool-result":
      return (
        <div className="message-tool">
          <span className="chip">tool result</span> <code>{part.toolName}</code> <span className="muted small">{part.toolCallId}</span>
          <JsonView value={part.output} />
        </div>
      );
    default:
      return <JsonView value={part} />;
  }
}
