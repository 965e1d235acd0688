// The built-ins in a real AI SDK loop with the scripted model: the model reads a file, edits it
// from what it read, sees a failed edit as a tool error, and a change waits for approval.
import { generateText, stepCountIs } from "ai";
import type { ModelMessage } from "ai";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { scripted } from "june/sdk/scripted";
import { claudeBuiltins } from "../index.ts";
import { useTempProject } from "./project.test-support.ts";

const project = useTempProject();

function toolOutputs(prompt: ModelMessage[]) {
  return prompt.flatMap((message) => (message.role === "tool" ? message.content.filter((part) => part.type === "tool-result") : []));
}

describe("Claude Code built-ins through generateText", () => {
  it("reads a file, then edits it with text taken from the Read result", async () => {
    await project.current.write("src/greet.ts", 'export const greeting = "hello";\n');
    const model = scripted([
      { toolCalls: [{ toolName: "Read", input: { file_path: "src/greet.ts" } }] },
      (call) => {
        // Take old_string from what Read returned, minus cat -n's prefix, as a model would.
        const [read] = toolOutputs(call.prompt);
        const text = (read?.output as { value: string }).value;
        const line = text.split("\n")[0]!.replace(/^\s*\d+\t/, "");
        return { toolCalls: [{ toolName: "Edit", input: { file_path: "src/greet.ts", old_string: line, new_string: line.replace("hello", "hi") } }] };
      },
      { text: "Changed the greeting." },
    ]);

    const result = await generateText({
      model,
      tools: claudeBuiltins({ root: project.current.root, needsApproval: { Edit: false } }),
      prompt: "Make the greeting shorter",
      stopWhen: stepCountIs(5),
    });

    expect(result.text).toBe("Changed the greeting.");
    expect(await readFile(path.join(project.current.root, "src/greet.ts"), "utf8")).toBe('export const greeting = "hi";\n');
    expect(model.calls[0]?.tools).toEqual(["Bash", "Edit", "Glob", "Grep", "LS", "MultiEdit", "NotebookEdit", "Read", "TodoWrite", "WebFetch", "Write"]);
    expect(toolOutputs(model.calls[1]!.prompt)[0]).toMatchObject({
      toolName: "Read",
      output: { type: "text", value: '     1\texport const greeting = "hello";' },
    });
    expect(toolOutputs(model.calls[2]!.prompt)[1]).toMatchObject({
      toolName: "Edit",
      output: { type: "text", value: "Edited src/greet.ts: replaced 1 occurrence (line 1)" },
    });
  });

  it("hands a failed edit to the model as a tool error it can act on", async () => {
    await project.current.write("a.txt", "x\nx\n");
    const model = scripted([
      { toolCalls: [{ toolName: "Edit", input: { file_path: "a.txt", old_string: "x", new_string: "y" } }] },
      { text: "I need more context." },
    ]);

    await generateText({
      model,
      tools: claudeBuiltins({ root: project.current.root, needsApproval: false }),
      prompt: "Change x to y",
      stopWhen: stepCountIs(5),
    });

    expect(toolOutputs(model.calls[1]!.prompt)[0]).toMatchObject({
      toolName: "Edit",
      output: { type: "error-text", value: expect.stringContaining("old_string occurs 2 times in it") },
    });
    expect(await readFile(path.join(project.current.root, "a.txt"), "utf8")).toBe("x\nx\n");
  });

  it("hands a path outside the project folder to the model as a tool error", async () => {
    const model = scripted([{ toolCalls: [{ toolName: "Read", input: { file_path: "/etc/passwd" } }] }, { text: "Not allowed." }]);
    await generateText({ model, tools: claudeBuiltins({ root: project.current.root }), prompt: "Read /etc/passwd", stopWhen: stepCountIs(5) });
    expect(toolOutputs(model.calls[1]!.prompt)[0]).toMatchObject({
      toolName: "Read",
      output: { type: "error-text", value: expect.stringContaining("is outside the project folder") },
    });
  });

  it("stops at an approval request for Write by default, writing nothing", async () => {
    const model = scripted([{ toolCalls: [{ toolName: "Write", input: { file_path: "new.txt", content: "x" } }] }]);
    const result = await generateText({ model, tools: claudeBuiltins({ root: project.current.root }), prompt: "Write a file", stopWhen: stepCountIs(5) });
    expect(result.content.map((part) => part.type)).toContain("tool-approval-request");
    expect(result.content.map((part) => part.type)).not.toContain("tool-result");
    expect(existsSync(path.join(project.current.root, "new.txt"))).toBe(false);
    expect(model.calls).toHaveLength(1);
  });
});
