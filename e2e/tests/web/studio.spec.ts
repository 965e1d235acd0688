// June Studio on the web host, in Debian's Chromium: each test opens a fresh copy of samples/ the
// way a new user does, and checks what issue 5 item 6 asks — agents listed, capabilities and
// their provenance, a run approved in the inbox, one denied, one inbox across live runs, token
// totals equal to the engine's own result, and Problems following the folder as it changes.
import { readFileSync, copyFileSync } from "node:fs";
import { join } from "node:path";
import { expect, saveScreenshot, test } from "../../fixtures/studio.ts";
import { engineResult } from "../../support/engine-result.ts";
import { callStudio, type RunSummary } from "../../support/studio-socket.ts";

const WORKFLOWS = ["Article", "Fix", "Nested", "Release", "Report", "Summarize", "Triage"];
const MARKDOWN = ["docs-writer", "fs-explorer", "intake", "lead", "reviewer"];

test.describe("June Studio (web host) on samples/", () => {
  test("opens samples/: all 7 workflows and 5 markdown agents, no problems", async ({ studioPage: studio }) => {
    await test.step("Agents lists every workflow and markdown agent", async () => {
      await expect(studio.agentOptions).toHaveCount(WORKFLOWS.length + MARKDOWN.length);
      for (const name of WORKFLOWS) await expect(studio.agentOption(`${name} workflow`)).toBeVisible();
      for (const name of MARKDOWN) await expect(studio.agentOption(`${name} markdown`)).toBeVisible();
    });
    await test.step("Problems says there are none", async () => {
      await expect(studio.problems.getByText("0 errors · 0 warnings")).toBeVisible();
      await expect(studio.problems.getByText("No problems", { exact: true })).toBeVisible();
      await expect(studio.problems.getByRole("list", { name: "Problems of this folder" })).toHaveCount(0);
    });
  });

  test("fs-explorer's MCP tools say which annotation decided their approval", async ({ studioPage: studio }, testInfo) => {
    await studio.selectAgent("fs-explorer markdown");
    const read = studio.toolCard("mcp__fs__read_text_file");
    await expect(read.getByText("approval: never")).toBeVisible();
    await expect(read.getByRole("heading", { name: "Why it runs unasked" })).toBeVisible();
    await expect(read.getByText('MCP server "fs" annotates read_text_file readOnlyHint: true')).toBeVisible();
    // The tools that change files are taken away by the agent's disallowedTools.
    await expect(studio.toolCard("mcp__fs__write_file")).toHaveCount(0);
    await saveScreenshot(studio.page, testInfo, "fs-explorer-mcp-approval");
  });

  test("intake: the everything MCP server's form (an elicitation) answered in the inbox reaches the server", async ({ studioPage: studio }, testInfo) => {
    await studio.selectAgent("intake markdown");
    await studio.page.getByRole("textbox", { name: "Prompt" }).fill("Take down my details");
    await studio.startRun();
    await test.step("the tool call asks first (its annotations say it may write): approve it", async () => {
      const call = studio.approvalCards("mcp__everything__trigger-elicitation-request in intake");
      await expect(call).toHaveCount(1);
      await call.getByRole("button", { name: "Approve", exact: true }).click();
    });
    const card = studio.approvalCards("everything asks for input during mcp__everything__trigger-elicitation-request in intake");
    await test.step("the server's form waits in the inbox, built from its schema; an empty required field blocks Submit", async () => {
      await expect(card).toHaveCount(1);
      await expect(card.getByText("Please provide inputs for the following fields:")).toBeVisible();
      await expect(studio.traceItem("approval", "everything elicitation")).toHaveAccessibleName(/waiting/);
      await card.getByRole("button", { name: "Submit", exact: true }).click();
      await expect(card.getByText("String is required")).toBeVisible();
      await expect(card).toHaveCount(1);
    });
    await test.step("filled in and submitted: the answers reach the server, and the run reads them back", async () => {
      await card.getByRole("textbox", { name: "String", exact: true }).fill("Ada Lovelace");
      await card.getByRole("textbox", { name: "String with email format", exact: true }).fill("ada@example.com");
      await saveScreenshot(studio.page, testInfo, "elicitation-form");
      await card.getByRole("button", { name: "Submit", exact: true }).click();
      await expect(card).toHaveCount(0);
      await studio.waitForRunStatus("workflow", "succeeded");
      await expect(studio.traceItem("approval", "everything elicitation")).toHaveAccessibleName(/succeeded/);
      await expect(studio.historyRows.first()).toContainText("submitted");
      // The server's result, under the tool call: it names what was submitted.
      await studio.traceItem("tool-call", "mcp__everything__trigger-elicitation-request").click();
      await expect(studio.trace.getByText(/Name: Ada Lovelace/).first()).toBeVisible();
    });
    await saveScreenshot(studio.page, testInfo, "elicitation-answered");
  });

  test("lead: the orchestrator hands tasks to the reviewer and the docs writer, nested in the Agent tree and the Trace, its todo list live", async ({ studioPage: studio }, testInfo) => {
    await studio.selectAgent("lead markdown");
    await test.step("the Agent tree draws the agents lead can hand tasks to, under it", async () => {
      await expect(studio.treeNode("agent lead")).toBeVisible();
      await expect(studio.treeNode("agent reviewer")).toBeVisible();
      await expect(studio.treeNode("agent docs-writer")).toBeVisible();
      await expect(studio.toolCard("Agent")).toBeVisible();
    });
    await studio.page.getByRole("textbox", { name: "Prompt" }).fill("Get the changelog reviewed and the README checked");
    await studio.startRun();
    await studio.waitForRunStatus("workflow", "succeeded");
    await test.step("each hand-off is a nested agent run under its Agent call in the Trace", async () => {
      await expect(studio.traceItem("composite", "Agent:reviewer")).toHaveAccessibleName(/succeeded/);
      await expect(studio.traceItem("composite", "Agent:docs-writer")).toHaveAccessibleName(/succeeded/);
      await expect(studio.traceItem("agent", "reviewer")).toBeVisible();
      await expect(studio.traceItem("agent", "docs-writer")).toBeVisible();
    });
    await test.step("the Todos panel shows lead's list, every item done", async () => {
      const todos = studio.page.getByRole("region", { name: "Todos", exact: true });
      const list = todos.getByRole("list", { name: "Todo list" });
      await expect(list.getByRole("listitem")).toHaveCount(2);
      await expect(list.getByRole("listitem").first()).toContainText("Completed: Have the reviewer review the changelog");
      await expect(list).toHaveAccessibleDescription("2/2 done");
    });
    await saveScreenshot(studio.page, testInfo, "lead-delegation-todos");
  });

  test("MCP servers: both of samples' servers listed; everything's resources read and a prompt got, in its dialog", async ({ studioPage: studio }, testInfo) => {
    const servers = studio.page.getByRole("list", { name: "MCP servers of this folder" });
    await expect(servers.getByRole("listitem")).toHaveCount(2);
    await servers.getByRole("button", { name: "Browse everything" }).click();
    const dialog = studio.page.getByRole("dialog", { name: /MCP server everything/ });
    await test.step("the dialog lists what the server offers once it has started", async () => {
      await expect(dialog.getByRole("list", { name: "Resources" }).getByRole("listitem").first()).toBeVisible();
      await expect(dialog.getByRole("list", { name: "Prompts" }).getByRole("listitem")).not.toHaveCount(0);
    });
    await test.step("Read: a resource's text, as the server sends it", async () => {
      await dialog.getByRole("button", { name: "Read architecture.md", exact: true }).click();
      await expect(dialog.getByText(/Everything Server/).first()).toBeVisible();
    });
    await test.step("Get prompt: its arguments sent, the messages shown", async () => {
      const form = dialog.getByRole("form", { name: "Arguments of Arguments Prompt" });
      await form.getByRole("textbox", { name: /city/ }).fill("Paris");
      await form.getByRole("button", { name: "Get prompt Arguments Prompt" }).click();
      await expect(dialog.getByText("What's weather in Paris?")).toBeVisible();
    });
    await saveScreenshot(studio.page, testInfo, "mcp-browse");
    await studio.page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
  });

  test("Summarize's nested agent inherits readFile; Triage's tools show provenance and why they need approval", async ({ studioPage: studio }, testInfo) => {
    await test.step("Summarize: the Agent tree draws both agents, their step and the grant", async () => {
      await studio.selectAgent("Summarize workflow");
      await expect(studio.treeNode("agent Summarize")).toBeVisible();
      await expect(studio.treeNode("agent Agent")).toBeVisible();
      await expect(studio.treeNode("step summarize")).toBeVisible();
      await expect(studio.agentTree.getByText("inherits readFile", { exact: true })).toBeVisible();
    });
    await test.step("the grant's edge is dashed and still: nothing in the Agent tree moves (a moving edge redraws the page every frame)", async () => {
      await expect(studio.page.locator(".react-flow__edge.graph-edge-inherits")).toHaveCount(1);
      await expect(studio.page.locator(".react-flow__edge.animated")).toHaveCount(0);
      const moving = await studio.page.locator("html").evaluate((html) => html.ownerDocument.getAnimations().filter((a: { animationName?: string }) => a.animationName === "dashdraw").length);
      expect(moving).toBe(0);
    });
    await test.step("the nested agent's Capabilities and Inherited: readFile, granted from the enclosing <Agent>", async () => {
      await studio.inspectAgent("Agent", "Agent");
      await expect(studio.toolCards("Agent")).toHaveCount(1);
      const readFile = studio.toolCard("readFile");
      await expect(readFile.getByRole("definition").filter({ hasText: '<Tool name="readFile"> in the enclosing <Agent>' })).toBeVisible();
      const row = studio.inherited.getByRole("row", { name: /^readFile / });
      await expect(row.getByRole("rowheader")).toHaveText("readFile");
      await expect(row.getByRole("cell").locator("code")).toHaveText('<Tool name="readFile"> in the enclosing <Agent>');
      // deploy stays with the outer agent: it is neither offered nor inherited.
      await expect(studio.toolCard("deploy")).toHaveCount(0);
      await expect(studio.inherited.getByRole("row", { name: /deploy/ })).toHaveCount(0);
    });
    await saveScreenshot(studio.page, testInfo, "summarize-tree-inherited");
    await test.step("Triage: github_search, github_close and docs_search, with provenance and approval reasons", async () => {
      await studio.selectAgent("Triage workflow");
      await studio.inspectAgent("Triage", "Triage");
      await expect(studio.toolCards("Triage")).toHaveCount(3);
      for (const [tool, source, namespace] of [
        ["github_search", '<Tool name="search"> in <Namespace name="github">', "github"],
        ["github_close", '<Tool name="close"> in <Namespace name="github"> in <RequireApproval>', "github"],
        ["docs_search", '<Tool name="search"> in <Namespace name="docs">', "docs"],
      ] as const) {
        const card = studio.toolCard(tool);
        await expect(card.getByRole("definition").first()).toHaveText(source);
        await expect(studio.provenanceOf(tool).last()).toContainText(`<Namespace name="${namespace}">`);
      }
      await expect(studio.toolCard("github_search").getByText("approval: never")).toBeVisible();
      await expect(studio.toolCard("docs_search").getByText("approval: never")).toBeVisible();
      const close = studio.toolCard("github_close");
      await expect(close.getByText("approval: always")).toBeVisible();
      await expect(close.getByRole("heading", { name: "Why it needs approval" })).toBeVisible();
      await expect(close.locator(".reasons code")).toHaveText([/^<RequireApproval> \(.*triage\.tsx:\d+:\d+\)$/]);
      await expect(studio.provenanceOf("github_close")).toHaveText([/^<Tool name="close"> /, /^<RequireApproval> /, /^<Namespace name="github"> /]);
    });
    await saveScreenshot(studio.page, testInfo, "triage-tree-capabilities");
  });

  test("runs Release: approve deploy in the inbox, the trace finishes, token totals equal the engine's", async ({ studioPage: studio, studio: host }, testInfo) => {
    await studio.selectAgent("Release workflow");
    await studio.startRun();
    const card = studio.approvalCards("deploy in Release");

    await test.step("the request waits in Approvals: tool, input as JSON, agent path, step", async () => {
      await expect(card).toHaveCount(1);
      await expect(card.locator(".approval-tool")).toHaveText("deploy");
      await expect(card.getByLabel("Input of deploy")).toHaveJSProperty("textContent", '{\n  "env": "staging"\n}');
      const facts = card.getByRole("definition");
      await expect(facts.nth(0)).toContainText("Release run_");
      await expect(facts.nth(1)).toHaveText("Release");
      await expect(facts.nth(2)).toHaveText("release");
      await expect(studio.traceItem("approval", "deploy")).toHaveAccessibleName("approval deploy, waiting for approval");
      await expect(studio.page.getByRole("button", { name: "1 pending approval", exact: true })).toBeVisible();
    });
    await test.step("Approve: the request leaves the inbox and enters the history", async () => {
      await card.getByRole("button", { name: "Approve", exact: true }).click();
      await expect(card).toHaveCount(0);
      await expect(studio.approvals.getByText("No pending approvals")).toBeVisible();
      await expect(studio.historyRows).toHaveCount(1);
      await expect(studio.historyRows.first().getByRole("cell")).toHaveText([/\d\d:\d\d:\d\d/, "approved", /^deploy\s*Release$/, '{ "env": "staging" }', "—"]);
    });
    await test.step("the trace finishes: root succeeded, deploy ran", async () => {
      await studio.waitForRunStatus("Release", "succeeded");
      await expect(studio.traceItem("tool-call", "deploy")).toHaveAccessibleName("tool-call deploy, succeeded");
      await expect(studio.runRows).toHaveCount(1);
      await expect(studio.runRows.first()).toContainText("succeeded");
    });
    await saveScreenshot(studio.page, testInfo, "finished-trace");

    await test.step("Token usage: the run's total equals the service's summary and the engine's own result", async () => {
      const [summary] = await callStudio<RunSummary[]>(host.url, "listRuns");
      expect(summary).toMatchObject({ entryId: "workflow:release.tsx", status: "succeeded" });
      const engine = await engineResult(host.folder, "workflow:release.tsx", { approve: true });
      expect(engine).toMatchObject({ status: "succeeded", approvals: ["deploy"], error: null });
      expect(engine.usage.totalTokens, "the scripted run uses tokens").toBeGreaterThan(0);
      expect(summary!.usage, "the service's run summary").toEqual(engine.usage);
      expect(await studio.tokensOfRunRow(studio.runRows.first()), "the Run list row").toBe(engine.usage.totalTokens);
      expect(await studio.perRunTotal("Release #1"), "Token usage, per run").toBe(engine.usage.totalTokens);
      await expect(studio.usage.getByText(new RegExp(`^${engine.usage.totalTokens.toLocaleString("en-US")} tokens · \\$[\\d.]+ this run$`))).toBeVisible();
    });
  });

  test("runs Triage and denies github_close with a reason: history and trace show the denial, the run finishes", async ({ studioPage: studio, studio: host }) => {
    const reason = "the docs do not answer issue 42 yet";
    await studio.selectAgent("Triage workflow");
    await studio.startRun();
    const card = studio.approvalCards("github_close in Triage");

    await test.step("Deny with a reason", async () => {
      await expect(card.getByLabel("Input of github_close")).toHaveJSProperty("textContent", '{\n  "number": 42\n}');
      await studio.deny(card, reason);
      await expect(card).toHaveCount(0);
    });
    await test.step("the history shows the denial and its reason", async () => {
      await expect(studio.historyRows).toHaveCount(1);
      await expect(studio.historyRows.first().getByRole("cell")).toHaveText([/\d\d:\d\d:\d\d/, "denied", /^github_close\s*Triage$/, '{ "number": 42 }', reason]);
    });
    await test.step("the trace: the approval node records the denial, github_close never runs, the run finishes", async () => {
      await studio.waitForRunStatus("Triage", "succeeded");
      await expect(studio.traceItem("tool-call", "github_close")).toHaveCount(0);
      await studio.traceItem("approval", "github_close").click();
      await expect(studio.nodeDetail.getByRole("heading", { name: "Decision" })).toBeVisible();
      await expect(studio.nodeDetail.getByText(`Denied — ${reason}`)).toBeVisible();
    });
    await test.step("token totals equal the engine's run with the same denial", async () => {
      const engine = await engineResult(host.folder, "workflow:triage.tsx", { approve: false, reason });
      const [summary] = await callStudio<RunSummary[]>(host.url, "listRuns");
      expect(summary!.usage).toEqual(engine.usage);
      expect(await studio.tokensOfRunRow(studio.runRows.first())).toBe(engine.usage.totalTokens);
    });
  });

  test("one inbox across live runs: two Release runs wait at once, one approved, one denied, both finish", async ({ studioPage: studio, studio: host }, testInfo) => {
    const reason = "one staging deploy is enough";
    await studio.selectAgent("Release workflow");
    const cards = studio.approvalCards("deploy in Release");

    await test.step("start Release twice: both requests are listed at once", async () => {
      await studio.startRun();
      await expect(cards).toHaveCount(1);
      await studio.startRun();
      await expect(cards).toHaveCount(2);
      await expect(studio.approvals.getByText("2 pending", { exact: true })).toBeVisible();
      // A run whose request waits says so, not "running".
      await expect(studio.runRows.filter({ hasText: "waiting for approval" })).toHaveCount(2);
    });
    await saveScreenshot(studio.page, testInfo, "approvals-inbox-two-requests");

    const approvedRun = await studio.runIdOf(cards.nth(0));
    const deniedRun = await studio.runIdOf(cards.nth(1));
    expect(approvedRun).not.toBe(deniedRun);

    await test.step("approve the first with its keyboard shortcut, deny the second with a reason", async () => {
      await cards.nth(0).focus();
      await studio.page.keyboard.press("a");
      await expect(cards).toHaveCount(1);
      await expect(cards.first()).toContainText(deniedRun);
      await studio.deny(cards.first(), reason);
      await expect(cards).toHaveCount(0);
    });
    await test.step("the history holds both decisions, newest first", async () => {
      await expect(studio.historyRows).toHaveCount(2);
      await expect(studio.historyRows.nth(0).getByRole("cell").nth(1)).toHaveText("denied");
      await expect(studio.historyRows.nth(0).getByRole("cell").nth(4)).toHaveText(reason);
      await expect(studio.historyRows.nth(1).getByRole("cell").nth(1)).toHaveText("approved");
    });
    await test.step("both runs finish, each with the engine's totals for its decision", async () => {
      await expect(studio.runRows.filter({ hasText: "succeeded" })).toHaveCount(2);
      const runs = await callStudio<RunSummary[]>(host.url, "listRuns");
      const byId = new Map(runs.map((run) => [run.runId, run]));
      expect(byId.get(approvedRun)?.status).toBe("succeeded");
      expect(byId.get(deniedRun)?.status).toBe("succeeded");
      const approved = await engineResult(host.folder, "workflow:release.tsx", { approve: true });
      const denied = await engineResult(host.folder, "workflow:release.tsx", { approve: false, reason });
      expect(byId.get(approvedRun)?.usage).toEqual(approved.usage);
      expect(byId.get(deniedRun)?.usage).toEqual(denied.usage);
    });
  });

  test("Problems follows the folder: a workflow with a tool-name collision shows JUNE_COLLISION at its file:line", async ({ studioPage: studio, studio: host }) => {
    const source = new URL("../../fixtures/projects/collision.tsx", import.meta.url).pathname;
    const lines = readFileSync(source, "utf8").split("\n");
    // The collision is reported at the second declaration of the name.
    const second = lines.map((text, index) => ({ text, line: index + 1 })).filter(({ text }) => text.includes('<Tool name="lookup"'))[1]!;
    const where = `collision.tsx:${second.line}:${second.text.indexOf("<Tool") + 1}`;

    await test.step("copy the broken workflow into the open folder", async () => {
      await expect(studio.problems.getByText("No problems", { exact: true })).toBeVisible();
      copyFileSync(source, join(host.folder, "collision.tsx"));
    });
    await test.step("the watcher reloads: Problems lists JUNE_COLLISION with its location as a button", async () => {
      const list = studio.problems.getByRole("list", { name: "Problems of this folder" });
      await expect(list).toBeVisible({ timeout: 30_000 });
      const problem = list.getByRole("listitem").filter({ hasText: "JUNE_COLLISION" });
      await expect(problem).toHaveCount(1);
      await expect(problem).toContainText('the tool name "lookup"');
      await expect(problem.getByRole("button", { name: where, exact: true })).toBeVisible();
      await expect(studio.problems.getByText("1 error · 0 warnings")).toBeVisible();
    });
    await test.step("Agents marks the broken workflow", async () => {
      await expect(studio.agentOption("Collision workflow, 1 problem")).toBeVisible();
      await expect(studio.agentOptions).toHaveCount(WORKFLOWS.length + MARKDOWN.length + 1);
    });
  });
});
