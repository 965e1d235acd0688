// Marks the tools June itself provides (bash, the Claude Code built-ins), so the tool policy can
// tell them ("builtin") from tools you wrote ("fn").
const BUILTIN = Symbol.for("june.builtin-tool");

/** Marks `tool` as June's built-in `builtin` (e.g. "Bash", "Read"); returns it. */
export function markBuiltin<T extends object>(tool: T, builtin: string): T {
  Object.defineProperty(tool, BUILTIN, { value: builtin, enumerable: false });
  return tool;
}

/** The built-in's name when `tool` is one June provides. */
export function builtinName(tool: object): string | undefined {
  return (tool as { [BUILTIN]?: string })[BUILTIN];
}
