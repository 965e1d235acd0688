// MultiEdit: Edit's replacements, several in order on one file, all or none; a failing edit is
// named by its number and index, and the file is then exactly as it was.
import { link, readFile, symlink } from "node:fs/promises";
import path from "node:path";
import { asSchema } from "ai";
import { describe, expect, it } from "vitest";
import { multiEditTool } from "./multi-edit.ts";
import { call, failure, useTempProject } from "./project.test-support.ts";

const project = useTempProject();
const multiEdit = () => multiEditTool(project.current.root, false);
const contents = (relative: string) => readFile(path.join(project.current.root, relative), "utf8");

describe("MultiEdit: what the model sends", () => {
  it("takes Claude Code's { file_path, edits: [{ old_string, new_string, replace_all? }] }", async () => {
    const schema = await asSchema(multiEdit().inputSchema).jsonSchema;
    expect(schema).toMatchObject({
      type: "object",
      required: ["file_path", "edits"],
      properties: {
        file_path: { type: "string" },
        edits: {
          type: "array",
          minItems: 1,
          items: { required: ["old_string", "new_string"], properties: { replace_all: { type: "boolean" } } },
        },
      },
    });
  });
});

describe("MultiEdit: applying in order", () => {
  it("applies each edit to the text the ones before it left, and lists them", async () => {
    await project.current.write("a.ts", "let a = fmt(1);\nlet b = fmt(2);\n");
    const result = await call(multiEdit(), {
      file_path: "a.ts",
      edits: [
        { old_string: "let a", new_string: "const a" },
        { old_string: "fmt", new_string: "format", replace_all: true },
        { old_string: "const a = format(1)", new_string: "const a = format(10)" },
      ],
    });
    expect(result).toBe(
      'Applied 3 edits to a.ts:\n1. Replaced "let a" with "const a" (1 occurrence)\n2. Replaced "fmt" with "format" (2 occurrences)\n' +
        '3. Replaced "const a = format(1)" with "const a = format(10)" (1 occurrence)',
    );
    expect(await contents("a.ts")).toBe("const a = format(10);\nlet b = format(2);\n");
  });

  it("quotes at most 50 characters of each string in the confirmation", async () => {
    const long = "x".repeat(60);
    await project.current.write("a.txt", `${long}\n`);
    const result = await call(multiEdit(), { file_path: "a.txt", edits: [{ old_string: long, new_string: "y" }] });
    expect(result).toContain(`1. Replaced "${"x".repeat(50)}..." with "y"`);
  });

  it("uses Edit's rules: CRLF files matched from \\n text, new_string inserted literally", async () => {
    await project.current.write("win.txt", "one\r\ntwo\r\nthree\r\n");
    await call(multiEdit(), {
      file_path: "win.txt",
      edits: [
        { old_string: "one\ntwo", new_string: "1\n2" },
        { old_string: "three", new_string: "$& $1" },
      ],
    });
    expect(await contents("win.txt")).toBe("1\r\n2\r\n$& $1\r\n");
  });

  it("creates a file when the first edit's old_string is empty, then applies the rest to it", async () => {
    const result = await call(multiEdit(), {
      file_path: "new/app.ts",
      edits: [
        { old_string: "", new_string: "export const a = 1;\nexport const b = 2;\n" },
        { old_string: "b = 2", new_string: "b = 3" },
      ],
    });
    expect(result).toBe('Created new/app.ts (2 lines), then applied 1 edit to new/app.ts:\n2. Replaced "b = 2" with "b = 3" (1 occurrence)');
    expect(await contents("new/app.ts")).toBe("export const a = 1;\nexport const b = 3;\n");
  });
});

describe("MultiEdit: all or none", () => {
  const original = "alpha\nbeta\ngamma\n";

  it("leaves the file untouched when a later edit's old_string is missing, naming that edit", async () => {
    await project.current.write("a.txt", original);
    const edits = [
      { old_string: "alpha", new_string: "ALPHA" },
      { old_string: "delta", new_string: "DELTA" },
      { old_string: "gamma", new_string: "GAMMA" },
    ];
    const message = await failure(call(multiEdit(), { file_path: "a.txt", edits }), "JUNE_BUILTIN_FAILED");
    expect(message).toContain("could not edit a.txt: edit 2 of 3 (edits[1]) failed: old_string was not found in it");
    expect(message).toContain("no edit was applied");
    expect(await contents("a.txt")).toBe(original);
  });

  it("fails an edit whose old_string occurs more than once without replace_all", async () => {
    await project.current.write("a.txt", "x;\nx;\n");
    const message = await failure(call(multiEdit(), { file_path: "a.txt", edits: [{ old_string: "x;", new_string: "y;" }] }), "JUNE_BUILTIN_FAILED");
    expect(message).toContain("edit 1 of 1 (edits[0]) failed: old_string occurs 2 times in it");
    expect(await contents("a.txt")).toBe("x;\nx;\n");
  });

  it("fails an edit that looks for text an earlier edit put in", async () => {
    await project.current.write("a.txt", original);
    const edits = [
      { old_string: "alpha", new_string: "alpha beta" },
      { old_string: "beta", new_string: "BETA", replace_all: true },
    ];
    const message = await failure(call(multiEdit(), { file_path: "a.txt", edits }), "JUNE_BUILTIN_FAILED");
    expect(message).toContain("edit 2 of 2 (edits[1]) failed: its old_string is part of the new_string of an earlier edit");
    expect(await contents("a.txt")).toBe(original);
  });

  it("refuses an edit that changes nothing, and an empty old_string after the first edit", async () => {
    await project.current.write("a.txt", original);
    const same = await failure(call(multiEdit(), { file_path: "a.txt", edits: [{ old_string: "a", new_string: "b" }, { old_string: "beta", new_string: "beta" }] }), "JUNE_BUILTIN_FAILED");
    expect(same).toContain("edit 2 of 2 (edits[1]) has the same old_string and new_string");
    const empty = await failure(call(multiEdit(), { file_path: "a.txt", edits: [{ old_string: "alpha", new_string: "A" }, { old_string: "", new_string: "x" }] }), "JUNE_BUILTIN_FAILED");
    expect(empty).toContain("edit 2 of 2 (edits[1]) failed: its old_string is empty");
    expect(await contents("a.txt")).toBe(original);
  });

  it("creates nothing when an edit after the creating one fails", async () => {
    const edits = [
      { old_string: "", new_string: "hello\n" },
      { old_string: "bye", new_string: "ciao" },
    ];
    await failure(call(multiEdit(), { file_path: "new.txt", edits }), "JUNE_BUILTIN_FAILED");
    await expect(contents("new.txt")).rejects.toMatchObject({ code: "ENOENT" });
  });

  it("refuses to create over a file that has content", async () => {
    await project.current.write("a.txt", original);
    const message = await failure(call(multiEdit(), { file_path: "a.txt", edits: [{ old_string: "", new_string: "x" }] }), "JUNE_BUILTIN_FAILED");
    expect(message).toContain("a.txt already exists");
    expect(await contents("a.txt")).toBe(original);
  });

  it("fails for a missing file, a binary file, and a file that is not UTF-8", async () => {
    await project.current.write("bin.dat", new Uint8Array([1, 0, 2, 0]));
    await project.current.write("latin1.txt", new Uint8Array([0x63, 0x61, 0x66, 0xe9, 0x0a]));
    const edits = [{ old_string: "caf", new_string: "tea" }];
    expect(await failure(call(multiEdit(), { file_path: "nope.txt", edits }), "JUNE_BUILTIN_FAILED")).toContain("nope.txt: it does not exist");
    expect(await failure(call(multiEdit(), { file_path: "bin.dat", edits }), "JUNE_BUILTIN_FAILED")).toContain("bin.dat: it looks like a binary file");
    expect(await failure(call(multiEdit(), { file_path: "latin1.txt", edits }), "JUNE_BUILTIN_FAILED")).toContain("latin1.txt: it is not UTF-8 text");
  });
});

describe("MultiEdit: confinement", () => {
  const edits = [{ old_string: "a=1", new_string: "a=2" }];

  it("refuses paths outside the project folder, directly or through a symlink, leaving them unchanged", async () => {
    const { root, outside, write } = project.current;
    await write("../outside/conf.ini", "a=1\n");
    await symlink(path.join(outside, "conf.ini"), path.join(root, "conf.ini"));
    await failure(call(multiEdit(), { file_path: "../outside/conf.ini", edits }), "JUNE_PATH_OUTSIDE_ROOT");
    await failure(call(multiEdit(), { file_path: "conf.ini", edits }), "JUNE_PATH_OUTSIDE_ROOT");
    await failure(call(multiEdit(), { file_path: "/etc/hostname", edits }), "JUNE_PATH_OUTSIDE_ROOT");
    expect(await readFile(path.join(outside, "conf.ini"), "utf8")).toBe("a=1\n");
  });

  it("refuses a hard link to a file outside", async () => {
    const { root, outside, write } = project.current;
    await write("../outside/conf.ini", "a=1\n");
    await link(path.join(outside, "conf.ini"), path.join(root, "conf.ini"));
    await failure(call(multiEdit(), { file_path: "conf.ini", edits }), "JUNE_PATH_OUTSIDE_ROOT");
    expect(await readFile(path.join(outside, "conf.ini"), "utf8")).toBe("a=1\n");
  });

  it("refuses the studio's run records", async () => {
    const record = await project.current.write(".june/runs/r1/events.jsonl", "a=1\n");
    await failure(call(multiEdit(), { file_path: ".june/runs/r1/events.jsonl", edits }), "JUNE_PATH_STUDIO_DATA");
    expect(await readFile(record, "utf8")).toBe("a=1\n");
  });
});
