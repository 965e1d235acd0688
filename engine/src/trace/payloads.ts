// What each kind of trace node carries: its input (written when it starts) and its output
// (written when it ends), as the engine writes them. One table, so a reader narrows on `kind`
// (`if (node.kind === "model-call") node.input?.modelId`) instead of re-declaring a shape by cast.
//
// Every `input`/`output` on a node is optional (types.ts): a node from `inspect` has no output, a
// failed or aborted node none either, and a record written by another host (or by hand) may lack
// an input. Inside a payload, a field is optional when a record can lack it (a streaming call's
// output before it ends, a field newer than some records). `unknown` marks the user's own values
// (a tool's input and result, a run's input and output): the trace keeps them as they were.
// A model call's prompt is delta-encoded (prompt-delta.ts reads and writes it).
import type { ElicitValue } from "./server-asks.ts";
import type { NodeError, TraceNodeOf } from "./types.ts";

/**
 * A message of a model call's prompt as the trace records it: a LanguageModelV4 message, plain
 * JSON. The trace names no AI SDK type (it is browser-safe): the content is the SDK's, a string
 * for a system message and a list of parts (text, reasoning, file, tool-call, tool-result) otherwise.
 */
export interface PromptMessage {
  role: "system" | "user" | "assistant" | "tool";
  content: unknown;
}

/** What a model call was sent: the messages new since the step's previous call (prompt-delta.ts), the tools offered, the settings set. */
export interface ModelCallInput {
  provider: string;
  modelId: string;
  /** Where `messages` begin in the call's whole prompt: 0 for a step's first call, when they are all of it. */
  messageOffset: number;
  messages: PromptMessage[];
  /** The names of the tools offered, sorted. */
  tools: string[];
  /** The call settings the agent set (temperature, toolChoice, …), by name. */
  settings: Record<string, unknown>;
}

/** A tool call a model asked for, its input parsed (or the raw text when it wasn't JSON). */
export interface RecordedToolCall {
  toolCallId: string;
  toolName: string;
  /** The model's input for the tool: the user's tool decides what it means. */
  input: unknown;
}

/**
 * What a model call answered. While it streams, the text and reasoning so far (the fold appends
 * each delta); the tool calls and finish reason come when it ends.
 */
export interface ModelCallOutput {
  text?: string;
  reasoning?: string;
  toolCalls?: RecordedToolCall[];
  /** The SDK's unified finish reason: "stop", "tool-calls", "length", … */
  finishReason?: string;
}

/** A step's input: its prompt. `inspect` also says whether a function child renders after it. */
export interface StepInput {
  prompt: string;
  rendersAfter?: true;
}

/** An agent's input, from `inspect` only (a run records none): the model it sets, by id. */
export interface AgentInput {
  model?: string;
}

/** A `<Catch>`'s input: how many times it retries what is inside it. */
export interface CatchInput {
  retry: number;
}

/** How a `<Catch>` ended: after how many attempts, and whether its fallback ran (with the last error). */
export interface CatchOutput {
  attempts: number;
  fellBack?: true;
  error?: NodeError;
}

/** An approval's decision (an MCP server's elicitation: its answers, or that it was cancelled). */
export interface ApprovalDecision {
  approved: boolean;
  reason?: string;
  content?: Record<string, ElicitValue>;
  cancelled?: true;
}

/**
 * What a composite tool's tool-call node holds as its output: the value the model got and the
 * usage of the composite's run (its tree is the node's composite child, not a second copy).
 */
export interface CompositeToolResult {
  output: unknown;
  usage: unknown;
}

/**
 * The input and output of each node kind. The node kinds are this table's keys: a kind added here
 * fails the type check wherever kinds are mapped exhaustively (the CLI's labels, the studio's
 * drawings) until it is handled there.
 */
export interface NodePayloads {
  /** The run's input and output (its steps' default output) are the user's. */
  run: { input: unknown; output: unknown };
  /** An agent ends with no output: its steps have them. */
  agent: { input: AgentInput; output: undefined };
  /** A step's value: the model's text, or the user's structured output. */
  step: { input: StepInput; output: unknown };
  "model-call": { input: ModelCallInput; output: ModelCallOutput };
  /** The tool's input and result are the user's (for a composite tool, a `CompositeToolResult`). */
  "tool-call": { input: unknown; output: unknown };
  /** A block's loader takes no input (this is what the model passed) and returns the block's text. */
  "block-load": { input: unknown; output: string };
  /** The input is the tool call's, waiting for the decision. */
  approval: { input: unknown; output: ApprovalDecision };
  /** A composite tool's run: the tool's input and the workflow's output, the user's. */
  composite: { input: unknown; output: unknown };
  catch: { input: CatchInput; output: CatchOutput };
  /** A request an MCP server made during a tool call that June answered at once (its roots): what was asked, what it got. */
  "server-request": { input: ServerRequestInput; output: unknown };
  /** What a project's Claude Code settings decided about a tool call: a hook's run or a permission rule (claude-code/guard.ts). */
  guard: { input: GuardInput; output: GuardOutput };
}

/** One check of a guarded tool call: which hook or rule, where it is written, and what it said, in a line. */
export interface GuardInput {
  check: "hook" | "rule" | "mode";
  /** "PreToolUse hook ./guard.sh denied: no pushes", "allowed by .claude/settings.json:4 Bash(npm test *)". */
  summary: string;
  /** The hook's event (PreToolUse, PostToolUse, Stop, SubagentStop). */
  event?: string;
  /** The hook's command, or the rule as written, or the permission mode. */
  what: string;
  /** Where it is written: "file:line". */
  source?: string;
}

/** What the check decided, and for a hook what it printed. */
export interface GuardOutput {
  decision: "allow" | "ask" | "deny" | "block" | "none";
  reason?: string;
  /** A hook that failed without deciding (exit 1, timeout): why. */
  error?: string;
  exitCode?: number;
  stdout?: string;
  stderr?: string;
}

/** Which server asked what (an MCP method, e.g. "roots/list"). */
export interface ServerRequestInput {
  server: string;
  method: string;
}

export type NodeKind = keyof NodePayloads;
export type NodeInput<K extends NodeKind> = NodePayloads[K]["input"];
export type NodeOutput<K extends NodeKind> = NodePayloads[K]["output"];

/**
 * What the model got from a tool call: its output, or for a composite tool (a node with a
 * composite child) the value inside its `CompositeToolResult`.
 *
 * @example
 * toolCallAnswer(node); // "results for React Suspense"
 */
export function toolCallAnswer(node: TraceNodeOf<"tool-call">): unknown {
  const output = node.output;
  return node.children.some((child) => child.kind === "composite") && isCompositeResult(output) ? output.output : output;
}

function isCompositeResult(value: unknown): value is CompositeToolResult {
  return value !== null && typeof value === "object" && "output" in value;
}

/**
 * What a model call sent its provider and what came back, as the provider reported them
 * (LanguageModelV4's `request.body` and `response.body`), by reference: the trace layer hands it
 * on without copying, and whoever keeps it (a run's record) writes it down as a RecordedExchange
 * (model-exchange.ts). Never part of the trace: a request body holds the whole prompt on every
 * call, so a loop's bodies grow with its square.
 */
export interface ModelExchange {
  /** The call's model-call node. */
  nodeId: string;
  /** The request body the provider sent (an object for a JSON API; a scripted model's stands in for one). */
  request?: unknown;
  /** The response body (a generated call's, or a failed call's error body); a streamed answer has none. */
  response?: unknown;
  /** The answer came as a stream: no single response body. */
  streamed?: true;
  /** The call failed: the bodies are those of the provider's error. */
  failed?: true;
  /** The endpoint, when the provider said (secrets in its query are redacted when recorded). */
  url?: string;
}

/** A body as a run's record keeps it: its text (JSON, or the body itself when it was a string), cut at a cap. */
export type RecordedBody =
  | { format: "json" | "text"; text: string; /** The whole text's length, when it was cut. */ length: number; truncated?: true }
  /** Not kept: the run's budget for raw bodies was spent, or the body could not be written as JSON. */
  | { omitted: "budget" | "unserializable" };

/** A ModelExchange as written down: its bodies as text, capped and with secrets redacted. */
export interface RecordedExchange {
  nodeId: string;
  request?: RecordedBody;
  response?: RecordedBody;
  streamed?: true;
  failed?: true;
  url?: string;
}
