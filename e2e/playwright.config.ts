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
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  reporter: [["list"]],
  use: {
    trace: "retain-on-failure",
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
