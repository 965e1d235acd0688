// The studio's page module: every locator the e2e suite uses, by role and accessible name (see
// renderer/README.md), and the few actions a user takes. Tests say what they check; this file
// says where it is on the page. Shared by the web host (a browser page) and Electron (its window).
import { expect, type Locator, type Page } from "@playwright/test";

export class StudioPage {
  readonly page: Page;
  readonly root: Locator;
  readonly agents: Locator;
  readonly agentList: Locator;
  readonly agentOptions: Locator;
  readonly problems: Locator;
  readonly agentTree: Locator;
  readonly capabilities: Locator;
  readonly inherited: Locator;
  readonly run: Locator;
  readonly runButton: Locator;
  readonly runRows: Locator;
  readonly trace: Locator;
  readonly nodeDetail: Locator;
  readonly approvals: Locator;
  readonly pendingList: Locator;
  readonly historyRows: Locator;
  readonly usage: Locator;
  readonly pauseButton: Locator;
  readonly stepButton: Locator;
  readonly continueButton: Locator;
  readonly stopButton: Locator;
  readonly startPaused: Locator;
  readonly stoppedAt: Locator;
  readonly runs: Locator;
  readonly runHistory: Locator;
  readonly palette: Locator;
  readonly sideTabs: Locator;
  /** The Source panel a file:line link opens, and the list of its numbered lines. */
  readonly source: Locator;
  readonly sourceLines: Locator;
  /** Agents' "Filter agents" box. */
  readonly agentFilter: Locator;
  /** The top bar's count of the project's errors and warnings ("Problems: 2 errors, 1 warning"). */
  readonly problemCount: Locator;
  /** A model call's answer in Node detail (rendered markdown), and the toggle of its Raw section. */
  readonly answer: Locator;
  readonly rawToggle: Locator;

  constructor(page: Page) {
    this.page = page;
    this.root = page.locator(".app");
    this.agents = page.getByRole("region", { name: "Agents", exact: true });
    this.agentList = this.agents.getByRole("listbox", { name: "Agents of this folder" });
    this.agentOptions = this.agentList.getByRole("option");
    this.problems = page.getByRole("region", { name: "Problems", exact: true });
    this.agentTree = page.getByRole("region", { name: "Agent tree", exact: true });
    this.capabilities = page.getByRole("region", { name: "Capabilities", exact: true });
    this.inherited = page.getByRole("region", { name: "Inherited", exact: true });
    this.run = page.getByRole("region", { name: "Run", exact: true });
    this.runButton = this.run.getByRole("button", { name: "Run", exact: true });
    this.runRows = this.run.getByRole("list", { name: "Runs of this agent" }).getByRole("button");
    this.trace = page.getByRole("region", { name: "Trace", exact: true });
    this.nodeDetail = this.trace.getByRole("region", { name: "Node detail" });
    this.approvals = page.getByRole("region", { name: "Approvals", exact: true });
    this.pendingList = this.approvals.getByRole("list", { name: "Pending approvals" });
    // The history table's body rows (its first row is the header).
    this.historyRows = this.approvals.getByRole("table", { name: /Approval decisions/ }).getByRole("row").filter({ has: page.getByRole("cell") });
    this.usage = page.getByRole("region", { name: "Token usage", exact: true });
    const debug = this.run.getByRole("group", { name: "Debug controls" });
    this.pauseButton = debug.getByRole("button", { name: "Pause", exact: true });
    this.stepButton = debug.getByRole("button", { name: "Step", exact: true });
    this.continueButton = debug.getByRole("button", { name: "Continue", exact: true });
    this.stopButton = debug.getByRole("button", { name: "Stop", exact: true });
    this.startPaused = this.run.getByRole("checkbox", { name: "Start paused" });
    this.stoppedAt = this.trace.getByRole("region", { name: "Stopped at", exact: true });
    this.runs = page.getByRole("region", { name: "Runs", exact: true });
    this.runHistory = this.runs.getByRole("list", { name: "Run history" }).getByRole("listitem");
    this.palette = page.getByRole("dialog", { name: "Command palette" });
    // The right sidebar's tabs below 1280 px.
    this.sideTabs = page.getByRole("tablist", { name: "Side panels" });
    this.source = page.getByRole("region", { name: "Source", exact: true });
    this.sourceLines = this.source.getByRole("list", { name: /^Lines of / });
    this.agentFilter = this.agents.getByRole("searchbox", { name: "Filter agents" });
    // "No problems", or "Problems: 2 errors, 1 warning".
    this.problemCount = page.getByRole("button", { name: /^(Problems: |No problems$)/ });
    this.answer = this.nodeDetail.getByRole("article", { name: "Answer", exact: true });
    this.rawToggle = this.nodeDetail.getByRole("button", { name: "Raw", exact: true });
  }

  /** The breakpoints the Run panel lists (the open project's). */
  get breakpointItems(): Locator {
    return this.run.getByRole("list", { name: "Breakpoints" }).getByRole("listitem");
  }

  /** Opens another folder from the top bar (the web host takes a path) and waits until `anAgent` of it is listed. */
  async openFolder(path: string, anAgent: string): Promise<void> {
    await this.page.getByRole("button", { name: "Open folder", exact: true }).click();
    const form = this.page.getByRole("form", { name: "Open a folder" });
    await form.getByRole("textbox", { name: "Folder path on the studio's machine" }).fill(path);
    await form.getByRole("button", { name: "Open", exact: true }).click();
    await expect(this.agentOption(anAgent)).toBeVisible({ timeout: 30_000 });
  }

  /** Line `n` (1-based) of the file the Source panel shows, by the number it starts with (only lines near the view are drawn). */
  sourceLine(n: number): Locator {
    return this.sourceLines.getByRole("listitem").filter({ hasText: new RegExp(`^${n}(?!\\d)`) });
  }

  /** Runs of the history by entry name and status ("Summarize", "interrupted"), newest first. */
  historyItems(name: string, status: string): Locator {
    return this.runs.getByRole("list", { name: "Run history" }).getByRole("listitem", { name: new RegExp(`^${escape(name)}, ${escape(status)}, started `) });
  }

  /** The "Breakpoint on <kind> <name>" toggle inside `where`. */
  breakpointToggle(where: Locator, kind: "agent" | "step" | "tool", name: string): Locator {
    return where.getByRole("button", { name: `Breakpoint on ${kind} ${name}`, exact: true });
  }

  /** Waits until the run is at its stop number `n`, at `boundary` ("Before a model call", "Before a tool runs", …). */
  async waitForStop(n: number, boundary: string): Promise<void> {
    await expect(this.stoppedAt.getByRole("definition").filter({ hasText: new RegExp(`^#${n}$`) })).toBeVisible();
    await expect(this.stoppedAt.getByText(boundary, { exact: true })).toBeVisible();
  }

  /** Opens the studio and waits until it is ready and has listed the folder's agents. */
  async open(url: string): Promise<void> {
    await this.page.goto(url);
    await this.waitReady();
  }

  async waitReady(): Promise<void> {
    await expect(this.root).toHaveAttribute("data-ready", "true");
    await expect(this.agentList).toBeVisible();
  }

  /** An entry of Agents by its exact accessible name, e.g. "Triage workflow", "reviewer markdown". */
  agentOption(name: string | RegExp): Locator {
    return this.agentList.getByRole("option", typeof name === "string" ? { name, exact: true } : { name });
  }

  async selectAgent(name: string): Promise<void> {
    await this.agentOption(name).click();
    await expect(this.agentOption(name)).toHaveAttribute("aria-selected", "true");
  }

  /**
   * A node of the Agent tree, named "<kind> <name>": "agent Triage", "step summarize" — and, while
   * a run of the entry is shown, its state after a comma ("step summarize, stopped here").
   */
  treeNode(name: string): Locator {
    const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    return this.agentTree.getByRole("group", { name: new RegExp(`^${escaped}(, [a-z ]+)?$`) });
  }

  /** Selects an agent in the Agent tree and waits for the inspectors to show it. */
  async inspectAgent(nodeName: string, agentName: string): Promise<void> {
    await this.treeNode(`agent ${nodeName}`).click();
    await expect(this.capabilities.getByRole("list", { name: `Tools of ${agentName}`, exact: true })).toBeVisible();
  }

  /** The capability cards of the inspected agent. */
  toolCards(agentName: string): Locator {
    return this.capabilities.getByRole("list", { name: `Tools of ${agentName}`, exact: true }).locator(":scope > li");
  }

  /** One capability of the inspected agent: a card named by its tool name. */
  toolCard(name: string): Locator {
    return this.capabilities.getByRole("listitem", { name, exact: true });
  }

  provenanceOf(tool: string): Locator {
    return this.toolCard(tool).getByRole("list", { name: `Provenance of ${tool}, declaration first` }).getByRole("listitem");
  }

  /** Starts a run of the selected entry with its default input and returns how many runs it has now. */
  async startRun(): Promise<number> {
    const before = await this.runRows.count();
    await this.runButton.click();
    await expect(this.runRows).toHaveCount(before + 1);
    return before + 1;
  }

  /** The trace's row of a node, by kind and name, whatever its status. */
  traceItem(kind: string, name: string): Locator {
    return this.trace.getByRole("treeitem", { name: new RegExp(`^${escape(`${kind} ${name}`)}, `) });
  }

  /** Waits until the trace's root (the run node) has the status given. */
  async waitForRunStatus(name: string, status: "succeeded" | "failed" | "stopped"): Promise<void> {
    await expect(this.trace.getByRole("treeitem", { name: `run ${name}, ${status}`, exact: true })).toBeVisible();
  }

  /** The pending requests named "<tool> in <entry>" (several runs may each have one). */
  approvalCards(name: string): Locator {
    return this.pendingList.getByRole("listitem", { name, exact: true });
  }

  /** The run id a request card names (its "Run" fact: "<entry> <runId>"). */
  async runIdOf(card: Locator): Promise<string> {
    const text = await card.getByRole("definition").first().innerText();
    const runId = /\brun_\S+/.exec(text)?.[0];
    if (!runId) throw new Error(`no run id in the approval card's Run fact: ${JSON.stringify(text)}`);
    return runId;
  }

  async deny(card: Locator, reason: string): Promise<void> {
    await card.getByRole("textbox", { name: /Reason/ }).fill(reason);
    await card.getByRole("button", { name: "Deny", exact: true }).click();
  }

  /** The token count a run row shows ("#1 succeeded 01:38:14 643 ms 156 tokens"). */
  async tokensOfRunRow(row: Locator): Promise<number> {
    return tokensIn(await row.innerText(), /([\d,]+) tokens\b/);
  }

  /** The Total tokens of a row in Token usage's "Per run" table ("Release #1"). */
  async perRunTotal(label: string): Promise<number> {
    const row = this.usage.getByRole("table", { name: "Per run" }).getByRole("row", { name: new RegExp(`^${escape(label)} `) });
    // Cells after the row header: Input, Out, Reasoning, Cached, Total, Cost.
    return tokensIn(await row.getByRole("cell").nth(4).innerText(), /([\d,]+)/);
  }
}

function tokensIn(text: string, pattern: RegExp): number {
  const match = pattern.exec(text);
  if (!match) throw new Error(`no token count in ${JSON.stringify(text)}`);
  return Number(match[1]!.replace(/,/g, ""));
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
