// The contract describes the engine's data with the engine's own types, and the run summary with
// one schema: a field the engine adds reaches the renderer with no copy to update. These are type
// assertions (checked by `npm run typecheck`), plus what the summary's schema does at run time.
import type { ApprovalRequest, Breakpoint, Cost, RunResult, SandboxStatus, StopInfo, Usage } from "june";
import type { Problem as EngineProblem, ProjectEntry as EngineProjectEntry } from "june/project";
import { describe, expect, expectTypeOf, it } from "vitest";
import { runSummary, type ApprovalRecord, type Problem, type ProjectEntry, type RequestOf, type RunStatus, type RunSummary, type SandboxReport } from "./index.ts";

// A field the engine might add tomorrow, added here to the engine's own declarations (not the
// contract's): the contract's types must carry it without an edit.
declare module "../../../engine/src/loading/problem.ts" {
  interface Problem {
    addedByTheEngine?: "a field the contract never named";
  }
}
declare module "../../../engine/src/loading/project-entry.ts" {
  interface ProjectEntry {
    addedByTheEngine?: "a field the contract never named";
  }
}

describe("a project's data is the engine's", () => {
  it("a field added to the engine's Problem is a field of the contract's Problem", () => {
    expectTypeOf<Problem>().toHaveProperty("addedByTheEngine");
    expectTypeOf<Problem>().toEqualTypeOf<EngineProblem>();
  });

  it("a field added to the engine's ProjectEntry is a field of the contract's ProjectEntry", () => {
    expectTypeOf<ProjectEntry>().toHaveProperty("addedByTheEngine");
    expectTypeOf<ProjectEntry>().toEqualTypeOf<EngineProjectEntry>();
  });

  it("the sandbox report is the engine's sandbox status without the binary's path", () => {
    expectTypeOf<SandboxReport>().toEqualTypeOf<Omit<SandboxStatus, "bwrap">>();
  });
});

describe("an approval decision carries the request as the engine types it", () => {
  it("its tool, input, agent path and step are the request's", () => {
    expectTypeOf<Pick<ApprovalRecord, "approvalId" | "toolName" | "input" | "agentPath" | "step">>().toEqualTypeOf<
      Pick<ApprovalRequest, "approvalId" | "toolName" | "input" | "agentPath" | "step">
    >();
  });
});

describe("breakpoints are validated as the engine types them", () => {
  it("setBreakpoints takes exactly the engine's Breakpoint", () => {
    expectTypeOf<RequestOf<"setBreakpoints">["breakpoints"]>().toEqualTypeOf<Breakpoint[]>();
  });
});

describe("the run summary is its schema's type", () => {
  const summary: RunSummary = {
    runId: "run_1",
    entryId: "workflow:release.tsx",
    name: "Release",
    status: "succeeded",
    input: { env: "staging" },
    startedAt: 1_000,
    endedAt: 2_000,
    usage: { inputTokens: 10, outputTokens: 5, reasoningTokens: 0, cachedInputTokens: 0, totalTokens: 15 },
    cost: { usd: 0.01, unpricedCalls: 0 },
    origin: { kind: "fork", runId: "run_0", nodeId: "n3" },
  };

  it("spends in the engine's Usage and Cost, and stops where the engine's StopInfo says", () => {
    expectTypeOf<RunSummary["usage"]>().toEqualTypeOf<Usage>();
    expectTypeOf<RunSummary["cost"]>().toEqualTypeOf<Cost>();
    expectTypeOf<RunSummary["stopped"]>().toEqualTypeOf<StopInfo | undefined>();
  });

  it("names every status the engine ends a run with", () => {
    expectTypeOf<RunResult["status"]>().toExtend<RunStatus>();
  });

  it("reads a summary back as it was written", () => {
    expect(runSummary.parse(JSON.parse(JSON.stringify(summary)))).toEqual(summary);
  });

  it("leaves out where a live run is stopped: a record never says it", () => {
    const stop: StopInfo = { id: 1, boundary: "step-end", reason: "pause", agentPath: ["Release"], step: "build", stepNodeId: "n2" };
    const stopped: RunSummary = { ...summary, status: "running", stopped: stop };
    expect(runSummary.parse(stopped)).not.toHaveProperty("stopped");
  });

  it("refuses a summary whose usage lacks one of the engine's counts", () => {
    const { totalTokens: _, ...usage } = summary.usage;
    const parsed = runSummary.safeParse({ ...summary, usage });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.path.join("."))).toEqual(["usage.totalTokens"]);
  });
});
