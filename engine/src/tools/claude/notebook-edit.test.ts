// NotebookEdit: one cell of an nbformat 4 notebook replaced, inserted or deleted, by id or
// position; the notebook written back as Jupyter writes it; clear errors for a missing cell or a
// file that is no notebook; nothing outside the project folder.
import { readFile, symlink } from "node:fs/promises";
import path from "node:path";
import { asSchema } from "ai";
import { describe, expect, it } from "vitest";
import { notebookEditTool, sourceLines } from "./notebook-edit.ts";
import { call, failure, useTempProject } from "./project.test-support.ts";

const project = useTempProject();
const notebookEdit = () => notebookEditTool(project.current.root, false);

// A notebook as Jupyter saves one: indent 1, sorted keys, a trailing newline.
function jupyter(cells: object[], minor = 5): string {
  return `${JSON.stringify({ cells, metadata: { kernelspec: { language: "python", name: "python3" } }, nbformat: 4, nbformat_minor: minor }, null, 1)}\n`;
}
const codeCell = (id: string, source: string[]) => ({
  cell_type: "code",
  execution_count: 3,
  id,
  metadata: { tags: ["keep"] },
  outputs: [{ name: "stdout", output_type: "stream", text: ["old\n"] }],
  source,
});
const markdownCell = (id: string, source: string[]) => ({ cell_type: "markdown", id, metadata: {}, source });

async function notebook(relative = "nb.ipynb"): Promise<{ cells: Array<Record<string, unknown>>; text: string }> {
  const text = await readFile(path.join(project.current.root, relative), "utf8");
  return { cells: JSON.parse(text).cells, text };
}

describe("NotebookEdit: what the model sends", () => {
  it("takes Claude Code's { notebook_path, cell_id?, new_source, cell_type?, edit_mode? }", async () => {
    const schema = await asSchema(notebookEdit().inputSchema).jsonSchema;
    expect(schema).toMatchObject({
      type: "object",
      required: ["notebook_path", "new_source"],
      properties: {
        notebook_path: { type: "string" },
        cell_id: { type: "string" },
        new_source: { type: "string" },
        cell_type: { enum: ["code", "markdown"] },
        edit_mode: { enum: ["replace", "insert", "delete"] },
      },
    });
  });
});

describe("NotebookEdit: replace", () => {
  it("sets the source as Jupyter's list of lines, clears the outputs, keeps the metadata and the file's format", async () => {
    const original = jupyter([markdownCell("intro", ["# Title"]), codeCell("c1", ["print('old')"])]);
    await project.current.write("nb.ipynb", original);
    const result = await call(notebookEdit(), { notebook_path: "nb.ipynb", cell_id: "c1", new_source: "import os\nprint(os.getcwd())" });
    expect(result).toBe("Updated cell c1 (code) of nb.ipynb");
    const { cells, text } = await notebook();
    expect(cells[1]).toEqual({ cell_type: "code", execution_count: null, id: "c1", metadata: { tags: ["keep"] }, outputs: [], source: ["import os\n", "print(os.getcwd())"] });
    expect(cells[0]).toEqual(markdownCell("intro", ["# Title"]));
    // Only the edited cell's lines differ: same indent, same key order, same trailing newline.
    const expected = original
      .replace('   "execution_count": 3,', '   "execution_count": null,')
      .replace(/ {3}"outputs": \[[\s\S]*?\n {3}\],/, '   "outputs": [],')
      .replace('    "print(\'old\')"', '    "import os\\n",\n    "print(os.getcwd())"');
    expect(text).toBe(expected);
  });

  it("changes a cell's type when cell_type says so", async () => {
    await project.current.write("nb.ipynb", jupyter([codeCell("c1", ["x = 1"])]));
    expect(await call(notebookEdit(), { notebook_path: "nb.ipynb", cell_id: "c1", new_source: "Some *notes*", cell_type: "markdown" })).toBe("Updated cell c1 (markdown) of nb.ipynb");
    expect((await notebook()).cells[0]).toEqual({ cell_type: "markdown", id: "c1", metadata: { tags: ["keep"] }, source: ["Some *notes*"] });
    await call(notebookEdit(), { notebook_path: "nb.ipynb", cell_id: "c1", new_source: "y = 2", cell_type: "code" });
    expect(Object.keys((await notebook()).cells[0]!)).toEqual(["cell_type", "execution_count", "id", "metadata", "outputs", "source"]);
  });

  it("finds a cell without an id by its position, as cell-N", async () => {
    const cells = [{ cell_type: "code", execution_count: null, metadata: {}, outputs: [], source: ["a"] }, { cell_type: "code", execution_count: null, metadata: {}, outputs: [], source: ["b"] }];
    await project.current.write("old.ipynb", jupyter(cells, 4));
    expect(await call(notebookEdit(), { notebook_path: "old.ipynb", cell_id: "cell-1", new_source: "c" })).toBe("Updated cell cell-1 (code) of old.ipynb");
    expect((await notebook("old.ipynb")).cells.map((cell) => cell.source)).toEqual([["a"], ["c"]]);
  });

  it("keeps a file written with another indent and without a final newline as it was", async () => {
    const text = JSON.stringify({ cells: [markdownCell("m", ["a"])], metadata: {}, nbformat: 4, nbformat_minor: 5 }, null, 2);
    await project.current.write("nb.ipynb", text);
    await call(notebookEdit(), { notebook_path: "nb.ipynb", cell_id: "m", new_source: "b" });
    expect((await notebook()).text).toBe(text.replace('"a"', '"b"'));
  });
});

describe("NotebookEdit: insert and delete", () => {
  it("inserts a new code cell after cell_id, shaped as Jupyter makes one with a fresh id", async () => {
    await project.current.write("nb.ipynb", jupyter([markdownCell("m1", ["# A"]), markdownCell("m2", ["# B"])]));
    const result = await call(notebookEdit(), { notebook_path: "nb.ipynb", cell_id: "m1", new_source: "1 + 1", cell_type: "code", edit_mode: "insert" });
    const { cells } = await notebook();
    expect(cells.map((cell) => cell.id)).toEqual(["m1", cells[1]!.id, "m2"]);
    expect(cells[1]).toEqual({ cell_type: "code", execution_count: null, id: expect.stringMatching(/^[0-9a-f]{8}$/), metadata: {}, outputs: [], source: ["1 + 1"] });
    expect(Object.keys(cells[1]!)).toEqual(["cell_type", "execution_count", "id", "metadata", "outputs", "source"]);
    expect(result).toBe(`Inserted code cell ${String(cells[1]!.id)} at position 1 of nb.ipynb`);
  });

  it("inserts first without cell_id, and without an id in notebooks older than nbformat 4.5", async () => {
    await project.current.write("nb.ipynb", jupyter([{ cell_type: "markdown", metadata: {}, source: ["# A"] }], 4));
    expect(await call(notebookEdit(), { notebook_path: "nb.ipynb", new_source: "Intro", cell_type: "markdown", edit_mode: "insert" })).toBe("Inserted markdown cell cell-0 at position 0 of nb.ipynb");
    expect((await notebook()).cells).toEqual([{ cell_type: "markdown", metadata: {}, source: ["Intro"] }, { cell_type: "markdown", metadata: {}, source: ["# A"] }]);
  });

  it("deletes the cell", async () => {
    await project.current.write("nb.ipynb", jupyter([markdownCell("m1", ["a"]), markdownCell("m2", ["b"])]));
    expect(await call(notebookEdit(), { notebook_path: "nb.ipynb", cell_id: "m1", new_source: "", edit_mode: "delete" })).toBe("Deleted cell m1 of nb.ipynb");
    expect((await notebook()).cells.map((cell) => cell.id)).toEqual(["m2"]);
  });
});

describe("NotebookEdit: failures the model sees", () => {
  it("names the cells it has when cell_id matches none, leaving the notebook unchanged", async () => {
    const original = jupyter([markdownCell("m1", ["a"]), codeCell("c1", ["b"])]);
    await project.current.write("nb.ipynb", original);
    const message = await failure(call(notebookEdit(), { notebook_path: "nb.ipynb", cell_id: "zzz", new_source: "x" }), "JUNE_BUILTIN_FAILED");
    expect(message).toContain('could not edit nb.ipynb: it has no cell "zzz" (its cells are m1, c1)');
    await failure(call(notebookEdit(), { notebook_path: "nb.ipynb", cell_id: "cell-2", new_source: "x" }), "JUNE_BUILTIN_FAILED");
    expect((await notebook()).text).toBe(original);
  });

  it("needs cell_type to insert and cell_id to replace or delete", async () => {
    await project.current.write("nb.ipynb", jupyter([]));
    expect(await failure(call(notebookEdit(), { notebook_path: "nb.ipynb", new_source: "x", edit_mode: "insert" }), "JUNE_BUILTIN_FAILED")).toContain("needs cell_type");
    expect(await failure(call(notebookEdit(), { notebook_path: "nb.ipynb", new_source: "x" }), "JUNE_BUILTIN_FAILED")).toContain("needs cell_id to replace a cell");
  });

  it("refuses a file that is not a notebook: another extension, not JSON, no cells, nbformat 3", async () => {
    await project.current.write("a.py", "print(1)\n");
    await project.current.write("broken.ipynb", "{ not json");
    await project.current.write("nocells.ipynb", JSON.stringify({ nbformat: 4, nbformat_minor: 5 }));
    await project.current.write("v3.ipynb", JSON.stringify({ nbformat: 3, worksheets: [] }));
    const input = { cell_id: "cell-0", new_source: "x" };
    expect(await failure(call(notebookEdit(), { notebook_path: "a.py", ...input }), "JUNE_BUILTIN_FAILED")).toContain("edits Jupyter notebooks (.ipynb files); use Edit");
    expect(await failure(call(notebookEdit(), { notebook_path: "broken.ipynb", ...input }), "JUNE_BUILTIN_FAILED")).toContain("it is not valid JSON");
    expect(await failure(call(notebookEdit(), { notebook_path: "nocells.ipynb", ...input }), "JUNE_BUILTIN_FAILED")).toContain("it has no list of cells");
    expect(await failure(call(notebookEdit(), { notebook_path: "v3.ipynb", ...input }), "JUNE_BUILTIN_FAILED")).toContain("it is nbformat 3");
    expect(await failure(call(notebookEdit(), { notebook_path: "missing.ipynb", ...input }), "JUNE_BUILTIN_FAILED")).toContain("missing.ipynb: it does not exist");
  });
});

describe("NotebookEdit: confinement", () => {
  const input = { cell_id: "m1", new_source: "x" };

  it("refuses notebooks outside the project folder, directly or through a symlink, leaving them unchanged", async () => {
    const { root, outside, write } = project.current;
    const original = jupyter([markdownCell("m1", ["a"])]);
    await write("../outside/nb.ipynb", original);
    await symlink(path.join(outside, "nb.ipynb"), path.join(root, "nb.ipynb"));
    await failure(call(notebookEdit(), { notebook_path: path.join(outside, "nb.ipynb"), ...input }), "JUNE_PATH_OUTSIDE_ROOT");
    await failure(call(notebookEdit(), { notebook_path: "nb.ipynb", ...input }), "JUNE_PATH_OUTSIDE_ROOT");
    expect(await readFile(path.join(outside, "nb.ipynb"), "utf8")).toBe(original);
  });

  it("refuses the studio's run records", async () => {
    await project.current.write(".june/runs/nb.ipynb", jupyter([markdownCell("m1", ["a"])]));
    await failure(call(notebookEdit(), { notebook_path: ".june/runs/nb.ipynb", ...input }), "JUNE_PATH_STUDIO_DATA");
  });
});

describe("sourceLines", () => {
  it("splits after each newline, as Jupyter stores a source", () => {
    expect(sourceLines("a\nb\n")).toEqual(["a\n", "b\n"]);
    expect(sourceLines("a")).toEqual(["a"]);
    expect(sourceLines("")).toEqual([]);
  });
});
