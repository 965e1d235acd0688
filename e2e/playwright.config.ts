// Playwright e2e of June Studio: the web host in Debian's Chromium on every CI run; the Electron
// app through `_electron.launch` where its binary exists (skipped, with the reason, otherwise).
import { execFileSync } from "node:child_process";
import { defineConfig } from "@playwright/test";

function chromiumPath(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  try {
    return execFileSync("which", ["chromium"], { encoding: "utf8" }).trim() || undefined;
  } catch {
    return undefined;
  }
}

export default defineConfig({
  testDir: "./tests",
  // Generous for a 2-core CI machine: a test starts a studio, bundles workflows and runs several.
  // Nothing waits on a clock; these only bound how long a wait on app state may take.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: 1,
  // Screenshots and traces land in test-results/ (CI keeps it); the HTML report shows attachments.
  outputDir: "test-results",
  reporter: [["list"], ["html", { open: "never", outputFolder: "playwright-report" }]],
  use: {
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    navigationTimeout: 30_000,
    launchOptions: {
      executablePath: chromiumPath(),
      // Without these, Chromium keeps dialling out on a closed network.
      args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
  },
  projects: [
    { name: "web", testMatch: /web\/.*\.spec\.ts/, use: { browserName: "chromium" } },
    { name: "electron", testMatch: /electron\/.*\.spec\.ts/ },
  ],
});
