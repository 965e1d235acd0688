// The live tree `june run` prints: trace events in, terminal text out. A pure function of the
// events (and the width and colour it is given), so a test replays a recorded run and asserts
// the lines; nothing here reads a clock, a stream or the environment.
import { basename } from "node:path";
import { TraceBuilder, type NodeKind, type NodeStartEvent, type NodeEndEvent, type ToolInfo, type TraceEvent, type TraceNode } from "../trace/index.ts";
import { formatDuration, formatTokens, oneLine } from "./format-values.ts";
import { createStyle, type Style } from "./style.ts";

export interface RenderOptions {
  /** ANSI colours (only for a terminal, see `wantsColor`). */
  color: boolean;
  /** Columns to wrap streamed model text at. */
  width: number;
}

/** Each level of the tree indents by this much. */
const INDENT = "  ";
/** Narrower than this and wrapping would leave a word or two per line, so text runs on. */
const MIN_TEXT_WIDTH = 20;

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
};

/** Model text being written as it streams: where the line is and the word not yet complete. */
interface TextBlock {
  key: string;
  indent: string;
  paint: (text: string) => string;
  /** Visible column of the open line; 0 when no line is open. */
  column: number;
  /** The last delta's trailing fragment, held until we know where the word ends. */
  word: string;
  /** Whitespace came between the last written word and the next one. */
  space: boolean;
  /** A blank line was just written (so paragraphs never leave more than one). */
  blank: boolean;
}

/**
 * Renders events one at a time into terminal text. `push` returns what to write for one event:
 * whole lines for nodes starting and ending, and model text as it streams (possibly half a
 * line, which the next event closes).
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
  // An error travels up through every ancestor; it is shown where it happened, not at each one.
  readonly #shownErrors = new Set<string>();
  #text: TextBlock | undefined;

  constructor(options: RenderOptions) {
    this.#style = createStyle(options.color);
    this.#width = options.width;
  }

  /** The text to write for `event` (may be empty, or end mid-line while text streams). */
  push(event: TraceEvent): string {
    this.#builder.apply(event);
    if (event.type === "node-update" && (event.textDelta !== undefined || event.reasoningDelta !== undefined)) {
      let out = "";
      if (event.reasoningDelta) out += this.#stream(event.nodeId, "reasoning", event.reasoningDelta);
      if (event.textDelta) out += this.#stream(event.nodeId, "text", event.textDelta);
      return out + this.#linesText(this.#updateLines(event));
    }
    return this.#linesText(this.#lines(event));
  }

  /** Closes a line left open by streamed text; call once after the last event. */
  finish(): string {
    return this.#closeText();
  }

  #linesText(lines: string[]): string {
    if (lines.length === 0) return "";
    return this.#closeText() + lines.map((line) => `${line}\n`).join("");
  }

  #lines(event: TraceEvent): string[] {
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
        return [];
    }
  }

  #startLines(event: NodeStartEvent): string[] {
    const node = event.node;
    const parentDepth = node.parentId === null ? undefined : this.#depth.get(node.parentId);
    const depth = parentDepth === undefined ? 0 : parentDepth + 1;
    this.#depth.set(node.id, depth);
    const s = this.#style;
    const head = `${s.cyan(START_MARKS[node.kind])} ${LABELS[node.kind]} ${s.bold(node.name)}`;
    return [`${INDENT.repeat(depth)}${head}${this.#startDetail(node)}`];
  }

  #startDetail(node: NodeStartEvent["node"]): string {
    const s = this.#style;
    const input = node.input;
    switch (node.kind) {
      case "run":
        return input !== undefined && !isEmptyObject(input) ? ` ${s.dim(oneLine(input))}` : "";
      case "agent":
        return node.source ? ` ${s.dim(`(${basename(node.source.file)}:${node.source.line})`)}` : "";
      case "step": {
        const prompt = (input as { prompt?: unknown } | undefined)?.prompt;
        return prompt !== undefined ? ` ${s.dim(oneLine(prompt, 60))}` : "";
      }
      case "tool-call":
      case "composite":
        return ` ${oneLine(input)}`;
      case "block-load":
        return ` ${s.dim("loads the block into context")}`;
      case "approval":
        return ` ${oneLine(input)} ${s.yellow("waits for approval")}`;
      case "catch": {
        const retry = (input as { retry?: unknown } | undefined)?.retry;
        return typeof retry === "number" && retry > 0 ? ` ${s.dim(`retry ${retry}`)}` : "";
      }
      case "model-call":
        return "";
    }
  }

  #updateLines(event: Extract<TraceEvent, { type: "node-update" }>): string[] {
    if (!event.tools) return [];
    const depth = (this.#depth.get(event.nodeId) ?? 0) + 1;
    const names = event.tools.map((tool) => describeTool(tool));
    return [`${INDENT.repeat(depth)}${this.#style.dim(`tools: ${names.length ? names.join(", ") : "none"}`)}`];
  }

  // The full message goes to stderr as a warning; the tree only marks the tool as withheld.
  #deniedLines(event: Extract<TraceEvent, { type: "tool-denied" }>): string[] {
    const depth = (this.#depth.get(event.nodeId) ?? 0) + 1;
    const why = event.denial.reason === "rule" ? "by the tool policy" : "because the tool policy failed on it";
    return [`${INDENT.repeat(depth)}${this.#style.yellow(`⊘ ${event.denial.tool} withheld ${why}`)}`];
  }

  #endLines(event: NodeEndEvent): string[] {
    const node = this.#builder.node(event.nodeId);
    if (!node) return [];
    const depth = this.#depth.get(node.id) ?? 0;
    const lines = [`${INDENT.repeat(depth)}${this.#endLine(node, event)}`];
    const error = event.error;
    // An abort is said once, in the summary; the nodes it stopped only show "aborted".
    if (error && event.status !== "aborted") {
      const key = `${error.code}\u0000${error.message}`;
      if (!this.#shownErrors.has(key)) {
        this.#shownErrors.add(key);
        const pad = INDENT.repeat(depth + 1);
        const [first = "", ...rest] = `${error.code}: ${error.message}`.split("\n");
        lines.push(`${pad}${this.#style.red(first)}`, ...rest.map((line) => `${pad}${this.#style.red(line)}`));
      }
    }
    return lines;
  }

  #endLine(node: TraceNode, event: NodeEndEvent): string {
    const s = this.#style;
    const facts: string[] = [];
    if (node.startedAt !== null) facts.push(formatDuration(event.time - node.startedAt));
    const tokens = formatTokens(node.usage, node.kind === "model-call");
    if (tokens !== undefined) facts.push(tokens);
    const tail = facts.length ? s.dim(` · ${facts.join(" · ")}`) : "";

    if (node.kind === "approval" && event.status === "succeeded") {
      const decision = (event.output ?? {}) as { approved?: boolean; reason?: string };
      if (decision.approved) return `${s.green("✓")} approved ${s.bold(node.name)}${tail}`;
      const reason = decision.reason ? `: ${decision.reason}` : "";
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
      const calls = (event.output as { toolCalls?: { toolName: string }[] } | undefined)?.toolCalls ?? [];
      return calls.length ? ` → calls ${calls.map((call) => call.toolName).join(", ")}` : "";
    }
    if (node.kind === "tool-call" && "output" in event) {
      // A composite tool's output carries its usage too; the answer is what the model got.
      const composite = node.children.some((child) => child.kind === "composite");
      const output = composite ? (event.output as { output?: unknown } | undefined)?.output : event.output;
      return ` → ${oneLine(output)}`;
    }
    return "";
  }

  #stream(nodeId: string, channel: "text" | "reasoning", delta: string): string {
    const key = `${nodeId}:${channel}`;
    let out = "";
    if (this.#text?.key !== key) {
      out += this.#closeText();
      const depth = (this.#depth.get(nodeId) ?? 0) + 1;
      this.#text = {
        key,
        indent: INDENT.repeat(depth),
        paint: channel === "reasoning" ? this.#style.dim : (text) => text,
        column: 0,
        word: "",
        space: false,
        blank: false,
      };
    }
    const block = this.#text!;
    const parts = `${block.word}${delta}`.split(/(\s+)/);
    // The last part is a word that may go on in the next delta (or "" after whitespace).
    block.word = parts.pop() ?? "";
    for (const part of parts) {
      if (part === "") continue;
      out += /^\s/.test(part) ? this.#whitespace(block, part) : this.#word(block, part);
    }
    return out;
  }

  #whitespace(block: TextBlock, space: string): string {
    let newlines = space.split("\n").length - 1;
    if (newlines === 0) {
      block.space = block.column > 0;
      return "";
    }
    let out = "";
    if (block.column > 0) {
      out += "\n";
      block.column = 0;
      newlines--;
      block.blank = false;
    }
    if (newlines > 0 && !block.blank) {
      out += "\n";
      block.blank = true;
    }
    block.space = false;
    return out;
  }

  #word(block: TextBlock, word: string): string {
    const width = Math.max(this.#width, block.indent.length + MIN_TEXT_WIDTH);
    let out = "";
    let rest = word;
    while (rest !== "") {
      if (block.column === 0) {
        out += block.indent;
        block.column = block.indent.length;
      } else if (block.space) {
        if (block.column + 1 + rest.length > width) {
          out += `\n${block.indent}`;
          block.column = block.indent.length;
        } else {
          out += " ";
          block.column += 1;
        }
      }
      block.space = false;
      block.blank = false;
      // A word longer than a whole line is cut where the line ends.
      const room = width - block.column;
      const piece = rest.length <= room ? rest : rest.slice(0, Math.max(1, room));
      out += block.paint(piece);
      block.column += piece.length;
      rest = rest.slice(piece.length);
      if (rest !== "") {
        out += `\n`;
        block.column = 0;
      }
    }
    return out;
  }

  #closeText(): string {
    const block = this.#text;
    if (!block) return "";
    let out = block.word ? this.#word(block, block.word) : "";
    if (block.column > 0) out += "\n";
    this.#text = undefined;
    return out;
  }
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
