// Claude Code's NotebookEdit: replaces, inserts or deletes one cell of a Jupyter notebook
// (.ipynb, nbformat 4). A cell is named by its id, or as `cell-N` (its 0-based position, as
// Claude Code's Read names cells that have no id). The notebook is written back the way Jupyter
// writes it: the file's own indent (Jupyter's is 1), its trailing newline, its keys in their
// order, a cell's source as a list of lines; a changed code cell loses its now stale outputs.
// The file is opened once, checked (opened-file.ts), read and rewritten through the descriptor.
import { randomBytes } from "node:crypto";
import path from "node:path";
import { tool } from "ai";
import type { ExecutableTool, Tool } from "@ai-sdk/provider-utils";
import { z } from "zod";
import { markBuiltin } from "../builtin.ts";
import { confine, DEFAULT_STUDIO_DATA } from "./confine.ts";
import type { ConfinedPath } from "./confine.ts";
import { save } from "./edit.ts";
import { builtinError } from "./file-errors.ts";
import { openTextFile } from "./text-file.ts";

/** What the model sends to NotebookEdit. */
export interface NotebookEditInput {
  notebook_path: string;
  cell_id?: string;
  new_source: string;
  cell_type?: "code" | "markdown";
  edit_mode?: "replace" | "insert" | "delete";
}

/** The NotebookEdit tool. */
export type NotebookEditTool = ExecutableTool<Tool<NotebookEditInput, string>>;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Cell = { [key: string]: Json };
interface Notebook {
  [key: string]: Json;
  cells: Cell[];
  nbformat: 4;
}

// Cell ids named in a "no such cell" message, at most.
const LISTED_IDS = 20;

const notebookEditInputSchema = z.object({
  notebook_path: z.string().min(1).describe("The notebook (.ipynb) to edit: an absolute path, or a path relative to the project folder."),
  cell_id: z
    .string()
    .optional()
    .describe(
      "The id of the cell to edit (or cell-N for the cell at 0-based position N). When inserting, the new cell goes after this cell, " +
        "or first when cell_id is omitted.",
    ),
  new_source: z.string().describe("The new source of the cell (ignored when deleting)."),
  cell_type: z
    .enum(["code", "markdown"])
    .optional()
    .describe("The type of the cell (code or markdown). Defaults to the cell's current type; required when edit_mode is insert."),
  edit_mode: z.enum(["replace", "insert", "delete"]).optional().describe("replace (the default), insert or delete."),
});

/**
 * NotebookEdit, confined to `root` and kept out of the `studioData` folders (absolute, or relative to `root`).
 *
 * @example
 * await notebookEditTool("/work/app", false).execute({ notebook_path: "analysis.ipynb", cell_id: "cell-2", new_source: "df.describe()" }, options);
 * // "Updated cell cell-2 (code) of analysis.ipynb"
 */
export function notebookEditTool(root: string, needsApproval: boolean, studioData: readonly string[] = DEFAULT_STUDIO_DATA): NotebookEditTool {
  const notebookEdit = tool({
    description: NOTEBOOK_EDIT_DESCRIPTION,
    inputSchema: notebookEditInputSchema,
    needsApproval,
    execute: async (input) => {
      const mode = input.edit_mode ?? "replace";
      if (mode === "insert" && input.cell_type === undefined) {
        throw builtinError("june: NotebookEdit needs cell_type (code or markdown) when edit_mode is insert");
      }
      if (mode !== "insert" && input.cell_id === undefined) {
        throw builtinError(`june: NotebookEdit needs cell_id to ${mode} a cell; Read the notebook to find the cell's id`);
      }
      const file = await confine(root, input.notebook_path, studioData);
      if (path.extname(file.real).toLowerCase() !== ".ipynb") {
        throw builtinError(`june: could not edit ${file.display}: NotebookEdit edits Jupyter notebooks (.ipynb files); use Edit for other files`);
      }
      return await editNotebook(file, { ...input, edit_mode: mode });
    },
  });
  return markBuiltin(notebookEdit, "NotebookEdit");
}

async function editNotebook(file: ConfinedPath, input: NotebookEditInput & { edit_mode: "replace" | "insert" | "delete" }): Promise<string> {
  const { handle, text } = await openTextFile(file, "read-write", "edit");
  try {
    const notebook = parseNotebook(file, text.text);
    const summary = applyCellEdit(file, notebook, input);
    await save(file, handle, serialise(notebook, text.text));
    return summary;
  } finally {
    await handle.close();
  }
}

/** `text` as an nbformat 4 notebook, or the error saying why it is not one. */
function parseNotebook(file: ConfinedPath, text: string): Notebook {
  const refuse = (why: string) => builtinError(`june: could not edit ${file.display}: it is not a Jupyter notebook NotebookEdit can edit: ${why}`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw refuse(`it is not valid JSON (${(error as Error).message}); fix it with Edit, or open and save it in Jupyter`);
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw refuse("it is not a JSON object");
  const notebook = parsed as Record<string, unknown>;
  if (notebook.nbformat !== 4) {
    const format = typeof notebook.nbformat === "number" ? `it is nbformat ${notebook.nbformat}` : "it has no nbformat";
    throw refuse(`${format}, and NotebookEdit edits nbformat 4 notebooks; open and save it in a current Jupyter to upgrade it`);
  }
  if (!Array.isArray(notebook.cells) || !notebook.cells.every((cell) => typeof cell === "object" && cell !== null && !Array.isArray(cell))) {
    throw refuse("it has no list of cells");
  }
  return notebook as unknown as Notebook;
}

// Changes `notebook` in place and says what was done.
function applyCellEdit(file: ConfinedPath, notebook: Notebook, input: NotebookEditInput & { edit_mode: "replace" | "insert" | "delete" }): string {
  const { cells } = notebook;
  if (input.edit_mode === "insert") {
    const after = input.cell_id === undefined ? -1 : findCell(file, cells, input.cell_id);
    const cell = newCell(notebook, input.cell_type!, input.new_source);
    cells.splice(after + 1, 0, cell);
    return `Inserted ${input.cell_type} cell ${nameOf(cell, after + 1)} at position ${after + 1} of ${file.display}`;
  }
  const index = findCell(file, cells, input.cell_id!);
  const cell = cells[index]!;
  const name = nameOf(cell, index);
  if (input.edit_mode === "delete") {
    cells.splice(index, 1);
    return `Deleted cell ${name} of ${file.display}`;
  }
  const type = input.cell_type ?? (cell.cell_type === "markdown" ? "markdown" : "code");
  replaceCell(cell, type, input.new_source);
  return `Updated cell ${name} (${type}) of ${file.display}`;
}

// The cell's position: by id first, else `cell-N` as a position.
function findCell(file: ConfinedPath, cells: readonly Cell[], cellId: string): number {
  const byId = cells.findIndex((cell) => cell.id === cellId);
  if (byId !== -1) return byId;
  const position = /^cell-(\d+)$/.exec(cellId);
  if (position && Number(position[1]) < cells.length) return Number(position[1]);
  const ids = cells.map((cell, index) => nameOf(cell, index));
  const listed = ids.length === 0 ? "it has no cells" : `its cells are ${ids.slice(0, LISTED_IDS).join(", ")}${ids.length > LISTED_IDS ? `, and ${ids.length - LISTED_IDS} more` : ""}`;
  throw builtinError(`june: could not edit ${file.display}: it has no cell ${JSON.stringify(cellId)} (${listed}); Read the notebook to find the cell's id`);
}

function nameOf(cell: Cell, index: number): string {
  return typeof cell.id === "string" && cell.id !== "" ? cell.id : `cell-${index}`;
}

// New source in place; a code cell's outputs no longer match it, so they go, as in Jupyter after
// an edit that has not been run. Changing the type adds or drops what only code cells have.
function replaceCell(cell: Cell, type: "code" | "markdown", source: string): void {
  const retyped = cell.cell_type !== type;
  cell.source = sourceLines(source);
  if (type === "code") {
    cell.execution_count = null;
    cell.outputs = [];
  } else {
    delete cell.execution_count;
    delete cell.outputs;
  }
  cell.cell_type = type;
  // A new type brings new keys; Jupyter writes a cell's keys sorted, so they are put in that order.
  if (retyped) {
    const entries = Object.entries(cell).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    for (const [key] of entries) delete cell[key];
    for (const [key, value] of entries) cell[key] = value;
  }
}

// A cell as Jupyter writes one: keys in sorted order, an id from nbformat 4.5 on.
function newCell(notebook: Notebook, type: "code" | "markdown", source: string): Cell {
  const minor = typeof notebook.nbformat_minor === "number" ? notebook.nbformat_minor : 0;
  const id: Cell = minor >= 5 ? { id: freshId(notebook.cells) } : {};
  if (type === "markdown") return { cell_type: "markdown", ...id, metadata: {}, source: sourceLines(source) };
  return { cell_type: "code", execution_count: null, ...id, metadata: {}, outputs: [], source: sourceLines(source) };
}

// 8 hex digits, as nbformat makes them; distinct from the notebook's other ids.
function freshId(cells: readonly Cell[]): string {
  const taken = new Set(cells.map((cell) => cell.id));
  for (;;) {
    const id = randomBytes(4).toString("hex");
    if (!taken.has(id)) return id;
  }
}

/**
 * A cell's source as Jupyter stores it: its lines, each but the last with its newline.
 *
 * @example
 * sourceLines("import os\nos.getcwd()"); // ["import os\n", "os.getcwd()"]
 */
export function sourceLines(source: string): string[] {
  if (source === "") return [];
  return source.split(/(?<=\n)/);
}

/**
 * The notebook as text, formatted like the file it came from: the same indent (Jupyter writes 1
 * space) and a trailing newline when the file had one.
 */
function serialise(notebook: Notebook, original: string): string {
  const indent = /^\{\r?\n([ \t]+)"/.exec(original)?.[1] ?? " ";
  const text = JSON.stringify(notebook, null, indent);
  return /\n\s*$/.test(original) ? `${text}\n` : text;
}

const NOTEBOOK_EDIT_DESCRIPTION = [
  "Replace, insert or delete one cell of a Jupyter notebook (.ipynb file) in the project folder.",
  "notebook_path is an absolute path or a path relative to the project folder; paths outside the project folder are refused.",
  "cell_id names the cell: its id (the cell's \"id\" field), or cell-N for the cell at 0-based position N. Read the notebook first to find it.",
  "edit_mode replace (the default) sets the cell's source to new_source (a code cell's outputs are cleared, as they no longer match); " +
    "cell_type changes its type. insert adds a new cell of cell_type (required) after cell_id, or first without one. delete removes the cell.",
  "The notebook keeps its formatting; other cells, metadata and outputs are left as they are.",
].join("\n");
