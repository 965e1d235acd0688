// June Studio as a debugger (issue 6), on the web host in Debian's Chromium, each test on a fresh
// copy of samples/: stepping a run to its end with F10 alone, a breakpoint on a tool and Continue,
// a past run reopened after the studio restarts, a fork from a model call, and a run whose
// process was killed shown as interrupted and resumed with its approval back in the inbox.
import { expect, saveScreenshot, startWebStudio, stopStudio, test } from "../../fixtures/studio.ts";
import { StudioPage } from "../../pages/studio-page.ts";

test.describe("June Studio as a debugger (web host)", () => {
  test("steps through Summarize to its end with F10 only", async ({ studioPage: studio }, testInfo) => {
    await studio.selectAgent("Summarize workflow");
    await test.step("F10 with no run live starts Summarize paused, before its first model call", async () => {
      await studio.page.keyboard.press("F10");
      await studio.waitForStop(1, "Before a model call");
      await expect(studio.stoppedAt.getByRole("list", { name: "Tools offered" }).getByRole("listitem")).toHaveText([/^readFile/]);
      await expect(studio.stoppedAt.getByText("Summarize README.md")).toBeVisible();
      await expect(studio.trace.getByRole("treeitem", { name: /, stopped here$/ })).toHaveAttribute("aria-current", "step");
      await expect(studio.treeNode("step summarize")).toHaveAttribute("aria-current", "step");
    });
    await test.step("each F10 goes to the next boundary: the tool, the second model call, the step's end", async () => {
      await studio.page.keyboard.press("F10");
      await studio.waitForStop(2, "Before a tool runs");
      await expect(studio.stoppedAt.getByText("Tool about to run: readFile")).toBeVisible();
      await expect(studio.traceItem("tool-call", "readFile")).toHaveCount(0); // it has not run
      await studio.page.keyboard.press("F10");
      await studio.waitForStop(3, "Before a model call");
      await expect(studio.traceItem("tool-call", "readFile")).toBeVisible();
      await studio.page.keyboard.press("F10");
      await studio.waitForStop(4, "After the step ended");
      await saveScreenshot(studio.page, testInfo, "stopped-after-step");
    });
    await test.step("the last F10 runs Summarize to its end", async () => {
      await studio.page.keyboard.press("F10");
      await studio.waitForRunStatus("Summarize", "succeeded");
      await expect(studio.stoppedAt).toHaveCount(0);
      await expect(studio.historyItems("Summarize", "succeeded")).toHaveCount(1);
    });
  });

  test("stepping meets an approval: the run waits there, Step says why it can't go on, approving moves to the tool", async ({ studioPage: studio }) => {
    await studio.selectAgent("Release workflow");
    await studio.page.keyboard.press("F10");
    await studio.waitForStop(1, "Before a model call");
    await studio.page.keyboard.press("F10");
    await studio.waitForStop(2, "Before a tool runs"); // readFile
    await studio.page.keyboard.press("F10");
    await studio.waitForStop(3, "Before a model call");
    await studio.page.keyboard.press("F10");
    await test.step("stopped at deploy's approval: Step is off with its reason, the request is in the inbox", async () => {
      await studio.waitForStop(4, "Waiting for approval");
      await expect(studio.stepButton).toBeDisabled();
      await expect(studio.stepButton).toHaveAccessibleDescription("Waiting for approval — approve or deny to go on");
      await expect(studio.approvalCards("deploy in Release")).toHaveCount(1);
    });
    await test.step("approving goes on to the next boundary: before deploy runs", async () => {
      await studio.approvalCards("deploy in Release").getByRole("button", { name: "Approve", exact: true }).click();
      await studio.waitForStop(5, "Before a tool runs");
      await expect(studio.stoppedAt.getByText("Tool about to run: deploy")).toBeVisible();
      await expect(studio.stepButton).toBeEnabled();
    });
    await test.step("Continue (F5) runs it to the end", async () => {
      await studio.page.keyboard.press("F5");
      await studio.waitForRunStatus("Release", "succeeded");
    });
  });

  test("a breakpoint on a tool stops the run before it, Continue runs on", async ({ studioPage: studio }) => {
    await studio.selectAgent("Summarize workflow");
    await test.step("set it from the tool's card in Capabilities", async () => {
      const toggle = studio.breakpointToggle(studio.capabilities, "tool", "readFile");
      await toggle.click();
      await expect(toggle).toHaveAttribute("aria-pressed", "true");
      await expect(studio.run.getByRole("list", { name: "Breakpoints" }).getByRole("listitem")).toHaveCount(1);
    });
    await test.step("Run stops before readFile runs, with its input shown", async () => {
      await studio.startRun();
      await studio.waitForStop(1, "Before a tool runs");
      await expect(studio.stoppedAt.getByText("breakpoint on tool readFile")).toBeVisible();
      await expect(studio.stoppedAt.getByText('"README.md"')).toBeVisible();
      await expect(studio.traceItem("tool-call", "readFile")).toHaveCount(0);
      await expect(studio.pauseButton).toBeDisabled();
      await expect(studio.stepButton).toBeEnabled();
    });
    await test.step("Continue runs to the end (no other breakpoint)", async () => {
      await studio.continueButton.click();
      await studio.waitForRunStatus("Summarize", "succeeded");
      await expect(studio.traceItem("tool-call", "readFile")).toBeVisible();
    });
  });

  test("a past run reopens after the studio restarts", async ({ page, studio }) => {
    let first = new StudioPage(page);
    await first.open(studio.url);
    await first.selectAgent("Summarize workflow");
    await first.startRun();
    await first.waitForRunStatus("Summarize", "succeeded");
    await stopStudio(studio);

    const again = await startWebStudio(studio.folder);
    try {
      first = new StudioPage(page);
      await first.open(again.url);
      await test.step("Runs lists the recorded run as succeeded", async () => {
        await expect(first.historyItems("Summarize", "succeeded")).toHaveCount(1);
      });
      await test.step("opening it draws its trace again", async () => {
        await first.historyItems("Summarize", "succeeded").getByRole("button").first().click();
        await first.waitForRunStatus("Summarize", "succeeded");
        await expect(first.traceItem("tool-call", "readFile")).toBeVisible();
        await expect(first.traceItem("model-call", "gpt-5-nano")).toHaveCount(2);
      });
    } finally {
      await page.close();
      await stopStudio(again);
    }
  });

  test("forks a run from a model call: the calls before it replayed, the rest live", async ({ studioPage: studio }) => {
    await studio.selectAgent("Summarize workflow");
    await studio.startRun();
    await studio.waitForRunStatus("Summarize", "succeeded");
    await test.step("Fork from here on the second model call", async () => {
      await studio.traceItem("model-call", "gpt-5-nano").last().click();
      await studio.nodeDetail.getByRole("button", { name: "Fork from here" }).click();
      const form = studio.nodeDetail.getByRole("form", { name: "Fork from this model call" });
      await expect(form.getByRole("textbox", { name: "Prompt (JSON messages)" })).toHaveValue(/Summarize README\.md/);
      await form.getByRole("button", { name: "Fork", exact: true }).click();
    });
    await test.step("the fork runs to success, its first model call and tool call replayed", async () => {
      await expect(studio.runs.getByText(/^fork of run_/)).toBeVisible();
      await studio.waitForRunStatus("Summarize", "succeeded");
      await expect(studio.trace.getByRole("treeitem", { name: /^model-call gpt-5-nano, succeeded, replayed/ })).toHaveCount(1);
      await expect(studio.trace.getByRole("treeitem", { name: /^tool-call readFile, succeeded, replayed/ })).toHaveCount(1);
      await expect(studio.trace.getByRole("treeitem", { name: /^model-call gpt-5-nano, succeeded$/ })).toHaveCount(1);
    });
  });

  test("forks with an edited prompt, and Compare runs shows what changed against the original", async ({ studioPage: studio }, testInfo) => {
    await studio.selectAgent("Summarize workflow");
    await studio.startRun();
    await studio.waitForRunStatus("Summarize", "succeeded");
    await test.step("fork the first model call with its prompt edited", async () => {
      await studio.traceItem("model-call", "gpt-5-nano").first().click();
      await studio.nodeDetail.getByRole("button", { name: "Fork from here" }).click();
      const form = studio.nodeDetail.getByRole("form", { name: "Fork from this model call" });
      const prompt = form.getByRole("textbox", { name: "Prompt (JSON messages)" });
      await prompt.fill((await prompt.inputValue()).replace("Summarize README.md", "Summarize README.md in one line"));
      await form.getByRole("button", { name: "Fork", exact: true }).click();
      await expect(studio.runs.getByText(/^fork of run_/)).toBeVisible();
      await studio.waitForRunStatus("Summarize", "succeeded");
    });
    await test.step("Compare runs: the fork on the right, its original on the left, the prompt changed", async () => {
      await studio.usage.getByRole("button", { name: "Compare runs" }).click();
      const compare = studio.page.getByRole("region", { name: "Compare runs", exact: true });
      await expect(compare.getByText(/\b[1-9]\d* changed\b/).first()).toBeVisible();
      await expect(compare.getByText("changed", { exact: true }).first()).toBeVisible();
      await expect(compare.locator("ins").filter({ hasText: "in one line" }).first()).toBeVisible();
      await saveScreenshot(studio.page, testInfo, "compare-fork");
    });
  });

  test("a run whose studio was killed is interrupted, and resumes with its approval back in the inbox", async ({ page, studio }) => {
    let view = new StudioPage(page);
    await view.open(studio.url);
    await view.selectAgent("Release workflow");
    await view.startRun();
    await expect(view.approvalCards("deploy in Release")).toHaveCount(1);
    studio.process.kill("SIGKILL");
    await new Promise((resolve) => studio.process.once("exit", resolve));

    const again = await startWebStudio(studio.folder);
    try {
      view = new StudioPage(page);
      await view.open(again.url);
      await test.step("Runs shows it interrupted, never running", async () => {
        await expect(view.historyItems("Release", "interrupted")).toHaveCount(1);
        await expect(view.historyItems("Release", "running")).toHaveCount(0);
        await expect(view.approvalCards("deploy in Release")).toHaveCount(0);
      });
      await test.step("Resume replays what finished and asks for deploy again", async () => {
        await view.historyItems("Release", "interrupted").getByRole("button", { name: "Resume" }).click();
        await expect(view.runs.getByText(/^resume of run_/)).toBeVisible();
        await expect(view.approvalCards("deploy in Release")).toHaveCount(1);
        await expect(view.trace.getByRole("treeitem", { name: /^tool-call readFile, succeeded, replayed/ })).toHaveCount(1);
        await view.approvalCards("deploy in Release").getByRole("button", { name: "Approve", exact: true }).click();
        await view.waitForRunStatus("Release", "succeeded");
      });
    } finally {
      await page.close();
      await stopStudio(again);
    }
  });
});
