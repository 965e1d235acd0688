// TodoWrite: Claude Code's schema (and its older one) in, Claude Code's confirmation out; the list
// is the call's input, so the tool itself stores nothing and needs no approval.
import { asSchema } from "ai";
import { describe, expect, it } from "vitest";
import { todoWriteTool, TODO_WRITE_RESULT } from "./todo-write.ts";
import { call } from "./project.test-support.ts";

type Validation = { success: boolean; value?: unknown };
async function validate(input: unknown): Promise<Validation> {
  return (await asSchema(todoWriteTool().inputSchema).validate!(input)) as Validation;
}

describe("TodoWrite: what the model sends", () => {
  it("offers Claude Code's { todos: [{ content, status, activeForm }] }", async () => {
    const schema = await asSchema(todoWriteTool().inputSchema).jsonSchema;
    expect(schema).toMatchObject({
      type: "object",
      required: ["todos"],
      properties: {
        todos: {
          type: "array",
          items: {
            required: ["content", "status"],
            properties: { content: { type: "string" }, status: { enum: ["pending", "in_progress", "completed"] }, activeForm: { type: "string" } },
          },
        },
      },
    });
  });

  it("accepts today's list and an older one with id and priority", async () => {
    expect((await validate({ todos: [{ content: "Run the tests", status: "pending", activeForm: "Running the tests" }] })).success).toBe(true);
    expect((await validate({ todos: [{ id: "1", content: "Ship", status: "completed", priority: "high" }] })).success).toBe(true);
  });

  it("refuses an unknown status and an empty content, which the AI SDK reports to the model", async () => {
    expect((await validate({ todos: [{ content: "Ship", status: "done", activeForm: "Shipping" }] })).success).toBe(false);
    expect((await validate({ todos: [{ content: " ", status: "pending", activeForm: "Waiting" }] })).success).toBe(false);
    expect((await validate({ items: [] })).success).toBe(false);
  });
});

describe("TodoWrite: the result", () => {
  it("answers with Claude Code's confirmation", async () => {
    const result = await call(todoWriteTool(), { todos: [{ content: "Run the tests", status: "in_progress", activeForm: "Running the tests" }] });
    expect(result).toBe(TODO_WRITE_RESULT);
    expect(result).toMatch(/^Todos have been modified successfully\./);
  });

  it("accepts more than one todo in progress, as Claude Code does (its description only asks for one)", async () => {
    const todos = [
      { content: "a", status: "in_progress" as const, activeForm: "Doing a" },
      { content: "b", status: "in_progress" as const, activeForm: "Doing b" },
    ];
    expect(await call(todoWriteTool(), { todos })).toBe(TODO_WRITE_RESULT);
  });

  it("needs no approval, unless asked to", () => {
    expect(todoWriteTool().needsApproval).toBeUndefined();
    expect(todoWriteTool(true).needsApproval).toBe(true);
  });
});
