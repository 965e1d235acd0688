// State belongs to the open project (web host, a fresh copy of samples/ and of a small second
// project): after Open folder the studio shows none of the first folder's runs, approval decisions
// or breakpoints; opening the first again shows its runs and decision (from its .june/runs and
// this session), its breakpoint and the agent that was selected.
import { cpSync, rmSync } from "node:fs";
import { join } from "node:path";
import { expect, saveScreenshot, test } from "../../fixtures/studio.ts";

test.describe("State belongs to the open project (web host)", () => {
  test("another folder shows none of samples' runs, decisions or breakpoints; samples opened again shows its own", async ({ studioPage: studio, studio: host }, testInfo) => {
    // Inside the samples copy, which the studio trusts for the session (named on its command line),
    // so it opens trusted without writing the user's trust file; a dot-folder, so samples' own
    // discovery doesn't list it.
    const second = join(host.folder, ".greeter");
    cpSync(new URL("../../fixtures/projects/greeter", import.meta.url).pathname, second, { recursive: true });
    try {
      await test.step("in samples: Summarize runs, Release runs with its deploy approved, a breakpoint on readFile", async () => {
        await studio.selectAgent("Summarize workflow");
        await studio.startRun();
        await studio.waitForRunStatus("Summarize", "succeeded");
        await studio.selectAgent("Release workflow");
        await studio.startRun();
        await studio.approvalCards("deploy in Release").getByRole("button", { name: "Approve", exact: true }).click();
        await studio.waitForRunStatus("Release", "succeeded");
        await expect(studio.historyRows).toHaveCount(1);
        await studio.selectAgent("Summarize workflow");
        await studio.breakpointToggle(studio.capabilities, "tool", "readFile").click();
        await expect(studio.breakpointItems).toHaveCount(1);
        await expect(studio.runHistory).toHaveCount(2);
      });

      await test.step("Open folder on the second project: its agent, and no run, decision or breakpoint of samples", async () => {
        await studio.openFolder(second, "Greet workflow");
        await expect(studio.agentOption("Summarize workflow")).toHaveCount(0);
        await expect(studio.agentOption("Greet workflow")).toHaveAttribute("aria-selected", "true");
        await expect(studio.runHistory).toHaveCount(0);
        await expect(studio.historyRows).toHaveCount(0);
        await expect(studio.approvals.getByText("No decisions yet.")).toBeVisible();
        await expect(studio.breakpointItems).toHaveCount(0);
        await saveScreenshot(studio.page, testInfo, "second-project");
      });

      await test.step("a run there is that project's", async () => {
        await studio.startRun();
        await studio.waitForRunStatus("Greet", "succeeded");
        await expect(studio.runHistory).toHaveCount(1);
        await expect(studio.historyItems("Greet", "succeeded")).toHaveCount(1);
      });

      await test.step("Open folder on samples again: its runs, its decision, its breakpoint and the agent selected before", async () => {
        await studio.openFolder(host.folder, "Summarize workflow");
        await expect(studio.runHistory).toHaveCount(2);
        await expect(studio.historyItems("Summarize", "succeeded")).toHaveCount(1);
        await expect(studio.historyItems("Release", "succeeded")).toHaveCount(1);
        await expect(studio.historyItems("Greet", "succeeded")).toHaveCount(0);
        await expect(studio.historyRows).toHaveCount(1);
        await expect(studio.breakpointItems).toHaveCount(1);
        await expect(studio.breakpointToggle(studio.capabilities, "tool", "readFile")).toHaveAttribute("aria-pressed", "true");
        await expect(studio.agentOption("Summarize workflow")).toHaveAttribute("aria-selected", "true");
        await saveScreenshot(studio.page, testInfo, "samples-again");
      });
    } finally {
      rmSync(second, { recursive: true, force: true });
    }
  });
});
