// The todo list a TodoWrite call carries, read from its input. Claude Code's TodoWrite replaces the
// whole list on every call, so the list is the call's input: the tool (tools/claude/todo-write.ts)
// checks an input with this, and the studio draws a run's list from the trace with it. Both
// schemas Claude Code has used are read: `{ content, status, activeForm }` today, and the older
// `{ id, content, status, priority }`. Pure and browser-safe: no Node, no npm package.

/** Where a todo is: not started, being worked on, or done. */
export type TodoStatus = "pending" | "in_progress" | "completed";

/** One item of a TodoWrite list, normalised. */
export interface Todo {
  /** What to do, in the imperative ("Run the tests"). */
  content: string;
  status: TodoStatus;
  /** The same in the present continuous ("Running the tests"), shown while it is in progress; older lists lack it. */
  activeForm?: string;
}

const STATUSES: ReadonlySet<string> = new Set<TodoStatus>(["pending", "in_progress", "completed"]);

/**
 * The list a TodoWrite input holds, or undefined when `input` is not one: not an object with a
 * `todos` array, or an item without a non-empty `content` string and a known `status`. Fields
 * other than `content`, `status` and `activeForm` (the older schema's `id` and `priority`) are
 * dropped, and so is an empty `activeForm`.
 *
 * @example
 * todosOf({ todos: [{ content: "Run the tests", status: "in_progress", activeForm: "Running the tests" }] });
 * // [{ content: "Run the tests", status: "in_progress", activeForm: "Running the tests" }]
 * todosOf({ todos: [{ id: "1", content: "Ship", status: "pending", priority: "high" }] });
 * // [{ content: "Ship", status: "pending" }]
 * todosOf({ command: "ls" }); // undefined
 */
export function todosOf(input: unknown): Todo[] | undefined {
  if (!isRecord(input) || !Array.isArray(input.todos)) return undefined;
  const todos: Todo[] = [];
  for (const item of input.todos) {
    const todo = todoOf(item);
    // One bad item means this is not a list the tool accepted, so none of it is shown.
    if (todo === undefined) return undefined;
    todos.push(todo);
  }
  return todos;
}

function todoOf(item: unknown): Todo | undefined {
  if (!isRecord(item)) return undefined;
  const { content, status, activeForm } = item;
  if (typeof content !== "string" || content.trim() === "") return undefined;
  if (typeof status !== "string" || !STATUSES.has(status)) return undefined;
  const todo: Todo = { content, status: status as TodoStatus };
  if (typeof activeForm === "string" && activeForm.trim() !== "") todo.activeForm = activeForm;
  return todo;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
