// "file:line" as a button that opens the location in the user's editor.
import type { SourceLocation } from "../contract/index.ts";
import { useStudio } from "../store/index.ts";
import { location } from "./format.ts";

export function SourceLink({ source, label }: { source: Partial<SourceLocation> & { file: string }; label?: string }) {
  const openInEditor = useStudio((s) => s.openInEditor);
  const folder = useStudio((s) => s.project?.folder);
  const text = location(source.file, source.line, source.column, folder);
  return (
    <button type="button" className="link source-link" title={`Open ${text} in your editor`} onClick={() => void openInEditor(source)}>
      {label ?? text}
    </button>
  );
}
