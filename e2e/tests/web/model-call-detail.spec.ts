// A model call's detail (the workbench issue, item 7), on the web host at a small and a common
// window size: run a sample, open a model call, and its answer comes first, rendered as markdown;
// the whole prompt follows; the Raw section is closed until opened, then shows the provider request
// the run's record kept beside it (a scripted model's stand-in, marked as one).
import { expect, saveScreenshot, test } from "../../fixtures/studio.ts";

const SIZES = [
  { width: 1024, height: 700 },
  { width: 1440, height: 900 },
];

test.describe("A model call's detail", () => {
  for (const size of SIZES) {
    test(`at ${size.width}×${size.height} shows the answer first, then the messages, and the raw request on opening Raw`, async ({ studioPage: studio }, testInfo) => {
      const page = studio.page;
      await page.setViewportSize(size);
      await studio.selectAgent("Summarize workflow");

      await test.step("run Summarize to its end", async () => {
        await studio.startRun();
        await studio.waitForRunStatus("Summarize", "succeeded");
      });

      await test.step("the second model call's detail: the rendered answer above the messages", async () => {
        const calls = studio.trace.getByRole("treeitem", { name: /^model-call gpt-5-nano, succeeded/ });
        await expect(calls).toHaveCount(2);
        await calls.nth(1).click();
        await expect(studio.answer).toBeVisible();
        await expect(studio.answer).toContainText("README.md");
        const answerTop = (await studio.nodeDetail.getByRole("heading", { name: "Answer", exact: true }).boundingBox())!.y;
        const messagesTop = (await studio.nodeDetail.getByRole("heading", { name: "Messages", exact: true }).boundingBox())!.y;
        expect(answerTop).toBeLessThan(messagesTop);
        const messages = studio.nodeDetail.getByRole("list", { name: "Messages" }).getByRole("listitem");
        await expect(messages).toHaveCount(3);
        await expect(messages.nth(1)).toContainText("new in this call");
      });
      await saveScreenshot(page, testInfo, `model-call-answer-${size.width}x${size.height}`);

      await test.step("Raw is closed, and opening it shows the request the record kept", async () => {
        await expect(studio.rawToggle).toHaveAttribute("aria-expanded", "false");
        await studio.rawToggle.click();
        await expect(studio.rawToggle).toHaveAttribute("aria-expanded", "true");
        const request = studio.nodeDetail.getByLabel("Request body", { exact: true });
        await expect(request).toContainText('"june.scripted"');
        await expect(request).toContainText("Summarize README.md");
        await expect(studio.nodeDetail.getByText("The answer came as a stream, so there is no single response body.")).toBeVisible();
        // The detail scrolls on its own: Raw at its top, for the screenshot.
        await studio.rawToggle.evaluate((el) => (el as unknown as { scrollIntoView(options: object): void }).scrollIntoView({ block: "start" }));
      });
      await saveScreenshot(page, testInfo, `model-call-raw-${size.width}x${size.height}`);
    });
  }
});
