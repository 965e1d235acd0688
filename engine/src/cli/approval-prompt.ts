// Asking the person at the terminal whether a tool call may run: the request is shown on stderr
// (so `--json` keeps stdout pure) and answered on stdin — y approves, n denies with an optional
// reason, a approves this and every later request. `--yes` answers y without asking. An MCP
// server's elicitation is a form: it is filled in field by field (never by --yes or "all": nobody
// answered it), and a sampling request says which model it would reach (elicit-prompt.ts).
import type { ApprovalAnswer, RunHandle } from "../run/index.ts";
import type { ApprovalRequest } from "../trace/index.ts";
import { describeAsk, fillForm } from "./elicit-prompt.ts";
import { jsonText } from "./format-values.ts";
import type { LineReader } from "./line-reader.ts";
import type { Style } from "./style.ts";

/** The reason a request gets when stdin ends before it is answered. */
export const STDIN_CLOSED_REASON = "no answer (stdin closed)";

export interface ApprovalPromptOptions {
  handle: Pick<RunHandle, "approve" | "deny" | "pendingApprovals" | "result">;
  /** Where prompts go: stderr. */
  out: NodeJS.WritableStream;
  style: Style;
  /** --yes: approve everything, saying so. */
  approveAll: boolean;
  /** Opens stdin the first time an answer is needed, so runs without approvals never touch it. */
  answers: () => LineReader;
}

type Answer = "approve" | "deny" | "all";

/** What a question gets when the run ends before anyone answers it. */
const OVER = Symbol("run over");

/**
 * Decides each approval request of one run, one at a time, in the order they were asked.
 *
 * @example
 * const prompt = new ApprovalPrompt({ handle, out: process.stderr, style, approveAll: false, answers });
 * for await (const event of handle.events) {
 *   if (event.type === "approval-requested") await prompt.decide(event.approval);
 * }
 */
export class ApprovalPrompt {
  readonly #options: ApprovalPromptOptions;
  #approveAll: boolean;
  // Resolves once the run is over: a question still open then has nobody left to answer it.
  readonly #runOver: Promise<typeof OVER>;

  constructor(options: ApprovalPromptOptions) {
    this.#options = options;
    this.#approveAll = options.approveAll;
    this.#runOver = options.handle.result.then(() => OVER);
  }

  async decide(request: ApprovalRequest): Promise<void> {
    if (!this.#isPending(request)) return;
    const { out, style: s } = this.#options;
    if (request.ask?.kind === "elicitation") return this.#elicit(request);
    if (this.#approveAll) {
      const why = this.#options.approveAll ? "--yes" : "you answered a";
      out.write(`${s.green("✓")} approved ${s.bold(request.toolName)} ${s.dim(`automatically (${why})`)}\n`);
      this.#settle(request, { approved: true });
      return;
    }
    out.write(this.#describe(request));
    const answer = await this.#ask();
    if (answer === OVER) return;
    if (answer === undefined) {
      out.write(`${s.yellow("✗")} denied ${s.bold(request.toolName)}: ${STDIN_CLOSED_REASON}\n`);
      this.#settle(request, { approved: false, reason: STDIN_CLOSED_REASON });
      return;
    }
    if (answer === "all") this.#approveAll = true;
    if (answer !== "deny") {
      this.#settle(request, { approved: true });
      return;
    }
    out.write(`  Reason for the model (optional, Enter to skip): `);
    const reason = await this.#line();
    if (reason === OVER) return;
    const trimmed = reason?.trim() ?? "";
    this.#settle(request, trimmed ? { approved: false, reason: trimmed } : { approved: false });
  }

  /** A form: y fills it in, n declines it, c (or stdin ending) cancels it. */
  async #elicit(request: ApprovalRequest): Promise<void> {
    const { out, style: s } = this.#options;
    out.write(`${describeAsk(request, s)}  Answer it? [y]es, [n]o (decline), [c]ancel: `);
    for (;;) {
      const line = await this.#line();
      if (line === OVER) return;
      const word = line?.trim().toLowerCase();
      if (word === undefined || word === "c" || word === "cancel") return this.#settle(request, { approved: false, cancelled: true });
      if (word === "n" || word === "no") return this.#settle(request, { approved: false });
      if (word === "y" || word === "yes") break;
      out.write(`  Please answer y (fill it in), n (decline) or c (cancel): `);
    }
    const content = await fillForm(request, { out, style: s, line: () => this.#line().then((l) => (l === OVER ? undefined : l)) });
    this.#settle(request, content === undefined ? { approved: false, cancelled: true } : { approved: true, content });
  }

  #describe(request: ApprovalRequest): string {
    const s = this.#options.style;
    if (request.ask?.kind === "sampling") return `${describeAsk(request, s)}  Send it to the model? [y]es, [n]o, [a]ll from now on: `;
    const input = jsonText(request.input, 2).split("\n").join("\n           ");
    return [
      "",
      `${s.yellow("?")} ${s.bold(request.toolName)} asks for approval`,
      `  agent    ${request.agentPath.length ? request.agentPath.join(" › ") : "(none)"}`,
      `  step     ${request.step}`,
      ...(request.noSandbox !== undefined ? [`  sandbox  ${s.yellow(`none: ${request.noSandbox}`)}`] : []),
      `  input    ${input}`,
      `  Run it? [y]es, [n]o, [a]ll from now on: `,
    ].join("\n");
  }

  /** Asks until the answer is y, n or a (or stdin ends, or the run is over). */
  async #ask(): Promise<Answer | undefined | typeof OVER> {
    for (;;) {
      const line = await this.#line();
      if (line === undefined || line === OVER) return line;
      const answer = parseAnswer(line);
      if (answer) return answer;
      this.#options.out.write(`  Please answer y (approve), n (deny) or a (approve all): `);
    }
  }

  async #line(): Promise<string | undefined | typeof OVER> {
    const reader = this.#options.answers();
    const line = await Promise.race([reader.next(), this.#runOver]);
    if (line === OVER) {
      this.#options.out.write("\n");
      return line;
    }
    // Piped answers aren't echoed by a terminal; show them so the transcript reads right.
    if (!reader.echoes) this.#options.out.write(`${line ?? ""}\n`);
    return line;
  }

  #isPending(request: ApprovalRequest): boolean {
    return this.#options.handle.pendingApprovals().some((pending) => pending.approvalId === request.approvalId);
  }

  // A request can stop pending while we ask (the run was aborted); deciding it then would throw.
  #settle(request: ApprovalRequest, decision: { approved: boolean; reason?: string; content?: ApprovalAnswer["content"]; cancelled?: boolean }): void {
    if (!this.#isPending(request)) return;
    if (decision.approved) this.#options.handle.approve(request.approvalId, decision.content !== undefined ? { content: decision.content } : undefined);
    else this.#options.handle.deny(request.approvalId, decision.reason, decision.cancelled ? { cancel: true } : undefined);
  }
}

function parseAnswer(line: string): Answer | undefined {
  const word = line.trim().toLowerCase();
  if (word === "y" || word === "yes") return "approve";
  if (word === "n" || word === "no") return "deny";
  if (word === "a" || word === "all") return "all";
  return undefined;
}
