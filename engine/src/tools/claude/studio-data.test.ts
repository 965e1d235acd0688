// The studio's run records (`.june/`, and a runs folder configured elsewhere in the project) hold
// other runs' inputs and outputs: the file tools neither open nor list them unless allowed.
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { claudeBuiltins } from "../index.ts";
import { call, failure, useTempProject } from "./project.test-support.ts";

const project = useTempProject();
const RECORD = '{"type":"run-start","input":"the other run\'s secret prompt"}\n';

async function recordedRun(relative = ".june/runs/x.jsonl"): Promise<void> {
  await project.current.write(relative, RECORD);
  await project.current.write("src/app.ts", "// the other run's secret prompt is not here\n");
}

describe("the studio's run records are out of reach by default", () => {
  it("Read refuses a file in .june/, naming it and saying why", async () => {
    await recordedRun();
    const { Read } = claudeBuiltins({ root: project.current.root });
    const message = await failure(call(Read, { file_path: ".june/runs/x.jsonl" }), "JUNE_PATH_STUDIO_DATA");
    expect(message).toContain(".june/runs/x.jsonl");
    expect(message).toContain("the studio's run records");
    await failure(call(Read, { file_path: path.join(project.current.root, ".june/runs/x.jsonl") }), "JUNE_PATH_STUDIO_DATA");
  });

  it("Write and Edit refuse files in .june/, changing nothing", async () => {
    await recordedRun();
    const { Write, Edit } = claudeBuiltins({ root: project.current.root });
    await failure(call(Write, { file_path: ".june/runs/x.jsonl", content: "forged" }), "JUNE_PATH_STUDIO_DATA");
    await failure(call(Write, { file_path: ".june/runs/new.jsonl", content: "forged" }), "JUNE_PATH_STUDIO_DATA");
    await failure(call(Edit, { file_path: ".june/runs/x.jsonl", old_string: "secret", new_string: "public" }), "JUNE_PATH_STUDIO_DATA");
    expect(await readFile(path.join(project.current.root, ".june/runs/x.jsonl"), "utf8")).toBe(RECORD);
    expect(existsSync(path.join(project.current.root, ".june/runs/new.jsonl"))).toBe(false);
  });

  it("Grep and Glob do not see them, and refuse .june/ as the path to search", async () => {
    await recordedRun();
    const { Grep, Glob } = claudeBuiltins({ root: project.current.root });
    expect(await call(Grep, { pattern: "secret prompt" })).toBe("Found 1 file\nsrc/app.ts");
    expect(await call(Grep, { pattern: "run-start" })).toBe("No files found");
    expect(await call(Glob, { pattern: "**/*.jsonl" })).toBe("No files found");
    expect(await call(Glob, { pattern: "**/x*" })).toBe("No files found");
    await failure(call(Grep, { pattern: "secret", path: ".june" }), "JUNE_PATH_STUDIO_DATA");
    await failure(call(Glob, { pattern: ".june/runs/*" }), "JUNE_PATH_STUDIO_DATA");
  });

  it("covers a runs folder configured elsewhere in the project too", async () => {
    await recordedRun("records/x.jsonl");
    const { Read, Grep, Glob } = claudeBuiltins({ root: project.current.root, runsFolder: "records" });
    expect(await failure(call(Read, { file_path: "records/x.jsonl" }), "JUNE_PATH_STUDIO_DATA")).toContain("records/x.jsonl");
    expect(await call(Grep, { pattern: "run-start" })).toBe("No files found");
    expect(await call(Glob, { pattern: "**/*.jsonl" })).toBe("No files found");
    const absolute = claudeBuiltins({ root: project.current.root, runsFolder: path.join(project.current.root, "records") });
    await failure(call(absolute.Read, { file_path: "records/x.jsonl" }), "JUNE_PATH_STUDIO_DATA");
  });
});

describe("allowStudioData opens them", () => {
  it("lets Read, Grep and Glob reach .june/", async () => {
    await recordedRun();
    const { Read, Grep, Glob } = claudeBuiltins({ root: project.current.root, allowStudioData: true });
    expect(await call(Read, { file_path: ".june/runs/x.jsonl" })).toBe(`     1\t${RECORD.trimEnd()}`);
    expect(await call(Grep, { pattern: "run-start" })).toBe("Found 1 file\n.june/runs/x.jsonl");
    expect(await call(Glob, { pattern: "**/*.jsonl" })).toBe(".june/runs/x.jsonl");
  });
});
