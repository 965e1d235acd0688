// One agent's todo list: its items with their status (○ pending, ◐ in progress with what is being
// done, ✓ completed, struck through) and how many are done. Each item shows the TodoWrite call that
// last set the list when clicked.
import { useId } from "react";
import type { AgentTodos, Todo } from "./run-todos.ts";

const MARK: Record<Todo["status"], string> = { pending: "○", in_progress: "◐", completed: "✓" };
// What a screen reader says before the item: the mark is decoration.
const SPOKEN: Record<Todo["status"], string> = { pending: "Pending", in_progress: "In progress", completed: "Completed" };

export interface TodoListProps {
  list: AgentTodos;
  /** Selects the TodoWrite call that set the list. */
  onShowCall: (nodeId: string) => void;
}

/**
 * An agent's todo list, a group named by its agent path holding a list named "Todo list".
 *
 * @example
 * <TodoList list={runTodos(run.trace)[0]!} onShowCall={selectTraceNode} />
 */
export function TodoList({ list, onShowCall }: TodoListProps) {
  const id = useId();
  const total = list.todos.length;
  return (
    <div role="group" aria-labelledby={`${id}-agent`} className="todo-agent">
      <div className="todo-head">
        <span id={`${id}-agent`} className="todo-agent-name" title={list.label}>
          {list.label || "Run"}
        </span>
        <span id={`${id}-count`} className="todo-count">
          {list.done}/{total} done
        </span>
      </div>
      {total === 0 ? (
        <p className="muted small todo-empty">The list is empty.</p>
      ) : (
        <ul className="todo-list" aria-label="Todo list" aria-describedby={`${id}-count`}>
          {list.todos.map((todo, index) => (
            // An item has no id of its own (TodoWrite sends the whole list each time): its place is its key.
            <li key={index} className={`todo todo-${todo.status}`}>
              <button type="button" className="todo-item" title="Show the TodoWrite call that set this list" onClick={() => onShowCall(list.callId)}>
                <span className="todo-mark" aria-hidden="true">
                  {MARK[todo.status]}
                </span>
                <span className="sr-only">{SPOKEN[todo.status]}:</span>{" "}
                <span className="todo-text">{todo.status === "in_progress" ? (todo.activeForm ?? todo.content) : todo.content}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
