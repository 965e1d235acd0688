// A model call's raw provider request and response bodies, read from the run's record when the
// Raw section opens (getModelExchange): never part of the trace, so never in memory until asked.
// A JSON body is shown formatted, one cut at the cap as the text it kept.
import { useCallback, useEffect, useState } from "react";
import type { ModelExchangeReply, RecordedBody, Result } from "../contract/index.ts";
import { useStudio } from "../store/index.ts";
import { JsonView } from "../ui/JsonView.tsx";
import { formatBytes } from "./raw-format.ts";

export function RawExchange({ runId, nodeId, running }: { runId: string; nodeId: string; running: boolean }) {
  const getModelExchange = useStudio((s) => s.getModelExchange);
  const [reply, setReply] = useState<Result<ModelExchangeReply> | undefined>(undefined);
  const load = useCallback(() => {
    let current = true;
    setReply(undefined);
    void getModelExchange(runId, nodeId).then((result) => {
      if (current) setReply(result);
    });
    return () => {
      current = false;
    };
  }, [getModelExchange, runId, nodeId]);
  useEffect(load, [load]);

  if (reply === undefined) return <p className="muted" role="status">Reading the raw request and response…</p>;
  if (!reply.ok) {
    return (
      <div className="error-box" role="alert">
        <code className="code">{reply.error.code}</code> {reply.error.message}
      </div>
    );
  }
  if (!reply.value.recorded) {
    return (
      <div className="raw-none">
        <p className="muted">{reply.value.reason}</p>
        {running && (
          <button type="button" className="button button-small" onClick={load}>
            Read again
          </button>
        )}
      </div>
    );
  }
  const { exchange } = reply.value;
  return (
    <div className="raw-exchange">
      {exchange.url && (
        <p className="small">
          <span className="muted">Endpoint</span> <code>{exchange.url}</code>
        </p>
      )}
      <p className="note">
        {exchange.failed ? "The call failed: these are the provider's error and what was sent. " : ""}
        Bodies only (headers are never kept); credentials in them are redacted.
      </p>
      <RawBody title="Request body" body={exchange.request} missing="The provider reported no request body." />
      <RawBody
        title="Response body"
        body={exchange.response}
        missing={exchange.streamed ? "The answer came as a stream, so there is no single response body." : "The provider reported no response body."}
      />
    </div>
  );
}

function RawBody({ title, body, missing }: { title: string; body: RecordedBody | undefined; missing: string }) {
  return (
    <div className="raw-body">
      <h4 className="raw-title">{title}</h4>
      {body === undefined ? (
        <p className="muted">{missing}</p>
      ) : "omitted" in body ? (
        <p className="muted">{body.omitted === "budget" ? "Not kept: the run's raw bodies had reached their limit (8 MiB) before this call." : "Not kept: the body could not be written as JSON."}</p>
      ) : (
        <>
          {body.truncated && (
            <p className="muted small">
              Cut at {formatBytes(body.text.length)} of {formatBytes(body.length)}.
            </p>
          )}
          <JsonView value={shown(body)} label={title} />
        </>
      )}
    </div>
  );
}

// A whole JSON body formatted; a cut one, or text, as it is.
function shown(body: Extract<RecordedBody, { text: string }>): unknown {
  if (body.format !== "json" || body.truncated) return body.text;
  try {
    return JSON.parse(body.text) as unknown;
  } catch {
    return body.text;
  }
}
