// Vitest for the engine: tests sit beside the code; `.tsx` tests use June's own dev JSX runtime,
// so elements carry source positions exactly as a user's bundled workflow does.
import { defineConfig } from "vitest/config";

export default defineConfig({
  oxc: {
    jsx: { runtime: "automatic", importSource: "june", development: true },
  },
  test: {
    include: ["src/**/*.test.ts", "src/**/*.test.tsx", "test/**/*.test.ts", "test/**/*.test.tsx"],
    testTimeout: 20_000,
  },
});
