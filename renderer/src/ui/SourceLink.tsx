// "file:line" as a button that shows the location in the studio's Source panel (read-only, the
// line marked); the panel's "Open in editor" takes it on to the user's editor.
import type { SourceLocation } from "../contract/index.ts";
import { useStudio } from "../store/index.ts";
import { location } from "./format.ts";

export function SourceLink({ source, label }: { source: Partial<SourceLocation> & { file: string }; label?: string }) {
  const openSource = useStudio((s) => s.openSource);
  const folder = useStudio((s) => s.project?.folder);
  const text = location(source.file, source.line, source.column, folder);
  return (
    <button type="button" className="link source-link" title={`Show ${text} in the Source panel`} onClick={() => void openSource(source)}>
      {label ?? text}
    </button>
  );
}
