// Builds the renderer into dist/ with relative asset URLs ("./"), so the same files load from
// Electron's app:// protocol and from the web host at "/". No inline script ends up in
// index.html (the CSP allows script-src 'self' only) and nothing is fetched from elsewhere.
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

export default defineConfig({
  base: "./",
  plugins: [react()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    sourcemap: true,
    // The preload polyfill is injected as code; modern Chromium (Electron, Playwright) needs none.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    // One chunk loaded from disk (app://) or loopback: splitting would only add requests.
    chunkSizeWarningLimit: 1024,
  },
  server: {
    // The contract lives in electron/src; the dev server may read it.
    fs: { allow: [".."] },
  },
  test: {
    environment: "jsdom",
    setupFiles: ["./test/setup.ts"],
    include: ["src/**/*.test.{ts,tsx}", "test/**/*.test.{ts,tsx}"],
    css: false,
  },
});
