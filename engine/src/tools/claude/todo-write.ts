// Claude Code's TodoWrite: the model keeps its plan as a list of todos and sends the whole list
// again whenever it changes. It writes nothing: the list is the call's input, which the trace
// keeps and the studio draws (with trace/todos.ts, the one reader of that input); the model gets
// Claude Code's confirmation back. Both of Claude Code's schemas are accepted: today's
// `{ content, status, activeForm }` and the older `{ id, content, status, priority }`.
import { tool } from "ai";
import type { ExecutableTool, Tool } from "@ai-sdk/provider-utils";
import { z } from "zod";
import { todosOf } from "../../trace/index.ts";
import type { TodoStatus } from "../../trace/index.ts";
import { markBuiltin } from "../builtin.ts";
import { builtinError } from "./file-errors.ts";

/** One todo as the model sends it (either schema). */
export interface TodoWriteItem {
  content: string;
  status: TodoStatus;
  activeForm?: string;
  /** Older Claude Code lists: an id per item (ignored). */
  id?: string;
  /** Older Claude Code lists: "high" | "medium" | "low" (ignored). */
  priority?: string;
}

/** What the model sends to TodoWrite. */
export interface TodoWriteInput {
  todos: TodoWriteItem[];
}

/** The TodoWrite tool. */
export type TodoWriteTool = ExecutableTool<Tool<TodoWriteInput, string>>;

/** What Claude Code answers a TodoWrite with, word for word. */
export const TODO_WRITE_RESULT =
  "Todos have been modified successfully. Ensure that you continue to use the todo list to track your progress. Please proceed with the current tasks if applicable";

const todoWriteInputSchema = z.object({
  todos: z
    .array(
      // Loose, so an older list's `id` and `priority` pass (and are ignored) instead of failing the call.
      z.looseObject({
        content: z.string().trim().min(1).describe('What to do, in the imperative, e.g. "Run the tests".'),
        status: z.enum(["pending", "in_progress", "completed"]).describe("pending, in_progress (working on it now) or completed."),
        activeForm: z
          .string()
          .optional()
          .describe('The same in the present continuous, shown while it is in progress, e.g. "Running the tests". Always give it.'),
      }),
    )
    .describe("The whole updated todo list; it replaces the previous one."),
});

/**
 * TodoWrite. It needs no approval: it changes nothing outside the conversation.
 *
 * @example
 * await todoWriteTool().execute({ todos: [{ content: "Run the tests", status: "in_progress", activeForm: "Running the tests" }] }, options);
 * // "Todos have been modified successfully. …"
 */
export function todoWriteTool(needsApproval = false): TodoWriteTool {
  const todoWrite = tool({
    description: TODO_WRITE_DESCRIPTION,
    ...(needsApproval ? { needsApproval: true } : {}),
    inputSchema: todoWriteInputSchema as unknown as z.ZodType<TodoWriteInput>,
    execute: (input) => {
      // The schema and todosOf agree on what a list is; this only guards against them drifting
      // apart, so the studio never shows a list other than the one the model was told it set.
      if (todosOf(input) === undefined) {
        throw builtinError("june: TodoWrite needs todos: a list of { content, status, activeForm }, each with a non-empty content and a status of pending, in_progress or completed");
      }
      return TODO_WRITE_RESULT;
    },
  });
  return markBuiltin(todoWrite, "TodoWrite");
}

const TODO_WRITE_DESCRIPTION = [
  "Create and update a structured todo list for the current task, to track progress and show the user what you are doing.",
  "Use it for work with three or more steps, or when the user gives several tasks; skip it for a single simple task.",
  "Each call sends the whole list, which replaces the previous one. Give every todo its content (imperative: \"Run the tests\"), " +
    "its status and its activeForm (present continuous: \"Running the tests\").",
  "Keep exactly one todo in_progress while you work: mark it in_progress before you start it, and completed as soon as it is done " +
    "(only when it is fully done: tests pass, nothing left unresolved). Add todos you discover along the way, and remove ones that no longer apply.",
].join("\n");
