import { generateText } from "ai";
import { MockLanguageModelV4 } from "ai/test";
import { existsSync } from "node:fs";
import { mkdtemp, realpath, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { bashTool } from "./index.ts";

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

// A scripted model: first it calls bash with `command`, then it answers "done".
function modelCallingBash(command: string): MockLanguageModelV4 {
  return new MockLanguageModelV4({
    doGenerate: [
      {
        content: [{ type: "tool-call", toolCallId: "call-1", toolName: "bash", input: JSON.stringify({ command }) }],
        finishReason: { unified: "tool-calls", raw: undefined },
        usage,
        warnings: [],
      },
      {
        content: [{ type: "text", text: "done" }],
        finishReason: { unified: "stop", raw: undefined },
        usage,
        warnings: [],
      },
    ],
  });
}

let dir: string;
beforeEach(async () => {
  dir = await realpath(await mkdtemp(path.join(tmpdir(), "june-bash-sdk-")));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("bashTool in an AI SDK generateText call", () => {
  it("asks for approval by default and does not run the command", async () => {
    const result = await generateText({
      model: modelCallingBash("touch ran; echo hi"),
      tools: { bash: bashTool({ cwd: dir }) },
      prompt: "say hi",
    });
    expect(result.content.map((part) => part.type)).toContain("tool-approval-request");
    expect(result.content.map((part) => part.type)).not.toContain("tool-result");
    expect(existsSync(path.join(dir, "ran"))).toBe(false);
  });

  it("runs the command and hands the model its result when needsApproval is false", async () => {
    const model = modelCallingBash("echo hi; exit 2");
    const result = await generateText({
      model,
      tools: { bash: bashTool({ cwd: dir, needsApproval: false }) },
      prompt: "say hi",
      stopWhen: ({ steps }) => steps.length >= 2,
    });
    const toolResult = result.steps[0]?.content.find((part) => part.type === "tool-result");
    expect(toolResult?.output).toMatchObject({ exitCode: 2, stdout: "hi\n", stderr: "", timedOut: false });
    // The second model call saw the tool output in its prompt.
    const toolMessage = model.doGenerateCalls[1]?.prompt.find((message) => message.role === "tool");
    expect(toolMessage?.content[0]).toMatchObject({
      type: "tool-result",
      toolName: "bash",
      output: { type: "json", value: { exitCode: 2, stdout: "hi\n" } },
    });
    expect(result.text).toBe("done");
  });
});
