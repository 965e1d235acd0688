// Public surface of todos/: a run's todo lists (Claude Code's TodoWrite) read from its trace, and
// the "Todos" panel that draws them.
export { TodoPanel } from "./TodoPanel.tsx";
export { runTodos, todoCallOf, TODO_TOOL } from "./run-todos.ts";
export type { AgentTodos, Todo, TodoCall } from "./run-todos.ts";
