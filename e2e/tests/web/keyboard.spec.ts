// Focus and keyboard (the workbench issue, item 4), at 1024×700 (the right sidebar is tabs) and
// 1440×900: after Run the focus is in the new run's trace; Alt+A focuses the first pending
// approval from anywhere (selecting the Approvals tab when the window is narrow); a run waiting
// for approval says so in Runs; the command palette opens with Ctrl+K and Ctrl+Shift+P and runs
// an action; F9 toggles a breakpoint on the Agent tree's selected node.
import { expect, saveScreenshot, test } from "../../fixtures/studio.ts";

const SIZES = [
  { width: 1024, height: 700 },
  { width: 1440, height: 900 },
];

test.describe("Focus and keyboard", () => {
  for (const size of SIZES) {
    test(`at ${size.width}×${size.height}: Run, the approval key, the palette and F9`, async ({ studioPage: studio }, testInfo) => {
      const page = studio.page;
      await page.setViewportSize(size);
      const narrow = size.width < 1280;
      await studio.selectAgent("Release workflow");

      await test.step("after Run the focus is on the new run's root row in the Trace", async () => {
        await studio.runButton.click();
        await expect(studio.traceItem("run", "Release")).toBeFocused();
      });

      const card = studio.approvalCards("deploy in Release");
      await test.step("the run waits for approval: Runs says so, and Alt+A focuses the request from anywhere", async () => {
        await expect(studio.historyItems("Release", "waiting for approval")).toHaveCount(1);
        await expect(page.getByRole("status", { name: "Approval announcements" })).toHaveText("Approval needed: deploy in Release — press Alt+A to review");
        if (narrow) await studio.sideTabs.getByRole("tab", { name: "Capabilities" }).click();
        await studio.agents.getByRole("searchbox", { name: "Filter agents" }).focus();
        await page.keyboard.press("Alt+A");
        if (narrow) await expect(studio.sideTabs.getByRole("tab", { name: /^Approvals/ })).toHaveAttribute("aria-selected", "true");
        await expect(card).toBeFocused();
      });

      await test.step("Ctrl+K and Ctrl+Shift+P open the palette; Escape closes it and the focus comes back", async () => {
        await page.keyboard.press("Control+K");
        await expect(studio.palette).toBeVisible();
        await expect(studio.palette.getByRole("combobox")).toBeFocused();
        await expect(studio.palette.getByRole("option", { name: "Focus first pending approval" })).toHaveAttribute("aria-keyshortcuts", "Alt+A");
        await saveScreenshot(page, testInfo, `palette-${size.width}x${size.height}`);
        await page.keyboard.press("Escape");
        await expect(studio.palette).toBeHidden();
        await expect(card).toBeFocused();
        await page.keyboard.press("Control+Shift+P");
        await expect(studio.palette).toBeVisible();
      });

      await test.step("the palette runs the highlighted action: Toggle theme", async () => {
        const before = await page.locator("html").getAttribute("data-theme");
        await page.keyboard.type("theme");
        await expect(studio.palette.getByRole("option", { name: "Toggle theme" })).toHaveAttribute("aria-selected", "true");
        await page.keyboard.press("Enter");
        await expect(studio.palette).toBeHidden();
        await expect(page.locator("html")).not.toHaveAttribute("data-theme", before ?? "");
      });

      await test.step("F9 toggles a breakpoint on the Agent tree's selected node", async () => {
        await studio.agentTree.getByRole("group", { name: /^step release\b/ }).click();
        const toggle = studio.breakpointToggle(studio.agentTree, "step", "release");
        await expect(toggle).toHaveAttribute("aria-pressed", "false");
        await page.keyboard.press("F9");
        await expect(toggle).toHaveAttribute("aria-pressed", "true");
        await page.keyboard.press("F9");
        await expect(toggle).toHaveAttribute("aria-pressed", "false");
      });
    });
  }
});
