// June Studio as the Electron app, launched by Playwright with the samples copy on its command
// line: the same smoke as the web host (agents listed, Release run and approved), and what only
// Electron can get wrong — page code sees no `require` or `process`, and Electron logs no
// "Electron Security Warning". Where the Electron binary is absent the suite is skipped, and the
// reason is in its title, so a report never mistakes it for a pass.
import { saveScreenshot } from "../../fixtures/studio.ts";
import { expect, findElectronBinary, test } from "../../fixtures/electron.ts";

const binary = findElectronBinary();
const title = binary.found ? "June Studio (Electron app) on samples/" : `June Studio (Electron app) on samples/ — skipped: ${binary.reason}`;

test.describe(title, () => {
  test.skip(!binary.found, binary.found ? "" : binary.reason);
  test.describe.configure({ timeout: 180_000 });

  test("opens samples/ from argv, runs Release and approves deploy; no require/process in the page, no security warning", async ({ electronStudio }, testInfo) => {
    const { studioPage: studio, window: appWindow } = electronStudio;

    await test.step("the folder from the command line is open: 7 workflows, 3 markdown agents, no problems", async () => {
      await expect(studio.agentOptions).toHaveCount(10);
      await expect(studio.agentOption("Release workflow")).toBeVisible();
      await expect(studio.agentOption("reviewer markdown")).toBeVisible();
      await expect(studio.problems.getByText("No problems", { exact: true })).toBeVisible();
      await expect(appWindow.getByText("electron", { exact: true })).toBeVisible();
    });
    await test.step("page code has no Node: typeof require and typeof process are undefined", async () => {
      expect(await appWindow.evaluate(() => typeof require)).toBe("undefined");
      expect(await appWindow.evaluate(() => typeof process)).toBe("undefined");
      expect(await appWindow.evaluate(() => typeof (globalThis as { june?: unknown }).june)).toBe("object");
    });
    await test.step("run Release, approve deploy, the trace finishes", async () => {
      await studio.selectAgent("Release workflow");
      await studio.startRun();
      const card = studio.approvalCards("deploy in Release");
      await expect(card).toHaveCount(1);
      await expect(card.getByLabel("Input of deploy")).toHaveJSProperty("textContent", '{\n  "env": "staging"\n}');
      await card.getByRole("button", { name: "Approve", exact: true }).click();
      await expect(card).toHaveCount(0);
      await studio.waitForRunStatus("Release", "succeeded");
      await expect(studio.historyRows).toHaveCount(1);
    });
    await saveScreenshot(appWindow, testInfo, "electron-finished-trace");
  });
});
