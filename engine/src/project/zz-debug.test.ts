import { it } from "vitest";
import { loadWorkflow } from "./index.ts";
it("debug", async () => {
  try { await loadWorkflow("/work/main/engine/test/fixtures/workflows/throws-at-top-level.tsx"); } catch (e: any) { console.log("STACK<<", e.cause?.stack, ">>"); }
  try { await loadWorkflow("/work/main/engine/test/fixtures/workflows/missing-package.tsx"); } catch (e: any) { console.log("ERR<<", e.message, ">>"); }
});
