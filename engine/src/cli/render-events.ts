// The live tree `june run` prints: trace events in, terminal text out. A pure function of the
// events (and the width and colour it is given), so a test replays a recorded run and asserts
// the lines; nothing here reads a clock, a stream or the environment. When a model calls two
// agents at once their lines interleave; each line is placed by its own node's ancestry and
// tagged with its agent where it follows another agent's line (see parallel-lanes.ts).
import { basename } from "node:path";
import { TraceBuilder, toolCallAnswer, type NodeKind, type NodeStartEvent, type NodeEndEvent, type ToolInfo, type TraceEvent, type TraceNode } from "../trace/index.ts";
import { formatDuration, formatTokens, oneLine } from "./format-values.ts";
import { Lanes, sameLane } from "./parallel-lanes.ts";
import { appendText, createTextBlock, endText, type TextBlock } from "./streamed-text.ts";
import { createStyle, type Style } from "./style.ts";

export interface RenderOptions {
  /** ANSI colours (only for a terminal, see `wantsColor`). */
  color: boolean;
  /** Columns to wrap streamed model text at. */
  width: number;
}

/** Each level of the tree indents by this much. */
const INDENT = "  ";

const LABELS: Record<NodeKind, string> = {
  run: "run",
  agent: "agent",
  step: "step",
  "model-call": "model",
  "tool-call": "tool",
  "block-load": "block",
  approval: "approval",
  composite: "composite",
  catch: "catch",
  "server-request": "server asks",
  guard: "guard",
};

const START_MARKS: Record<NodeKind, string> = {
  run: "▶",
  agent: "●",
  step: "▸",
  "model-call": "◇",
  "tool-call": "→",
  "block-load": "⇣",
  approval: "?",
  composite: "◆",
  catch: "↻",
  "server-request": "⇠",
  guard: "⊘",
};

/** Lines for one node, each at its own depth: the node's start or end line, or lines inside it. */
interface Printed {
  nodeId: string;
  /** "start"/"end": the node's own line, in its parent's lane; "inside": in the node's lane. */
  at: "start" | "end" | "inside";
  lines: { depth: number; text: string }[];
}

/**
 * Renders events one at a time into terminal text. `push` returns what to write for one event:
 * whole lines for nodes starting and ending, and model text as it streams (possibly half a
 * line, which the next event closes).
 *
 * Branches that run side by side (two agents a model called in one response) interleave line by
 * line, each line at its own node's depth; a line that follows another branch's line starts with
 * its branch's name (`[alpha] tools: search`), and their models' text goes out a whole line at a
 * time, so one never cuts into the other's.
 *
 * @example
 * const renderer = new EventRenderer({ color: false, width: 80 });
 * for await (const event of handle.events) process.stdout.write(renderer.push(event));
 * process.stdout.write(renderer.finish());
 */
export class EventRenderer {
  readonly #style: Style;
  readonly #width: number;
  readonly #builder = new TraceBuilder();
  readonly #depth = new Map<string, number>();
  readonly #lanes = new Lanes();
  // An error travels up through every ancestor; it is shown where it happened, not at each one.
  readonly #shownErrors = new Set<string>();
  /** Streamed text of the model calls still going, by node and channel. */
  readonly #blocks = new Map<string, TextBlock>();
  /** The block whose last line is on the terminal without its newline yet. */
  #screen: TextBlock | undefined;
  /** The lane a reader takes the next line to be in: where the last line written left them. */
  #context: readonly string[] = [];

  constructor(options: RenderOptions) {
    this.#style = createStyle(options.color);
    this.#width = options.width;
  }

  /** The text to write for `event` (may be empty, or end mid-line while text streams). */
  push(event: TraceEvent): string {
    this.#builder.apply(event);
    if (event.type === "node-start") this.#lanes.start(event.node);
    let out = "";
    if (event.type === "node-update" && (event.textDelta !== undefined || event.reasoningDelta !== undefined)) {
      if (event.reasoningDelta) out += this.#stream(event.nodeId, "reasoning", event.reasoningDelta);
      if (event.textDelta) out += this.#stream(event.nodeId, "text", event.textDelta);
      out += this.#print(this.#updateLines(event));
    } else {
      out += this.#print(this.#lines(event));
    }
    if (event.type === "node-end") this.#lanes.end(event.nodeId);
    return out;
  }

  /** Closes a line left open by streamed text; call once after the last event. */
  finish(): string {
    let out = this.#closeScreen();
    for (const block of [...this.#blocks.values()]) out += this.#drain(block);
    return out;
  }

  /** Writes a node's lines, its streamed text first if it is ending, tagged if another lane's line came last. */
  #print(printed: Printed | undefined): string {
    if (!printed || printed.lines.length === 0) return "";
    const { nodeId, at } = printed;
    let out = this.#closeScreen();
    // A node's text (or, cut short, its descendants' text) comes before the line that ends it.
    if (at === "end") {
      for (const block of [...this.#blocks.values()]) if (this.#lanes.within(block.nodeId, nodeId)) out += this.#drain(block);
    }
    const lane = this.#lanes.lane(nodeId, at === "inside");
    const tag = this.#tag(lane);
    printed.lines.forEach(({ depth, text }, i) => (out += `${INDENT.repeat(depth)}${i === 0 ? tag : ""}${text}\n`));
    // After a node's start line the reader is inside it; after its end line, back in its parent.
    this.#context = at === "start" ? this.#lanes.lane(nodeId, true) : lane;
    return out;
  }

  /** "[alpha] " before a line of the lane `lane` when the line before it was another lane's. */
  #tag(lane: readonly string[]): string {
    if (lane.length === 0 || sameLane(lane, this.#context)) return "";
    return `${this.#style.magenta(`[${this.#lanes.label(lane)}]`)} `;
  }

  #lines(event: TraceEvent): Printed | undefined {
    switch (event.type) {
      case "node-start":
        return this.#startLines(event);
      case "node-update":
        return this.#updateLines(event);
      case "node-end":
        return this.#endLines(event);
      case "tool-denied":
        return this.#deniedLines(event);
      case "usage":
      case "approval-requested":
      case "approval-resolved":
      case "paused":
      case "resumed":
      case "replayed":
        // Usage shows on end lines; approvals show as their own nodes (and the prompt); the CLI
        // doesn't step or replay.
        return undefined;
    }
  }

  #startLines(event: NodeStartEvent): Printed {
    const node = event.node;
    const parentDepth = node.parentId === null ? undefined : this.#depth.get(node.parentId);
    const depth = parentDepth === undefined ? 0 : parentDepth + 1;
    this.#depth.set(node.id, depth);
    const s = this.#style;
    const head = `${s.cyan(START_MARKS[node.kind])} ${LABELS[node.kind]} ${s.bold(node.name)}`;
    return { nodeId: node.id, at: "start", lines: [{ depth, text: `${head}${this.#startDetail(node)}` }] };
  }

  #startDetail(node: NodeStartEvent["node"]): string {
    const s = this.#style;
    switch (node.kind) {
      case "run":
        return node.input !== undefined && !isEmptyObject(node.input) ? ` ${s.dim(oneLine(node.input))}` : "";
      case "agent":
        return node.source ? ` ${s.dim(`(${basename(node.source.file)}:${node.source.line})`)}` : "";
      case "step": {
        const prompt = node.input?.prompt;
        return prompt !== undefined ? ` ${s.dim(oneLine(prompt, 60))}` : "";
      }
      case "tool-call":
      case "composite":
        return ` ${oneLine(node.input)}`;
      case "block-load":
        return ` ${s.dim("loads the block into context")}`;
      case "server-request":
        return ` ${s.dim(`${node.input?.server ?? ""} ${node.input?.method ?? ""}`)}`;
      case "guard":
        // The node's name is its summary ("PreToolUse hook ./check.sh denied: …").
        return "";
      case "approval":
        return ` ${oneLine(node.input)} ${s.yellow("waits for approval")}`;
      case "catch": {
        const retry = node.input?.retry;
        return typeof retry === "number" && retry > 0 ? ` ${s.dim(`retry ${retry}`)}` : "";
      }
      case "model-call":
        return "";
    }
  }

  #updateLines(event: Extract<TraceEvent, { type: "node-update" }>): Printed | undefined {
    if (!event.tools) return undefined;
    const depth = (this.#depth.get(event.nodeId) ?? 0) + 1;
    const names = event.tools.map((tool) => describeTool(tool));
    return { nodeId: event.nodeId, at: "inside", lines: [{ depth, text: this.#style.dim(`tools: ${names.length ? names.join(", ") : "none"}`) }] };
  }

  // The full message goes to stderr as a warning; the tree only marks the tool as withheld.
  #deniedLines(event: Extract<TraceEvent, { type: "tool-denied" }>): Printed {
    const depth = (this.#depth.get(event.nodeId) ?? 0) + 1;
    const why = event.denial.reason === "rule" ? "by the tool policy" : "because the tool policy failed on it";
    return { nodeId: event.nodeId, at: "inside", lines: [{ depth, text: this.#style.yellow(`⊘ ${event.denial.tool} withheld ${why}`) }] };
  }

  #endLines(event: NodeEndEvent): Printed | undefined {
    const node = this.#builder.node(event.nodeId);
    if (!node) return undefined;
    const depth = this.#depth.get(node.id) ?? 0;
    const lines = [{ depth, text: this.#endLine(node, event) }];
    const error = event.error;
    // An abort is said once, in the summary; the nodes it stopped only show "aborted".
    if (error && event.status !== "aborted") {
      const key = `${error.code}\u0000${error.message}`;
      if (!this.#shownErrors.has(key)) {
        this.#shownErrors.add(key);
        for (const line of `${error.code}: ${error.message}`.split("\n")) lines.push({ depth: depth + 1, text: this.#style.red(line) });
      }
    }
    return { nodeId: node.id, at: "end", lines };
  }

  #endLine(node: TraceNode, event: NodeEndEvent): string {
    const s = this.#style;
    const facts: string[] = [];
    if (node.startedAt !== null) facts.push(formatDuration(event.time - node.startedAt));
    const tokens = formatTokens(node.usage, node.kind === "model-call");
    if (tokens !== undefined) facts.push(tokens);
    const tail = facts.length ? s.dim(` · ${facts.join(" · ")}`) : "";

    if (node.kind === "approval" && event.status === "succeeded") {
      // The builder has applied the end: the node's output is the event's, typed by its kind.
      const decision = node.output;
      if (decision?.approved) return `${s.green("✓")} approved ${s.bold(node.name)}${tail}`;
      const reason = decision?.reason ? `: ${decision.reason}` : "";
      return `${s.yellow("✗")} ${s.yellow("denied")} ${s.bold(node.name)}${reason}${tail}`;
    }

    const mark = event.status === "succeeded" ? s.green("✓") : event.status === "failed" ? s.red("✗") : s.yellow("■");
    const status = event.status === "succeeded" ? s.green(event.status) : event.status === "failed" ? s.red(event.status) : s.yellow(event.status);
    return `${mark} ${LABELS[node.kind]} ${s.bold(node.name)} ${status}${tail}${this.#result(node, event)}`;
  }

  /** What a finished model call asked for, or what a tool returned, in one line. */
  #result(node: TraceNode, event: NodeEndEvent): string {
    if (event.status !== "succeeded") return "";
    if (node.kind === "model-call") {
      const calls = node.output?.toolCalls ?? [];
      return calls.length ? ` → calls ${calls.map((call) => call.toolName).join(", ")}` : "";
    }
    if (node.kind === "tool-call" && "output" in event) return ` → ${oneLine(toolCallAnswer(node))}`;
    return "";
  }

  #stream(nodeId: string, channel: "text" | "reasoning", delta: string): string {
    const key = `${nodeId}:${channel}`;
    // The reasoning's lines end before the answer's begin (and the other way round).
    const other = this.#blocks.get(`${nodeId}:${channel === "text" ? "reasoning" : "text"}`);
    let out = other ? this.#drain(other) : "";
    let block = this.#blocks.get(key);
    if (!block) {
      const indent = INDENT.repeat((this.#depth.get(nodeId) ?? 0) + 1);
      block = createTextBlock(key, nodeId, indent, channel === "reasoning" ? this.#style.dim : (text) => text);
      this.#blocks.set(key, block);
    }
    appendText(block, delta, this.#textWidth(nodeId));
    // Beside another branch, a half line would be cut by the other's next line: whole lines only.
    out += this.#release(block, this.#lanes.racing(nodeId) ? "lines" : "all");
    return out;
  }

  /** Columns for a node's text: less the tag its lines may carry, so a tagged line still fits. */
  #textWidth(nodeId: string): number {
    const lane = this.#lanes.lane(nodeId, true);
    return lane.length === 0 ? this.#width : this.#width - `[${this.#lanes.label(lane)}] `.length;
  }

  /** Writes what the block holds: all of it, or only its finished lines. */
  #release(block: TextBlock, what: "all" | "lines"): string {
    const end = what === "all" ? block.held.length : block.held.lastIndexOf("\n") + 1;
    if (end === 0) return "";
    let text = block.held.slice(0, end);
    block.held = block.held.slice(end);
    let out = "";
    if (this.#screen !== block) {
      out += this.#closeScreen();
      const lane = this.#lanes.lane(block.nodeId, true);
      text = tagFirstLine(text, block.indent, this.#tag(lane));
      this.#context = lane;
    }
    this.#screen = text.endsWith("\n") ? undefined : block;
    return out + text;
  }

  /** Ends a block's text: its last word and line written, the block gone. */
  #drain(block: TextBlock): string {
    endText(block, this.#textWidth(block.nodeId));
    this.#blocks.delete(block.key);
    const out = this.#release(block, "all");
    if (this.#screen === block) this.#screen = undefined;
    return out;
  }

  /** Finishes the line streamed text left open, so the next line starts on a line of its own. */
  #closeScreen(): string {
    return this.#screen ? this.#drain(this.#screen) : "";
  }
}

/** `tag` after the indent of the first line that has text. */
function tagFirstLine(text: string, indent: string, tag: string): string {
  if (tag === "") return text;
  const lines = text.split("\n");
  const first = lines.findIndex((line) => line !== "");
  if (first === -1) return text;
  lines[first] = `${indent}${tag}${lines[first]!.slice(indent.length)}`;
  return lines.join("\n");
}

/**
 * A whole recorded run as the lines `june run` prints for it.
 *
 * @example
 * renderEvents(events, { color: false, width: 80 });
 * // ["▶ run Report", "  ● agent Report (report.tsx:14)", "    tools: research (composite)", …]
 */
export function renderEvents(events: Iterable<TraceEvent>, options: RenderOptions): string[] {
  const renderer = new EventRenderer(options);
  let text = "";
  for (const event of events) text += renderer.push(event);
  text += renderer.finish();
  const lines = text.split("\n");
  if (lines.at(-1) === "") lines.pop();
  return lines;
}

function describeTool(tool: ToolInfo): string {
  const notes: string[] = [];
  if (tool.composite) notes.push("composite");
  if (tool.approval === "always") notes.push("asks approval");
  if (tool.approval === "per-call") notes.push("may ask approval");
  return notes.length ? `${tool.name} (${notes.join(", ")})` : tool.name;
}

function isEmptyObject(value: unknown): boolean {
  return typeof value === "object" && value !== null && !Array.isArray(value) && Object.keys(value).length === 0;
}
