// The one error type June throws for anything a user can cause. `code` is stable (listed in
// docs/errors.md) so tests and the studio can key on it while the message improves.

/** Every error code June can raise. */
export type JuneErrorCode =
  | "JUNE_COLLISION"
  | "JUNE_BUNDLE_CYCLE"
  | "JUNE_BUNDLE_NOT_CAPABILITY"
  | "JUNE_WRAPPER_NOT_CAPABILITY"
  | "JUNE_CAPABILITY_IN_COMPONENT"
  | "JUNE_CAPABILITY_OUTSIDE_AGENT"
  | "JUNE_INHERIT_MISSING"
  | "JUNE_INHERIT_DUPLICATE"
  | "JUNE_INHERIT_NO_PARENT"
  | "JUNE_INVALID_NAMESPACE"
  | "JUNE_INVALID_TOOL_NAME"
  | "JUNE_INVALID_PROPS"
  | "JUNE_INVALID_CHILD"
  | "JUNE_STEP_OUTSIDE_AGENT"
  | "JUNE_CAPABILITY_FAILED"
  | "JUNE_ABORTED"
  | "JUNE_BASH_TIMEOUT"
  | "JUNE_SANDBOX_UNAVAILABLE"
  | "JUNE_MISSING_API_KEY"
  | "JUNE_SCRIPT_EXHAUSTED"
  | "JUNE_TOOL_FAILED"
  | "JUNE_STEP_FAILED"
  | "JUNE_MODEL_FAILED"
  | "JUNE_LOAD_FAILED"
  | "JUNE_FOLDER_REFUSED"
  | "JUNE_FOLDER_RESTRICTED"
  | "JUNE_INVALID_POLICY"
  | "JUNE_INVALID_CONFIG"
  | "JUNE_DUPLICATE_AGENT"
  | "JUNE_NO_MODEL"
  | "JUNE_DUPLICATE_STEP"
  | "JUNE_UNKNOWN_APPROVAL"
  | "JUNE_BAD_ANSWER"
  | "JUNE_PATH_OUTSIDE_ROOT"
  | "JUNE_PATH_STUDIO_DATA"
  | "JUNE_UNKNOWN_AGENT"
  | "JUNE_BUILTIN_FAILED"
  | "JUNE_WEB_ADDRESS_REFUSED"
  | "JUNE_WEB_FETCH_FAILED"
  | "JUNE_WEB_SEARCH_FAILED"
  | "JUNE_INVALID_BLOCK"
  | "JUNE_BLOCK_COLLISION"
  | "JUNE_BLOCK_TOOL_NAME"
  | "JUNE_BLOCK_CYCLE"
  | "JUNE_BLOCK_FAILED"
  | "JUNE_UNKNOWN_SKILL"
  | "JUNE_INVALID_MCP_NAME"
  | "JUNE_INVALID_MCP_CONFIG"
  | "JUNE_FRONTMATTER_INVALID"
  | "JUNE_AGENT_FIELD_MISSING"
  | "JUNE_AGENT_FIELD_INVALID"
  | "JUNE_AGENT_FIELD_OVERRIDE_ONLY"
  | "JUNE_DUPLICATE_AGENT"
  | "JUNE_AGENTS_NOT_FOUND"
  | "JUNE_AGENT_FILE_UNREADABLE"
  | "JUNE_UNKNOWN_TOOL"
  | "JUNE_UNKNOWN_MCP_SERVER"
  | "JUNE_MCP_TOOL_MISSING"
  | "JUNE_UNKNOWN_MODEL_PROVIDER"
  | "JUNE_CHOICE_NOT_OFFERED"
  | "JUNE_AWAITING_APPROVAL"
  | "JUNE_REPLAY_EMPTY"
  | "JUNE_REPLAY_FORK_POINT"
  | "JUNE_REPLAY_MISMATCH"
  | "JUNE_REPLAYED_FAILURE"
  | "JUNE_TOOL_NOT_RERUN"
  | "JUNE_VALUE_TOO_DEEP"
  | "JUNE_VALUE_TOO_LARGE"
  | "JUNE_RECORD_FAILED"
  | "JUNE_PERMISSION_DENIED"
  | "JUNE_INTERNAL";

/** Where an element was written, from the dev JSX runtime. */
export interface SourceLocation {
  file: string;
  line: number;
  column: number;
}

/**
 * An error a user caused, with a stable code.
 *
 * @example
 * throw new JuneError("JUNE_INHERIT_MISSING", 'june: the enclosing <Agent> has no tool "x"');
 */
export class JuneError extends Error {
  readonly code: JuneErrorCode;
  readonly source?: SourceLocation;

  constructor(code: JuneErrorCode, message: string, options?: { cause?: unknown; source?: SourceLocation }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = "JuneError";
    this.code = code;
    if (options?.source) this.source = options.source;
  }
}

/** True for a JuneError, also across bundle copies of the engine (checked by marker, not class). */
export function isJuneError(error: unknown): error is JuneError {
  return error instanceof Error && error.name === "JuneError" && typeof (error as JuneError).code === "string";
}
