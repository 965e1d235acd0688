// Source in the studio (the workbench issue, item 5), on the web host at a small and a common
// window size: a file:line link in Capabilities or Problems shows the file in the "Source" region,
// highlighted, with that line marked and in view; Escape gives the focus back to the link; and
// "Open in editor" on a host that has no editor it can start says so in the panel, with what to set.
import { copyFileSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, saveScreenshot, test } from "../../fixtures/studio.ts";
import type { Page } from "@playwright/test";
import type { StudioPage } from "../../pages/studio-page.ts";

const SIZES = [
  { width: 1024, height: 700 },
  { width: 1440, height: 900 },
];

// An editor that is not there: JUNE_EDITOR is read first and, when it names no command, is the
// answer (no falling back to `code` on PATH), so the host has no editor whatever the machine has.
// The studio fixture starts each test's studio with this process's environment.
const NO_EDITOR = "june-e2e-no-such-editor";
let editorBefore: string | undefined;
test.beforeAll(() => {
  editorBefore = process.env.JUNE_EDITOR;
  process.env.JUNE_EDITOR = NO_EDITOR;
});
test.afterAll(() => {
  if (editorBefore === undefined) delete process.env.JUNE_EDITOR;
  else process.env.JUNE_EDITOR = editorBefore;
});

/** Shows the Capabilities region (a tab below 1280 px). */
async function showCapabilities(studio: StudioPage): Promise<void> {
  const tab = studio.page.getByRole("tablist", { name: "Side panels" }).getByRole("tab", { name: "Capabilities" });
  if (await tab.isVisible()) await tab.click();
  await expect(studio.capabilities).toBeVisible();
}

/** The document's scrollable size (the e2e tsconfig has no DOM types: the page evaluates a string). */
async function documentSize(page: Page): Promise<{ width: number; height: number }> {
  return (await page.evaluate("({ width: document.documentElement.scrollWidth, height: document.documentElement.scrollHeight })")) as { width: number; height: number };
}

/** The line a "file:line:column" link names. */
function lineOf(name: string): number {
  const match = /:(\d+):\d+$/.exec(name);
  if (!match) throw new Error(`no line in the link ${JSON.stringify(name)}`);
  return Number(match[1]);
}

test.describe("Source in the studio", () => {
  for (const size of SIZES) {
    test(`at ${size.width}×${size.height} an agent's file:line in Capabilities shows triage.tsx with that line marked; Escape gives the focus back`, async ({ studioPage: studio, studio: host }, testInfo) => {
      const page = studio.page;
      await page.setViewportSize(size);
      await studio.selectAgent("Triage workflow");
      await showCapabilities(studio);
      const link = studio.capabilities.getByRole("button", { name: /^triage\.tsx:\d+:\d+$/ });
      const name = (await link.textContent())!;
      const line = lineOf(name);
      const text = readFileSync(join(host.folder, "triage.tsx"), "utf8").split("\n");
      const expected = text[line - 1]!;

      await test.step(`clicking ${name} shows the file in Source, the line marked and in view`, async () => {
        await link.click();
        await expect(studio.source).toBeVisible();
        await expect(studio.source.getByText("triage.tsx", { exact: true })).toBeVisible();
        await expect(studio.source.getByText(/^line \d+, column \d+$/)).toHaveText(`line ${line}, column ${name.split(":")[2]}`);
        const marked = studio.sourceLine(line);
        await expect(marked).toHaveAttribute("aria-current", "location");
        await expect(marked).toHaveText(`${line}${expected}`);
        await expect(marked).toBeInViewport();
        // The lines take the focus (arrows and Page keys scroll them; Escape closes).
        await expect(studio.sourceLines).toBeFocused();
        await expect(studio.sourceLines.getByRole("listitem")).toHaveCount(text.at(-1) === "" ? text.length - 1 : text.length);
        await expect(studio.sourceLine(1)).toHaveText(`1${text[0]}`);
      });
      await test.step("the code is highlighted once the highlighter has loaded", async () => {
        // Colours are the tokens' own (style), in both themes; the text is the same.
        await expect(studio.sourceLine(line).getByText("Agent", { exact: true })).toHaveAttribute("style", /--shiki-dark:/);
      });
      await saveScreenshot(page, testInfo, `source-capabilities-${size.width}`);
      await test.step("Escape closes it and the focus goes back to the link", async () => {
        await page.keyboard.press("Escape");
        await expect(studio.source).toHaveCount(0);
        await expect(link).toBeFocused();
      });
    });

    test(`at ${size.width}×${size.height} a problem's file:line shows the collision; Open in editor without an editor says what to set`, async ({ studioPage: studio, studio: host }, testInfo) => {
      const page = studio.page;
      await page.setViewportSize(size);
      const fixture = new URL("../../fixtures/projects/collision.tsx", import.meta.url).pathname;
      const lines = readFileSync(fixture, "utf8").split("\n");
      const second = lines.findIndex((text, i) => text.includes('<Tool name="lookup"') && i > lines.findIndex((t) => t.includes('<Tool name="lookup"'))) + 1;

      const problem = studio.problems.getByRole("list", { name: "Problems of this folder" }).getByRole("listitem").filter({ hasText: "JUNE_COLLISION" });
      await test.step("a workflow with a collision lands in the folder and shows in Problems", async () => {
        copyFileSync(fixture, join(host.folder, "collision.tsx"));
        await expect(problem).toHaveCount(1, { timeout: 30_000 });
      });
      const link = problem.getByRole("button", { name: new RegExp(`^collision\\.tsx:${second}:\\d+$`) });
      const before = await documentSize(page);
      await test.step("its file:line shows collision.tsx in Source with the second <Tool name=\"lookup\"> marked", async () => {
        await link.click();
        await expect(studio.source.getByText("collision.tsx", { exact: true })).toBeVisible();
        await expect(studio.sourceLine(second)).toHaveAttribute("aria-current", "location");
        await expect(studio.sourceLine(second)).toContainText('<Tool name="lookup" value={lookup} />');
        await expect(studio.sourceLine(second)).toBeInViewport();
      });
      await test.step("Open in editor, with no editor the host can start, says so in the panel and what to set", async () => {
        await studio.source.getByRole("button", { name: "Open in editor" }).click();
        const alert = studio.source.getByRole("alert");
        await expect(alert).toContainText("STUDIO_NO_EDITOR");
        await expect(alert).toContainText(`JUNE_EDITOR=${NO_EDITOR} is not on PATH`);
        await expect(alert).toContainText("Set JUNE_EDITOR, VISUAL or EDITOR");
        await expect(studio.sourceLine(second)).toBeInViewport();
      });
      await test.step("the panel's long lines and message scroll inside it: the document is no wider or taller for it", async () => {
        expect(await documentSize(page)).toEqual(before);
      });
      await saveScreenshot(page, testInfo, `source-problem-no-editor-${size.width}`);
      await test.step("Close gives the focus back to the problem's link", async () => {
        await studio.source.getByRole("button", { name: "Close", exact: true }).click();
        await expect(studio.source).toHaveCount(0);
        await expect(link).toBeFocused();
      });
    });
  }
});
