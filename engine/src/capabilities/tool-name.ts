// Tool and namespace names: what providers accept on the wire, checked where they are declared.
import { JuneError } from "../errors/index.ts";
import type { SourceLocation } from "../errors/index.ts";

/** What OpenAI, Anthropic and most providers accept as a function name. */
export const TOOL_NAME = /^[A-Za-z0-9_-]{1,64}$/;
/** The spec: letters, digits and hyphens, starting with a letter. */
export const NAMESPACE_NAME = /^[A-Za-z][A-Za-z0-9-]*$/;

export function checkNamespaceName(name: unknown, source: SourceLocation | undefined): string {
  if (typeof name !== "string" || !NAMESPACE_NAME.test(name)) {
    throw new JuneError(
      "JUNE_INVALID_NAMESPACE",
      `june: <Namespace name=${JSON.stringify(name)}> is not a valid namespace${source ? ` at ${source.file}:${source.line}:${source.column}` : ""}: ` +
        `a namespace is letters, digits and hyphens, starting with a letter (e.g. "github").`,
      source ? { source } : undefined,
    );
  }
  return name;
}

export function checkToolName(name: string, declaration: string, source: SourceLocation | undefined): void {
  if (!TOOL_NAME.test(name)) {
    throw new JuneError(
      "JUNE_INVALID_TOOL_NAME",
      `june: the tool name ${JSON.stringify(name)} from ${declaration}${source ? ` at ${source.file}:${source.line}:${source.column}` : ""} ` +
        `is not one a model provider accepts: use 1 to 64 letters, digits, "_" or "-".`,
      source ? { source } : undefined,
    );
  }
}
