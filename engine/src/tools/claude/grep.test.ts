// Grep: a RegExp search over the files under a path, as files, lines or counts; filtered,
// paged, bounded, and confined to the project folder.
import { link, mkdir, stat, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { GREP_MAX_CHARS, GREP_MAX_ENTRIES, GREP_MAX_LINE_CHARS } from "./grep-output.ts";
import { grepTool } from "./grep.ts";
import { JuneError } from "../../errors/index.ts";
import { call, failure, useTempProject } from "./project.test-support.ts";

const project = useTempProject();
const grep = () => grepTool(project.current.root, false);

async function sampleProject(): Promise<void> {
  const { write } = project.current;
  await write("src/a.ts", "import x from 'x';\n// TODO: tidy\nexport const a = 1;\n", 1_000);
  await write("src/lib/b.ts", "export const b = 2; // todo later\n", 3_000);
  await write("docs/notes.md", "TODO write docs\n", 2_000);
  await write("README.md", "nothing here\n", 4_000);
}

describe("Grep: files_with_matches (the default)", () => {
  it("lists the files that match, most recently modified first, with a count", async () => {
    await sampleProject();
    expect(await call(grep(), { pattern: "TODO" })).toBe("Found 2 files\ndocs/notes.md\nsrc/a.ts");
  });

  it("ignores case with -i, and takes a leading (?i) too", async () => {
    await sampleProject();
    expect(await call(grep(), { pattern: "todo", "-i": true })).toBe("Found 3 files\nsrc/lib/b.ts\ndocs/notes.md\nsrc/a.ts");
    expect(await call(grep(), { pattern: "(?i)todo" })).toBe("Found 3 files\nsrc/lib/b.ts\ndocs/notes.md\nsrc/a.ts");
  });

  it("says 'No files found' when nothing matches", async () => {
    await sampleProject();
    expect(await call(grep(), { pattern: "absent-word" })).toBe("No files found");
  });
});

describe("Grep: content", () => {
  it("shows path:line:text, with line numbers by default", async () => {
    await sampleProject();
    expect(await call(grep(), { pattern: "export const", output_mode: "content" })).toBe(
      "src/a.ts:3:export const a = 1;\nsrc/lib/b.ts:1:export const b = 2; // todo later",
    );
  });

  it("leaves line numbers out with -n: false", async () => {
    await sampleProject();
    expect(await call(grep(), { pattern: "TODO: tidy", output_mode: "content", "-n": false })).toBe("src/a.ts:// TODO: tidy");
  });

  it("adds context lines with -C, -A and -B, marked with '-', and '--' between groups and files", async () => {
    const { write } = project.current;
    await write("a.txt", "1\n2\nhit\n4\n5\n6\n7\nhit\n9\n");
    await write("b.txt", "hit\nb2\n");
    expect(await call(grep(), { pattern: "hit", output_mode: "content", "-C": 1 })).toBe(
      ["a.txt-2-2", "a.txt:3:hit", "a.txt-4-4", "--", "a.txt-7-7", "a.txt:8:hit", "a.txt-9-9", "--", "b.txt:1:hit", "b.txt-2-b2"].join("\n"),
    );
    expect(await call(grep(), { pattern: "hit", path: "a.txt", output_mode: "content", "-A": 2, "-B": 0 })).toBe(
      ["a.txt:3:hit", "a.txt-4-4", "a.txt-5-5", "--", "a.txt:8:hit", "a.txt-9-9"].join("\n"),
    );
  });

  it("merges overlapping context and marks every matching line", async () => {
    await project.current.write("a.txt", "hit\nhit\nx\n");
    expect(await call(grep(), { pattern: "hit", output_mode: "content", "-A": 1 })).toBe("a.txt:1:hit\na.txt:2:hit\na.txt-3-x");
  });

  it("lets a match span lines with multiline", async () => {
    await project.current.write("a.ts", "function f(\n  a,\n) {}\nother\n");
    expect(await call(grep(), { pattern: "f\\(.*?\\)", output_mode: "content", multiline: true })).toBe(
      "a.ts:1:function f(\na.ts:2:  a,\na.ts:3:) {}",
    );
    expect(await call(grep(), { pattern: "f\\(.*?\\)", output_mode: "content" })).toBe("No matches found");
  });

  it(`cuts very long lines at ${GREP_MAX_LINE_CHARS} characters`, async () => {
    await project.current.write("min.js", `${"z".repeat(GREP_MAX_LINE_CHARS)}needle`);
    expect(await call(grep(), { pattern: "z", output_mode: "content" })).toBe(`min.js:1:${"z".repeat(GREP_MAX_LINE_CHARS)}… (line cut)`);
  });
});

describe("Grep: count", () => {
  it("shows matching lines per file and a total", async () => {
    await project.current.write("a.txt", "x\nx y\nz\n");
    await project.current.write("b.txt", "x\n");
    expect(await call(grep(), { pattern: "x", output_mode: "count" })).toBe("a.txt:2\nb.txt:1\n\nFound 3 matching lines in 2 files");
  });
});

describe("Grep: which files", () => {
  it("filters by glob: a glob without / matches names at any depth, one with / matches the path", async () => {
    await sampleProject();
    expect(await call(grep(), { pattern: "TODO", "-i": true, glob: "*.ts" })).toBe("Found 2 files\nsrc/lib/b.ts\nsrc/a.ts");
    expect(await call(grep(), { pattern: "TODO", "-i": true, glob: "src/lib/*.{ts,js}" })).toBe("Found 1 file\nsrc/lib/b.ts");
  });

  it("filters by type, and names the known types for an unknown one", async () => {
    await sampleProject();
    expect(await call(grep(), { pattern: "TODO", type: "md" })).toBe("Found 1 file\ndocs/notes.md");
    const message = await failure(call(grep(), { pattern: "TODO", type: "cobol" }), "JUNE_BUILTIN_FAILED");
    expect(message).toContain("does not know the file type cobol");
    expect(message).toContain("py");
  });

  it("searches only under path, which may be a single file", async () => {
    await sampleProject();
    expect(await call(grep(), { pattern: "TODO", "-i": true, path: "src/lib" })).toBe("Found 1 file\nsrc/lib/b.ts");
    expect(await call(grep(), { pattern: "const", output_mode: "content", path: "src/a.ts" })).toBe("src/a.ts:3:export const a = 1;");
  });

  it("skips node_modules, .git, binary files and symlinks", async () => {
    const { write, root, outside } = project.current;
    await write("node_modules/dep/index.js", "secret\n");
    await write(".git/config", "secret\n");
    await write("image.bin", new Uint8Array([0x73, 0x65, 0x63, 0x72, 0x65, 0x74, 0, 1, 2]));
    await write("../outside/leak.txt", "secret\n");
    await symlink(outside, path.join(root, "linked-dir"));
    await symlink(path.join(outside, "leak.txt"), path.join(root, "linked-file.txt"));
    await write("ok.txt", "secret\n");
    expect(await call(grep(), { pattern: "secret" })).toBe("Found 1 file\nok.txt");
  });

  it("skips a hard link (it may be another name for a file outside) and says how many it skipped", async () => {
    const { write, root, outside } = project.current;
    await write("../outside/leak.txt", "secret\n");
    await link(path.join(outside, "leak.txt"), path.join(root, "linked.txt"));
    await write("ok.txt", "secret\n");
    const note = "(skipped 1 file with more than one hard link: it may be another name for a file outside the project folder)";
    expect(await call(grep(), { pattern: "secret" })).toBe(`Found 1 file\nok.txt\n\n${note}`);
    expect(await call(grep(), { pattern: "secret", output_mode: "content" })).toBe(`ok.txt:1:secret\n\n${note}`);
    expect(await call(grep(), { pattern: "secret", output_mode: "count" })).toBe(`ok.txt:1\n\nFound 1 matching line in 1 file\n\n${note}`);
    expect(await call(grep(), { pattern: "absent" })).toBe(`No files found\n\n${note}`);
    const message = await failure(call(grep(), { pattern: "secret", path: "linked.txt" }), "JUNE_PATH_OUTSIDE_ROOT");
    expect(message).toContain("linked.txt: it has 2 hard links");
  });
});

describe("Grep: bounded output", () => {
  it("pages with head_limit and offset, saying what is left", async () => {
    await project.current.write("a.txt", "m1\nm2\nm3\nm4\nm5\n");
    const first = await call(grep(), { pattern: "m", output_mode: "content", head_limit: 2 });
    expect(first).toBe("a.txt:1:m1\na.txt:2:m2\n\n(showing results 1-2 of 5; narrow the search with path, glob or type, or pass offset: 2 for the next ones)");
    expect(await call(grep(), { pattern: "m", output_mode: "content", head_limit: 2, offset: 4 })).toBe("a.txt:5:m5");
  });

  it(`never shows more than ${GREP_MAX_ENTRIES} entries, even with a larger head_limit`, async () => {
    await project.current.write("big.txt", "hit\n".repeat(GREP_MAX_ENTRIES + 10));
    const result = await call(grep(), { pattern: "hit", output_mode: "content", head_limit: 5_000 });
    const lines = result.split("\n");
    expect(lines.filter((line) => line.startsWith("big.txt:"))).toHaveLength(GREP_MAX_ENTRIES);
    expect(lines.at(-1)).toContain(`(showing results 1-${GREP_MAX_ENTRIES} of ${GREP_MAX_ENTRIES + 10}`);
  });

  it(`keeps the output under ${GREP_MAX_CHARS} characters however long the lines`, async () => {
    const line = `hit ${"w".repeat(GREP_MAX_LINE_CHARS - 10)}`;
    await project.current.write("wide.txt", `${line}\n`.repeat(300));
    const result = await call(grep(), { pattern: "hit", output_mode: "content" });
    expect(result.length).toBeLessThan(GREP_MAX_CHARS + 200);
    expect(result).toMatch(/\(showing results 1-\d+ of 300; .* pass offset: \d+ for the next ones\)$/);
  });

  it("says when offset is past the results", async () => {
    await project.current.write("a.txt", "m\n");
    expect(await call(grep(), { pattern: "m", output_mode: "content", offset: 3 })).toBe("(nothing from offset 3: there is 1 result; use a smaller offset)");
  });
});

describe("Grep: refusals", () => {
  it("fails for an invalid regular expression, naming it", async () => {
    await sampleProject();
    const message = await failure(call(grep(), { pattern: "foo(" }), "JUNE_BUILTIN_FAILED");
    expect(message).toContain("Grep's pattern foo( is not a valid regular expression");
  });

  it("refuses a path outside the project folder: ../, /etc, a symlink out", async () => {
    const { root, outside } = project.current;
    await symlink(outside, path.join(root, "out"));
    for (const searchPath of ["../outside", "/etc", "out"]) {
      const message = await failure(call(grep(), { pattern: "x", path: searchPath }), "JUNE_PATH_OUTSIDE_ROOT");
      expect(message).toContain(root);
    }
  });

  it("fails for a missing path", async () => {
    expect(await failure(call(grep(), { pattern: "x", path: "nope" }), "JUNE_BUILTIN_FAILED")).toContain("Grep could not search nope: it does not exist");
  });
});

describe("Grep: matching takes time linear in the text (RE2, as ripgrep)", () => {
  it("refuses backreferences, which only a backtracking engine can run, saying what is not supported", async () => {
    await project.current.write("a.txt", "abab\n");
    const message = await failure(call(grep(), { pattern: "(ab)\\1" }), "JUNE_BUILTIN_FAILED");
    expect(message).toContain("Grep's pattern (ab)\\1");
    expect(message).toContain("backreferences");
    expect(message).toContain("RE2");
  });

  it("refuses lookahead and lookbehind, saying what is not supported", async () => {
    await project.current.write("a.txt", "foobar\n");
    for (const pattern of ["foo(?=bar)", "foo(?!baz)", "(?<=foo)bar", "(?<!x)bar"]) {
      const message = await failure(call(grep(), { pattern }), "JUNE_BUILTIN_FAILED");
      expect(message).toContain(`Grep's pattern ${pattern}`);
      expect(message).toContain("lookaround");
    }
  });

  // A backtracking engine takes minutes on this (2^32 ways to split the a's); RE2 answers at once.
  it("answers a nested-quantifier pattern on a long line without backtracking", async () => {
    await project.current.write("a.txt", `${"a".repeat(32)}b\n`);
    await project.current.write("b.txt", `${"a".repeat(32)}\n`);
    expect(await call(grep(), { pattern: "^(a+)+$" })).toBe("Found 1 file\nb.txt");
    expect(await call(grep(), { pattern: "^(a|aa)+$", output_mode: "count" })).toBe("b.txt:1\n\nFound 1 matching line in 1 file");
  });

  it("takes ripgrep's syntax: inline flags, Unicode classes, escaped punctuation", async () => {
    await project.current.write("a.txt", "Grüße\nx-y\n");
    expect(await call(grep(), { pattern: "(?i:GRÜ)ße", output_mode: "content" })).toBe("a.txt:1:Grüße");
    expect(await call(grep(), { pattern: "^\\p{L}+$", output_mode: "content" })).toBe("a.txt:1:Grüße");
    expect(await call(grep(), { pattern: "x\\-y", output_mode: "content" })).toBe("a.txt:2:x-y");
  });
});

describe("Grep: abort", () => {
  // One folder, so a walk that only checks between folders would read every file first.
  it("stops partway through a folder of thousands of files when the run is aborted", async () => {
    const folder = path.join(project.current.root, "many");
    await mkdir(folder);
    for (let index = 0; index < 3_000; index++) await writeFile(path.join(folder, `f${index}.txt`), "needle\n");
    const controller = new AbortController();
    const reason = new JuneError("JUNE_ABORTED", "june: the run was aborted.");
    const search = call(grep(), { pattern: "needle", output_mode: "count" }, controller.signal);
    // Let the search get into the folder, then stop it: file system calls queue on one thread
    // pool, so 200 of ours leave it far past its start and far from its 3000 files' end.
    for (let call = 0; call < 200; call++) await stat(folder);
    controller.abort(reason);
    await expect(search).rejects.toBe(reason);
  });
});
