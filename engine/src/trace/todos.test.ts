// todosOf: the list a TodoWrite input holds, in either of Claude Code's schemas, or undefined
// for anything else; the studio draws a run's todo list with it.
import { describe, expect, it } from "vitest";
import { todosOf } from "./todos.ts";

describe("todosOf: today's schema", () => {
  it("keeps content, status and activeForm, in order", () => {
    const input = {
      todos: [
        { content: "Run the tests", status: "completed", activeForm: "Running the tests" },
        { content: "Fix the failures", status: "in_progress", activeForm: "Fixing the failures" },
        { content: "Ship", status: "pending", activeForm: "Shipping" },
      ],
    };
    expect(todosOf(input)).toEqual(input.todos);
  });

  it("reads an empty list as an empty list (the model cleared it)", () => {
    expect(todosOf({ todos: [] })).toEqual([]);
  });

  it("keeps several items in progress, as Claude Code does", () => {
    const todos = todosOf({ todos: [{ content: "a", status: "in_progress" }, { content: "b", status: "in_progress" }] });
    expect(todos?.map((todo) => todo.status)).toEqual(["in_progress", "in_progress"]);
  });
});

describe("todosOf: the older schema", () => {
  it("drops id and priority and has no activeForm", () => {
    const todos = todosOf({ todos: [{ id: "1", content: "Ship", status: "pending", priority: "high" }] });
    expect(todos).toEqual([{ content: "Ship", status: "pending" }]);
    expect(todos?.[0]).not.toHaveProperty("activeForm");
  });

  it("drops an empty or non-string activeForm", () => {
    expect(todosOf({ todos: [{ content: "a", status: "pending", activeForm: "  " }] })).toEqual([{ content: "a", status: "pending" }]);
    expect(todosOf({ todos: [{ content: "a", status: "pending", activeForm: 3 }] })).toEqual([{ content: "a", status: "pending" }]);
  });
});

describe("todosOf: not a TodoWrite list", () => {
  it.each([
    ["undefined", undefined],
    ["a string", "todos"],
    ["another tool's input", { command: "ls" }],
    ["todos that is not an array", { todos: { content: "a", status: "pending" } }],
    ["an item that is not an object", { todos: ["Run the tests"] }],
    ["an item without content", { todos: [{ status: "pending" }] }],
    ["an item with blank content", { todos: [{ content: " ", status: "pending" }] }],
    ["an unknown status", { todos: [{ content: "a", status: "failed" }] }],
    ["one bad item among good ones", { todos: [{ content: "a", status: "pending" }, { content: "b", status: "done" }] }],
  ])("is undefined for %s", (_, input) => {
    expect(todosOf(input)).toBeUndefined();
  });
});
