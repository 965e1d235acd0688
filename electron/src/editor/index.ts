// Public surface of editor/: opening a project file at a line in the user's editor.
export { openInEditor } from "./open-in-editor.ts";
export type { OpenInEditorRequest } from "./open-in-editor.ts";
export { chooseEditor, editorArgs, splitCommand } from "./editor-command.ts";
export type { EditorChoice, EditorCommand } from "./editor-command.ts";
export { EDITOR_ENV_ALLOWLIST, editorEnv } from "./editor-env.ts";
export { findOnPath } from "./find-on-path.ts";
