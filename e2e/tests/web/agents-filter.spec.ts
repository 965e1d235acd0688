// Real folders in June Studio (web host), at a small and a large window: "Filter agents" narrows
// the list and says how many match; a folder of 200 markdown agents in nested folders and a
// plugin (e2e/fixtures/projects/many-agents) lists them all, keeps its broken agent file listed
// with its error, groups them by folder; the top bar's problem count jumps to Problems, whose
// rows are compact with the whole message behind a disclosure. Screenshots of Agents and
// Problems at both sizes go to test-results/screenshots/.
import { cpSync, mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { Page, TestInfo } from "@playwright/test";
import { assertRendererBuilt, expect, repo, saveScreenshot, startWebStudio, stopStudio, test as base, type Studio } from "../../fixtures/studio.ts";
import { StudioPage } from "../../pages/studio-page.ts";

const VIEWPORTS = [
  { width: 1024, height: 700 },
  { width: 1440, height: 900 },
];

/** The many-agents fixture: 180 agents in .claude/agents' nested folders (search-060 names an unknown tool), 20 of the ops-kit plugin, one broken file. */
const MANY = { agents: 200, rows: 201, plugin: 20 };
const BROKEN = "broken-agent markdown, failed to load, 1 problem";

const test = base.extend<{ manyAgents: Studio; manyPage: StudioPage }>({
  // A fresh copy of the fixture inside the repo (so its june.config.ts resolves "june"), served by a web studio.
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from its first parameter: none.
  manyAgents: async ({}, use, testInfo) => {
    assertRendererBuilt();
    const folder = join(repo, "e2e", ".work", `many-agents-${process.pid}-${testInfo.workerIndex}-${testInfo.repeatEachIndex}-${testInfo.retry}`);
    rmSync(folder, { recursive: true, force: true });
    mkdirSync(join(folder, ".."), { recursive: true });
    cpSync(join(repo, "e2e", "fixtures", "projects", "many-agents"), folder, { recursive: true });
    try {
      const studio = await startWebStudio(folder);
      await use(studio);
      await stopStudio(studio);
      if (testInfo.status !== testInfo.expectedStatus) await testInfo.attach("june studio output", { body: studio.log(), contentType: "text/plain" });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  },
  manyPage: async ({ page, manyAgents, consoleProblems }, use) => {
    void consoleProblems;
    const studio = new StudioPage(page);
    await studio.open(manyAgents.url);
    await use(studio);
    await page.close();
  },
});

/** An element's screenshot as a test attachment, beside the full-page ones in test-results/screenshots/. */
async function saveRegionShot(page: Page, region: ReturnType<Page["locator"]>, testInfo: TestInfo, name: string): Promise<void> {
  const path = join(testInfo.project.outputDir, "screenshots", `${testInfo.project.name}-${name}.png`);
  await region.screenshot({ path });
  await testInfo.attach(name, { path, contentType: "image/png" });
}

for (const viewport of VIEWPORTS) {
  const size = `${viewport.width}x${viewport.height}`;

  test.describe(`Agents on samples/ at ${size}`, () => {
    test("Filter agents narrows the list, counts the matches, and offers to clear a filter nothing matches", async ({ studioPage: studio }) => {
      await studio.page.setViewportSize(viewport);
      const count = studio.agents.getByRole("status");
      await test.step("every agent, counted", async () => {
        await expect(studio.agentOptions).toHaveCount(12);
        await expect(count).toHaveText("12 agents");
      });
      await test.step("a word of a description finds its agent", async () => {
        await studio.agentFilter.fill("newcomer");
        await expect(studio.agentOptions).toHaveCount(1);
        await expect(studio.agentOption("reviewer markdown")).toBeVisible();
        await expect(count).toHaveText("1 of 12");
      });
      await test.step("a path finds the markdown agents", async () => {
        await studio.agentFilter.fill(".claude/agents");
        await expect(studio.agentOptions).toHaveCount(5);
        await expect(count).toHaveText("5 of 12");
      });
      await test.step("nothing matches: say so, and Clear filter brings them all back", async () => {
        await studio.agentFilter.fill("no agent is called this");
        await expect(studio.agents.getByText("No agents match")).toBeVisible();
        await expect(studio.agentList).toHaveCount(0);
        await studio.agents.getByRole("button", { name: "Clear filter" }).click();
        await expect(studio.agentFilter).toBeFocused();
        await expect(studio.agentOptions).toHaveCount(12);
      });
      await test.step("the keyboard: Down into the list, letters type ahead, Enter selects", async () => {
        await studio.agentFilter.press("ArrowDown");
        await expect(studio.agentOption("Article workflow")).toBeFocused();
        await studio.page.keyboard.type("rev");
        await expect(studio.agentOption("reviewer markdown")).toBeFocused();
        await studio.page.keyboard.press("Enter");
        await expect(studio.agentOption("reviewer markdown")).toHaveAttribute("aria-selected", "true");
      });
      await test.step("the top bar says there are no problems", async () => {
        await expect(studio.problemCount).toHaveAccessibleName("No problems");
        await expect(studio.problemCount).toHaveText(/No problems/);
      });
    });
  });

  test.describe(`Agents and Problems on 200 agents at ${size}`, () => {
    test.use({ viewport });

    test("lists every agent and the broken file with its error, filters them, groups them by folder", async ({ manyPage: studio }, testInfo) => {
      const count = studio.agents.getByRole("status");
      await test.step("all of them, the plugin's under its header", async () => {
        await expect(count).toHaveText(`${MANY.rows} agents`);
        await expect(studio.agentOptions).toHaveCount(MANY.rows);
        await expect(studio.agentList.getByRole("group", { name: "ops-kit plugin" }).getByRole("option")).toHaveCount(MANY.plugin);
        await saveRegionShot(studio.page, studio.agents, testInfo, `agents-${size}`);
      });
      await test.step("the broken agent file stays listed, with its error in its row", async () => {
        await studio.agentFilter.fill("broken");
        await expect(count).toHaveText(`1 of ${MANY.rows}`);
        const broken = studio.agentOption(BROKEN);
        await expect(broken).toBeVisible();
        await expect(broken).toHaveAttribute("aria-disabled", "true");
        // Drawn by CSS from data-text (only the name is the option's text: WCAG 2.5.3): what the row shows.
        const error = broken.locator(".entry-error");
        await expect(error).toBeVisible();
        await expect.poll(() => error.evaluate((el) => el.ownerDocument.defaultView!.getComputedStyle(el, "::before").content)).toContain("the frontmatter has no `description`");
        await expect(broken).toHaveAccessibleDescription(/the frontmatter has no `description`/);
        await saveRegionShot(studio.page, studio.agents, testInfo, `agents-broken-${size}`);
      });
      await test.step("an agent that loaded with an error shows it too", async () => {
        await studio.agentFilter.fill("search-060");
        const agent = studio.agentOption("search-060 markdown, 1 problem");
        await expect(agent).toBeVisible();
        await expect(agent).toHaveAccessibleDescription(/`tools` names "grep"/);
      });
      await test.step("a plugin's agents by name, picked from the keyboard", async () => {
        await studio.agentFilter.fill("oncall");
        await expect(studio.agentOptions).toHaveCount(10);
        await expect(count).toHaveText(`10 of ${MANY.rows}`);
        // Down goes to the list's tab stop: its first row, here the plugin's header.
        await studio.agentFilter.press("ArrowDown");
        await expect(studio.agentList.getByRole("button", { name: `ops-kit plugin, 10 of ${MANY.plugin} agents` })).toBeFocused();
        await studio.page.keyboard.press("ArrowDown");
        await expect(studio.agentOption("ops-kit:oncall-00 markdown")).toBeFocused();
        await studio.page.keyboard.press("End");
        await expect(studio.agentOption("ops-kit:oncall-18 markdown")).toBeFocused();
        await studio.page.keyboard.press("Enter");
        await expect(studio.agentOption("ops-kit:oncall-18 markdown")).toHaveAttribute("aria-selected", "true");
      });
      await test.step("grouped by folder: each nested folder under a header that folds", async () => {
        await studio.agentFilter.fill("");
        await studio.agents.getByRole("combobox", { name: "Group" }).selectOption("folder");
        const support = studio.agentList.getByRole("group", { name: ".claude/agents/support folder" });
        await expect(support.getByRole("option", { name: BROKEN, exact: true })).toBeVisible();
        await expect(studio.agentList.getByRole("group", { name: ".claude/agents/billing/invoices folder" })).toBeVisible();
        await saveRegionShot(studio.page, studio.agents, testInfo, `agents-by-folder-${size}`);
        const header = studio.agentList.getByRole("button", { name: /^\.claude\/agents\/billing\/invoices folder, \d+ agents$/ });
        await header.click();
        await expect(header).toHaveAttribute("aria-expanded", "false");
        await expect(studio.agentOptions).toHaveCount(MANY.rows - Number(/(\d+) agents/.exec((await header.getAttribute("aria-label")) ?? "")?.[1]));
      });
    });

    test("the top bar's count jumps to Problems, whose rows are compact with the whole message on demand", async ({ manyPage: studio }, testInfo) => {
      await test.step("the count names the errors and warnings", async () => {
        await expect(studio.problemCount).toHaveAccessibleName("Problems: 2 errors, 2 warnings");
        await expect(studio.problemCount).toHaveText(/2 errors · 2 warnings/);
      });
      await test.step("fold Problems to its header; the count opens it and focuses it", async () => {
        await studio.page.getByRole("button", { name: "Collapse Problems" }).click();
        await expect(studio.page.getByRole("button", { name: "Expand Problems" })).toBeVisible();
        await studio.problemCount.click();
        await expect(studio.problems).toBeFocused();
        await expect(studio.page.getByRole("button", { name: "Collapse Problems" })).toHaveAttribute("aria-expanded", "true");
        await expect(studio.problems).toBeInViewport();
      });
      const list = studio.problems.getByRole("list", { name: "Problems of this folder" });
      await test.step("errors first, each row where, code and first sentence", async () => {
        const rows = list.getByRole("listitem");
        await expect(rows).toHaveCount(4);
        const broken = rows.filter({ hasText: "JUNE_AGENT_FIELD_MISSING" });
        await expect(broken.getByRole("button", { name: ".claude/agents/support/broken-agent.md:1:1", exact: true })).toBeVisible();
        await expect(broken.getByText("the frontmatter has no `description`; every agent file needs `description:` (what the agent does, which is what a calling model reads).", { exact: true })).toBeVisible();
        await expect(rows.nth(2)).toContainText("JUNE_UNKNOWN_KEY");
        await saveRegionShot(studio.page, studio.problems, testInfo, `problems-${size}`);
        await saveScreenshot(studio.page, testInfo, `many-agents-${size}`);
      });
      await test.step("a long message: its first sentence, the whole of it behind the disclosure", async () => {
        const tool = list.getByRole("listitem").filter({ hasText: "JUNE_UNKNOWN_TOOL" });
        const whole = tool.getByText('Did you mean "Grep"?', { exact: false });
        await expect(tool).toContainText('`tools` names "grep", which is neither a project tool nor a Claude Code built-in, so the agent "search-060" can\'t load.');
        await expect(whole).toBeHidden();
        const disclosure = tool.getByRole("button", { name: "Full message" });
        await expect(disclosure).toHaveAttribute("aria-expanded", "false");
        await disclosure.click();
        await expect(disclosure).toHaveAttribute("aria-expanded", "true");
        await expect(whole).toBeVisible();
        await saveRegionShot(studio.page, studio.problems, testInfo, `problems-expanded-${size}`);
        await disclosure.click();
        await expect(whole).toBeHidden();
      });
    });
  });
}
