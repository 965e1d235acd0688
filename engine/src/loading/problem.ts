// A problem found in a project before any run: a load error, a resolution error (collision,
// cycle, missing inherit, unknown tool) or a warning, with its file and line when known. Node-free:
// the studio's contract and renderer take this type as it is (loading/browser.ts), never a copy.
import { isJuneError, type SourceLocation } from "../errors/index.ts";

export interface Problem {
  severity: "error" | "warning";
  code: string;
  message: string;
  file?: string;
  line?: number;
  column?: number;
  /** The project entry it belongs to, when it belongs to one. */
  entryId?: string;
}

export function problemFromError(error: unknown, fallbackFile: string | undefined, entryId?: string): Problem {
  const source: SourceLocation | undefined = isJuneError(error) ? error.source : undefined;
  return {
    severity: "error",
    code: isJuneError(error) ? error.code : "JUNE_INTERNAL",
    message: error instanceof Error ? error.message : String(error),
    ...place(source, fallbackFile),
    ...(entryId ? { entryId } : {}),
  };
}

export function place(source: SourceLocation | undefined, fallbackFile: string | undefined): Pick<Problem, "file" | "line" | "column"> {
  if (source) return { file: source.file, line: source.line, column: source.column };
  return fallbackFile ? { file: fallbackFile } : {};
}
