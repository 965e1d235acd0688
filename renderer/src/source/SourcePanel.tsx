// "Source": the project file a file:line link opened, read-only and highlighted, the line marked
// and in view. Its header names the file (relative to the project) and holds "Open in editor" and
// "Close"; Escape closes too, and the focus goes back to the link that opened it. What became of
// "Open in editor" shows here, beside the button: a host with no editor to start says so and what
// to set, instead of a click that seems to do nothing.
import { useLayoutEffect, useRef, type RefObject } from "react";
import { useShallow } from "zustand/react/shallow";
import type { SourceFile } from "../contract/index.ts";
import { useStudio, type EditorOutcome, type SourceView } from "../store/index.ts";
import { EmptyState, Panel } from "../ui/Panel.tsx";
import { projectPath } from "../ui/format.ts";
import { SourceCode, splitLines } from "./SourceCode.tsx";
import "./source.css";

export function SourcePanel() {
  const source = useStudio((s) => s.source);
  const folder = useStudio((s) => s.project?.folder);
  const { closeSource, openSourceInEditor } = useStudio(useShallow((s) => ({ closeSource: s.closeSource, openSourceInEditor: s.openSourceInEditor })));
  const host = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const id = source?.id;
  const status = source?.status;

  // Each open: remember what had the focus (the link), then take it, so Escape works at once.
  useLayoutEffect(() => {
    if (id === undefined) return;
    const active = document.activeElement;
    if (active instanceof HTMLElement && active !== document.body && !host.current?.contains(active)) opener.current = active;
    host.current?.focus({ preventScroll: true });
  }, [id]);

  // The file is shown: the focus moves on to its lines (arrows and Page keys scroll them).
  useLayoutEffect(() => {
    if (status === "ready" && document.activeElement === host.current) list.current?.focus({ preventScroll: true });
  }, [id, status]);

  if (!source) return null;

  const close = () => {
    closeSource();
    const back = opener.current;
    opener.current = null;
    if (back?.isConnected) back.focus();
  };

  const path = source.file?.relativePath ?? projectPath(source.location.file, folder);
  const { line, column } = source.location;
  const at = line ? `line ${line}${column ? `, column ${column}` : ""}` : "";

  return (
    <div
      ref={host}
      className="source-host"
      tabIndex={-1}
      onKeyDown={(event) => {
        if (event.key !== "Escape" || event.defaultPrevented) return;
        event.preventDefault();
        close();
      }}
    >
      <Panel
        title="Source"
        className="source-panel"
        meta={
          <span className="source-path" title={source.file?.file ?? source.location.file}>
            <span className="mono">{path}</span>
            {at && <span className="source-at">{at}</span>}
          </span>
        }
        actions={
          <>
            <button
              type="button"
              className="button button-small"
              title={`Open ${path}${line ? ` at line ${line}` : ""} in your editor (the studio starts $JUNE_EDITOR, $VISUAL or $EDITOR)`}
              aria-busy={source.editor?.status === "opening" || undefined}
              onClick={() => void openSourceInEditor()}
            >
              Open in editor
            </button>
            <button type="button" className="button button-small" title="Close the source (Escape)" aria-keyshortcuts="Escape" onClick={close}>
              Close
            </button>
          </>
        }
      >
        {source.editor && <EditorMessage outcome={source.editor} path={path} />}
        <SourceBody source={source} path={path} list={list} />
      </Panel>
    </div>
  );
}

function SourceBody({ source, path, list }: { source: SourceView; path: string; list: RefObject<HTMLDivElement | null> }) {
  if (source.status === "failed" && source.error) {
    return (
      <div className="error-box source-error" role="alert">
        <code className="code">{source.error.code}</code> {source.error.message}
      </div>
    );
  }
  if (!source.file) return <EmptyState title={`Reading ${path}…`} tone="loading" />;
  const { line, column } = source.location;
  return (
    <>
      <FileNote file={source.file} line={line} />
      <SourceCode text={source.file.text} language={source.file.language} label={`Lines of ${path}`} line={line} column={column} viewId={source.id} listRef={list} />
    </>
  );
}

/** What is not shown: the end of a file over 1 MiB, or a line past the file's end. */
function FileNote({ file, line }: { file: SourceFile; line: number | undefined }) {
  const count = splitLines(file.text).length;
  const notes: string[] = [];
  if (file.truncated) notes.push(`Showing the first ${count.toLocaleString("en-US")} lines of this ${size(file.size)} file; open it in your editor for the rest.`);
  if (line !== undefined && line > count) notes.push(file.truncated ? `Line ${line} is past what is shown.` : `Line ${line} is past the end of the file (${count} lines): it changed since that line was recorded.`);
  if (notes.length === 0) return null;
  return <p className="source-note muted">{notes.join(" ")}</p>;
}

function size(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MiB` : `${Math.max(1, Math.round(bytes / 1024))} KiB`;
}

function EditorMessage({ outcome, path }: { outcome: EditorOutcome; path: string }) {
  if (outcome.status === "opening") {
    return (
      <p className="source-editor muted" role="status">
        Opening {path} in your editor…
      </p>
    );
  }
  if (outcome.status === "opened") {
    return (
      <p className="source-editor muted" role="status">
        Sent {path} to your editor, on the machine the studio runs on. Nothing opened? Set JUNE_EDITOR to an editor that opens a window there, e.g. JUNE_EDITOR="code --goto", and start the studio again.
      </p>
    );
  }
  return (
    <div className="error-box source-editor" role="alert">
      <code className="code">{outcome.error.code}</code> {outcome.error.message}
    </div>
  );
}
