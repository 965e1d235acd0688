// Public surface of editor/: opening a project file at a line in the user's editor.
export { openInEditor } from "./open-in-editor.ts";
export type { OpenInEditorRequest } from "./open-in-editor.ts";
export { PATH_EDITORS, chooseEditor, commandArgs, editorArgs, splitCommand } from "./editor-command.ts";
export type { EditorChoice, EditorCommand, EditorSource, TerminalEditor } from "./editor-command.ts";
export { EDITOR_ENV_ALLOWLIST, editorEnv } from "./editor-env.ts";
export { findOnPath } from "./find-on-path.ts";
export { TERMINAL_EDITORS, terminalOnly } from "./terminal-editor.ts";
export type { EditorInvocation } from "./terminal-editor.ts";
export { EXIT_WINDOW_MS, startEditor } from "./start-editor.ts";
export type { StartOutcome } from "./start-editor.ts";
