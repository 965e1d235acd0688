// The workbench (issue 13, items 1 and 2): at every common window size the document never scrolls
// and each panel scrolls on its own; below 1280 px the right sidebar is tabs; separators resize
// from the keyboard and their sizes persist per project; the Agent tree's text is at least 12 px
// on screen whatever the panel's size, subtrees fold, and a run's state shows on its nodes. Axe
// finds no serious or critical violation in the main views.
import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { expect, saveScreenshot, test } from "../../fixtures/studio.ts";

const SIZES = [
  { width: 1024, height: 700 },
  { width: 1280, height: 720 },
  { width: 1440, height: 900 },
  { width: 1920, height: 1080 },
];

async function documentScroll(page: Page): Promise<{ x: number; y: number }> {
  const root = "document.documentElement";
  return (await page.evaluate(`({ x: ${root}.scrollWidth - ${root}.clientWidth, y: ${root}.scrollHeight - ${root}.clientHeight })`)) as { x: number; y: number };
}

/** The smallest font size, in CSS px on screen (font size × the graph's zoom), of the node's text. */
async function smallestTextOnScreen(node: Locator): Promise<number> {
  return node.evaluate((el) => {
    type Box = { getBoundingClientRect(): { width: number }; offsetWidth: number; querySelectorAll(selector: string): Iterable<unknown> };
    const view = globalThis as unknown as { getComputedStyle(e: unknown): { fontSize: string } };
    const box = el as unknown as Box;
    const scale = box.getBoundingClientRect().width / box.offsetWidth;
    let smallest = Infinity;
    for (const text of box.querySelectorAll(".graph-node-name, .graph-node-detail")) smallest = Math.min(smallest, parseFloat(view.getComputedStyle(text).fontSize) * scale);
    return smallest;
  });
}

// Known and not yet mended (issue 13 stays open on it while this list is not empty): elements
// whose accessible name does not hold their visible text (WCAG 2.5.3). Every other rule is held.
const KNOWN_GAPS: string[] = [];

async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).exclude(".react-flow__attribution").disableRules(KNOWN_GAPS).analyze();
  return results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

test.describe("The workbench", () => {
  for (const size of SIZES) {
    test(`at ${size.width}×${size.height} the document never scrolls and the main views pass axe`, async ({ studioPage: studio }, testInfo) => {
      const page = studio.page;
      await page.setViewportSize(size);
      const narrow = size.width < 1280;
      await test.step("every region is on screen or one tab away", async () => {
        for (const region of [studio.agents, studio.runs, studio.problems, studio.agentTree, studio.run, studio.trace]) await expect(region).toBeVisible();
        const tabs = page.getByRole("tablist", { name: "Side panels" });
        if (narrow) {
          await expect(tabs).toBeVisible();
          await expect(studio.approvals).toBeVisible();
          await tabs.getByRole("tab", { name: "Capabilities" }).click();
          await expect(studio.capabilities).toBeVisible();
          await expect(studio.approvals).toBeHidden();
          await tabs.getByRole("tab", { name: "Token usage" }).click();
          await expect(studio.usage).toBeVisible();
          await tabs.getByRole("tab", { name: /^Approvals/ }).click();
        } else {
          await expect(tabs).toHaveCount(0);
          for (const region of [studio.approvals, studio.capabilities, studio.usage]) await expect(region).toBeVisible();
        }
      });
      await test.step("a nested workflow run to its end: still no document scroll", async () => {
        await studio.selectAgent("Article workflow");
        await studio.runButton.click();
        await expect(studio.agentTree.getByRole("group", { name: "agent Article, succeeded" })).toBeVisible();
        expect(await documentScroll(page)).toEqual({ x: 0, y: 0 });
      });
      await test.step("axe: no serious or critical violations, in both themes", async () => {
        expect(await axeViolations(page)).toEqual([]);
        await page.getByRole("button", { name: "Toggle theme" }).click();
        expect(await axeViolations(page)).toEqual([]);
      });
      await saveScreenshot(page, testInfo, `workbench-${size.width}x${size.height}`);
    });
  }

  test("the Agent tree stays readable in a small panel: fitting pans instead of shrinking text below 12 px", async ({ studioPage: studio }, testInfo) => {
    const page = studio.page;
    await page.setViewportSize({ width: 1024, height: 700 });
    await studio.selectAgent("Article workflow");
    const tree = studio.agentTree;
    const root = tree.getByRole("group", { name: "agent Article" });
    await expect(root).toBeVisible();
    for (const node of await tree.getByRole("group").all()) expect(await smallestTextOnScreen(node)).toBeGreaterThanOrEqual(12);
    await test.step("Fit the tree keeps the readable zoom", async () => {
      await tree.getByRole("button", { name: "Fit the tree" }).click();
      expect(await smallestTextOnScreen(root)).toBeGreaterThanOrEqual(12);
    });
    await saveScreenshot(page, testInfo, "agent-tree-1024");
  });

  test("a subtree folds to its node and unfolds", async ({ studioPage: studio }) => {
    await studio.selectAgent("Report workflow");
    const tree = studio.agentTree;
    await expect(tree.getByRole("group", { name: "step findings" })).toBeVisible();
    await tree.getByRole("button", { name: "Collapse research" }).click();
    await expect(tree.getByRole("group", { name: "step findings" })).toHaveCount(0);
    await expect(tree.getByRole("group", { name: "agent Agent" })).toHaveCount(0);
    await tree.getByRole("button", { name: "Expand research (2 hidden)" }).click();
    await expect(tree.getByRole("group", { name: "step findings" })).toBeVisible();
  });

  test("a run's state shows on its nodes: waiting for approval, then succeeded", async ({ studioPage: studio }, testInfo) => {
    await studio.selectAgent("Release workflow");
    await studio.runButton.click();
    const waiting = studio.agentTree.getByRole("group", { name: /, waiting for approval$/ });
    await expect(waiting.first()).toBeVisible();
    await expect(waiting.first().getByText("waiting for approval")).toBeVisible();
    await saveScreenshot(studio.page, testInfo, "agent-tree-waiting");
    await studio.pendingList.getByRole("button", { name: "Approve" }).first().click();
    await expect(studio.agentTree.getByRole("group", { name: "agent Release, succeeded" })).toBeVisible();
  });

  test("a separator resizes from the keyboard, a panel folds to its header, and both persist for the project", async ({ studioPage: studio }) => {
    const page = studio.page;
    const separator = page.getByRole("separator", { name: "Resize the left sidebar" });
    const width = () => studio.agents.evaluate((el) => Math.round(el.getBoundingClientRect().width));
    const before = await width();
    await separator.focus();
    for (let i = 0; i < 5; i++) await page.keyboard.press("ArrowRight");
    await expect.poll(width).toBeGreaterThan(before + 20);
    const resized = await width();
    await studio.runs.getByRole("button", { name: "Collapse Runs" }).click();
    await expect(studio.runs.getByRole("button", { name: "Expand Runs" })).toHaveAttribute("aria-expanded", "false");
    await page.reload();
    await expect(studio.root).toHaveAttribute("data-ready", "true");
    await expect.poll(width).toBe(resized);
    await expect(studio.runs.getByRole("button", { name: "Expand Runs" })).toBeVisible();
  });

  for (const size of [SIZES[0]!, SIZES[2]!]) {
    test(`at ${size.width}×${size.height} every main view passes axe: a model call's detail, a pending approval, Source, the palette, Compare runs`, async ({ studioPage: studio }, testInfo) => {
      const page = studio.page;
      await page.setViewportSize(size);
      const view = async (name: string) => {
        expect(await axeViolations(page), name).toEqual([]);
        await saveScreenshot(page, testInfo, `view-${name}-${size.width}`);
      };
      await test.step("a model call's detail", async () => {
        await studio.selectAgent("Article workflow");
        await studio.runButton.click();
        await expect(studio.agentTree.getByRole("group", { name: "agent Article, succeeded" })).toBeVisible();
        // The last call gives the answer.
        await studio.trace.getByRole("treeitem", { name: /^model-call .*, succeeded/ }).last().click();
        await expect(studio.answer).toBeVisible();
        await view("model-call");
      });
      await test.step("a pending approval", async () => {
        await studio.selectAgent("Release workflow");
        await studio.runButton.click();
        if (size.width < 1280) await studio.sideTabs.getByRole("tab", { name: /^Approvals/ }).click();
        await expect(studio.pendingList.getByRole("button", { name: "Approve" }).first()).toBeVisible();
        await view("approval");
        await studio.pendingList.getByRole("button", { name: "Approve" }).first().click();
      });
      await test.step("Source", async () => {
        if (size.width < 1280) await studio.sideTabs.getByRole("tab", { name: "Capabilities" }).click();
        await studio.capabilities.getByRole("button", { name: /\.tsx:\d+/ }).first().click();
        await expect(studio.source).toBeVisible();
        await expect(studio.sourceLines).toBeVisible();
        await view("source");
        await page.keyboard.press("Escape");
      });
      await test.step("the command palette", async () => {
        await page.keyboard.press("Control+k");
        await expect(studio.palette).toBeVisible();
        await view("palette");
        await page.keyboard.press("Escape");
      });
      await test.step("Compare runs", async () => {
        await studio.selectAgent("Article workflow");
        await studio.runButton.click();
        if (size.width < 1280) await studio.sideTabs.getByRole("tab", { name: "Token usage" }).click();
        await studio.usage.getByRole("button", { name: "Compare runs" }).click();
        const compare = page.getByRole("region", { name: "Compare runs" });
        await expect(compare).toBeVisible();
        await view("compare");
      });
    });
  }
});

