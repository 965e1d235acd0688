// What the engine alone computes for a run: support/engine-run.ts in a Node process of its own
// (Node runs the engine's TypeScript directly), on the same project folder the studio serves.
import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { childEnv } from "./child-env.ts";

const run = promisify(execFile);
const HELPER = new URL("./engine-run.ts", import.meta.url).pathname;

export interface Usage {
  inputTokens: number;
  outputTokens: number;
  reasoningTokens: number;
  cachedInputTokens: number;
  totalTokens: number;
}

export interface EngineResult {
  status: "succeeded" | "failed" | "aborted";
  usage: Usage;
  /** The tools that asked for approval, in order. */
  approvals: string[];
  error: { code: string; message: string } | null;
}

/**
 * Runs `entryId` of `folder` with the engine, answering every approval request with `decision`.
 *
 * @example
 * const { usage } = await engineResult(studio.folder, "workflow:release.tsx", { approve: true });
 */
export async function engineResult(folder: string, entryId: string, decision: { approve: true } | { approve: false; reason: string }): Promise<EngineResult> {
  const args = [HELPER, folder, entryId, decision.approve ? "approve" : "deny", ...(decision.approve ? [] : [decision.reason])];
  const { stdout } = await run(process.execPath, args, {
    cwd: join(folder, ".."),
    env: childEnv(),
    timeout: 90_000,
  });
  const line = stdout.trim().split("\n").at(-1) ?? "";
  try {
    return JSON.parse(line) as EngineResult;
  } catch {
    throw new Error(`engine-run.ts printed no result line for ${entryId} in ${folder}:\n${stdout}`);
  }
}
