// claudeBuiltins(): Claude Code's Read, Write, Edit, MultiEdit, Glob, Grep, LS, Bash, NotebookEdit
// and TodoWrite as real AI SDK tools,
// with Claude Code's names and input shapes so a markdown agent (and a model trained on Claude
// Code) uses them unchanged. File tools are confined to the project folder and kept out of the
// studio's run records; changes wait for approval unless told otherwise.
import path from "node:path";
import { JuneError } from "../../errors/index.ts";
import { claudeBashTool } from "./bash.ts";
import { STUDIO_DATA_FOLDER } from "./confine.ts";
import type { ClaudeBashOptions, ClaudeBashTool } from "./bash.ts";
import { editTool } from "./edit.ts";
import type { EditTool } from "./edit.ts";
import { globTool } from "./glob.ts";
import { lsTool } from "./ls.ts";
import type { LsTool } from "./ls.ts";
import { multiEditTool } from "./multi-edit.ts";
import type { MultiEditTool } from "./multi-edit.ts";
import { notebookEditTool } from "./notebook-edit.ts";
import type { NotebookEditTool } from "./notebook-edit.ts";
import { todoWriteTool } from "./todo-write.ts";
import { webFetchTool } from "./web-fetch.ts";
import type { WebFetchOptions, WebFetchTool } from "./web-fetch.ts";
import { webSearchTool } from "./web-search.ts";
import type { WebSearchSettings, WebSearchTool } from "./web-search.ts";
import type { TodoWriteTool } from "./todo-write.ts";
import type { GlobTool } from "./glob.ts";
import { grepTool } from "./grep.ts";
import type { GrepTool } from "./grep.ts";
import { CLAUDE_BUILTIN_NAMES, isClaudeBuiltinName } from "./names.ts";
import type { ClaudeBuiltinName } from "./names.ts";
import { readTool } from "./read.ts";
import type { ReadTool } from "./read.ts";
import { writeTool } from "./write.ts";
import type { WriteTool } from "./write.ts";

/** Options for {@link claudeBuiltins}. */
export interface ClaudeBuiltinsOptions {
  /**
   * The project folder: relative paths resolve against it, and no file tool reads or writes
   * outside it (after `..` and symlinks). Bash runs in it. Resolved against `process.cwd()` now;
   * it must exist when a tool is called.
   */
  root: string;
  /**
   * Which tools wait for approval. Default: Write, Edit, MultiEdit, NotebookEdit and Bash do;
   * Read, Glob, Grep, LS and TodoWrite don't (a blanket `true` leaves TodoWrite unasked too). An object overrides per tool
   * (`{ Write: false }`); a boolean sets them all.
   */
  needsApproval?: boolean | Partial<Record<ClaudeBuiltinName, boolean>>;
  /** Bash's timeouts, environment and output limit. */
  bash?: ClaudeBashOptions;
  /** WebFetch's allowed domains, private-address opt-in and limits (june.config.ts `webFetch`). */
  webFetch?: Omit<WebFetchOptions, "needsApproval">;
  /** The search provider WebSearch uses (june.config.ts `webSearch`); without one there is no WebSearch. */
  webSearch?: WebSearchSettings;
  /**
   * Where the studio records runs, when not under `.june/` (absolute, or relative to `root`; a
   * project's config `runs`). Kept out of the file tools' reach like `.june/` itself.
   */
  runsFolder?: string;
  /**
   * Let Read, Write, Edit, Glob and Grep reach the studio's run records (`.june/` and
   * `runsFolder`), which hold other runs' inputs and outputs. Default false: they refuse such
   * paths with `JUNE_PATH_STUDIO_DATA` and searches skip them.
   */
  allowStudioData?: boolean;
}

/**
 * The tools {@link claudeBuiltins} returns, by their Claude Code names. A type alias, not an
 * interface, so it is assignable to the AI SDK's `ToolSet` as is.
 */
export type ClaudeBuiltins = {
  Read: ReadTool;
  Write: WriteTool;
  Edit: EditTool;
  MultiEdit: MultiEditTool;
  Glob: GlobTool;
  Grep: GrepTool;
  LS: LsTool;
  Bash: ClaudeBashTool;
  NotebookEdit: NotebookEditTool;
  TodoWrite: TodoWriteTool;
  WebFetch: WebFetchTool;
  /** Only with a search provider (`webSearch`). */
  WebSearch?: WebSearchTool;
};

/** Whether each built-in waits for approval by default: the ones that change things do. */
export const DEFAULT_NEEDS_APPROVAL: Readonly<Record<ClaudeBuiltinName, boolean>> = Object.freeze({
  Read: false,
  Write: true,
  Edit: true,
  MultiEdit: true,
  Glob: false,
  Grep: false,
  LS: false,
  Bash: true,
  NotebookEdit: true,
  TodoWrite: false,
  // Per domain: a domain in `webFetch.allowDomains` is fetched unasked.
  WebFetch: true,
});

/**
 * Claude Code's built-in tools (Read, Write, Edit, MultiEdit, Glob, Grep, LS, Bash, NotebookEdit, TodoWrite) as AI SDK tools working on
 * the project folder `root`. Each is marked as June's built-in for the tool policy.
 *
 * @example
 * import { generateText, stepCountIs } from "ai";
 * import { claudeBuiltins } from "june/tools";
 *
 * const tools = claudeBuiltins({ root: "./repo", needsApproval: { Edit: false } });
 * await generateText({
 *   model,
 *   tools, // { Read, Write, Edit, MultiEdit, Glob, Grep, LS, Bash, NotebookEdit, TodoWrite }
 *   prompt: "Rename the helper `fmt` to `formatDate` in src/",
 *   stopWhen: stepCountIs(20),
 * });
 */
export function claudeBuiltins(options: ClaudeBuiltinsOptions): ClaudeBuiltins {
  const root = checkRoot(options.root);
  const approval = approvalFor(options.needsApproval);
  const studioData = studioDataFor(root, options);
  return {
    Read: readTool(root, approval.Read, studioData),
    Write: writeTool(root, approval.Write, studioData),
    Edit: editTool(root, approval.Edit, studioData),
    MultiEdit: multiEditTool(root, approval.MultiEdit, studioData),
    Glob: globTool(root, approval.Glob, studioData),
    Grep: grepTool(root, approval.Grep, studioData),
    LS: lsTool(root, approval.LS, studioData),
    Bash: claudeBashTool(root, approval.Bash, options.bash),
    NotebookEdit: notebookEditTool(root, approval.NotebookEdit, studioData),
    // It writes nothing but its own input (the list is the call's input): unasked by default.
    TodoWrite: todoWriteTool(approval.TodoWrite),
    WebFetch: webFetchTool({ ...options.webFetch, needsApproval: approval.WebFetch }),
    ...(options.webSearch ? { WebSearch: webSearchTool(options.webSearch) } : {}),
  };
}

function checkRoot(root: unknown): string {
  if (typeof root === "string" && root !== "") return path.resolve(root);
  throw new JuneError("JUNE_INVALID_PROPS", `june: claudeBuiltins needs root, the project folder, as a path; got ${JSON.stringify(root)}`);
}

// The folders the file tools keep out of: `.june/` and the runs folder, unless allowed.
function studioDataFor(root: string, options: ClaudeBuiltinsOptions): readonly string[] {
  const { runsFolder, allowStudioData } = options;
  if (allowStudioData !== undefined && typeof allowStudioData !== "boolean") {
    throw new JuneError("JUNE_INVALID_PROPS", `june: claudeBuiltins allowStudioData must be true or false; got ${JSON.stringify(allowStudioData)}`);
  }
  if (runsFolder !== undefined && (typeof runsFolder !== "string" || runsFolder === "")) {
    throw new JuneError("JUNE_INVALID_PROPS", `june: claudeBuiltins runsFolder must be a folder path; got ${JSON.stringify(runsFolder)}`);
  }
  if (allowStudioData) return [];
  return runsFolder === undefined ? [STUDIO_DATA_FOLDER] : [STUDIO_DATA_FOLDER, path.resolve(root, runsFolder)];
}

function approvalFor(needsApproval: ClaudeBuiltinsOptions["needsApproval"]): Record<ClaudeBuiltinName, boolean> {
  if (typeof needsApproval === "boolean") {
    // TodoWrite changes nothing but its own list: a blanket `true` leaves it unasked; name it to ask.
    return Object.fromEntries(CLAUDE_BUILTIN_NAMES.map((name) => [name, name === "TodoWrite" ? false : needsApproval])) as Record<ClaudeBuiltinName, boolean>;
  }
  const approval = { ...DEFAULT_NEEDS_APPROVAL };
  for (const [name, value] of Object.entries(needsApproval ?? {})) {
    // A misspelt name ("write") would otherwise silently keep the default.
    if (!isClaudeBuiltinName(name)) {
      throw new JuneError(
        "JUNE_INVALID_PROPS",
        `june: claudeBuiltins needsApproval has an unknown tool ${JSON.stringify(name)}; use ${CLAUDE_BUILTIN_NAMES.join(", ")}`,
      );
    }
    if (value !== undefined) approval[name] = value;
  }
  return approval;
}
