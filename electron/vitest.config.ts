import { defineConfig } from "vitest/config";

export default defineConfig({
  oxc: { jsx: { runtime: "automatic", importSource: "june", development: true } },
  test: { include: ["src/**/*.test.ts", "src/**/*.test.tsx", "test/**/*.test.ts"], testTimeout: 30_000 },
});
