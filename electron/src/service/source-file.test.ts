// readSource as a specification: what the Source panel is given of a project file, and each file
// it is refused, with the code and the file named. Real temp folders, real links.
import { link, mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Result, SourceFile } from "../contract/index.ts";
import { languageOf, readSourceFile, SOURCE_MAX_BYTES } from "./source-file.ts";
import { StudioService } from "./studio-service.ts";

let folder: string;
let elsewhere: string;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), "june-source-"));
  elsewhere = await mkdtemp(join(tmpdir(), "june-elsewhere-"));
  await writeFile(join(elsewhere, "secret.txt"), "not yours\n");
  await mkdir(join(folder, "flows"));
  await writeFile(join(folder, "flows", "release.tsx"), "export default function Release() {\n  return null;\n}\n");
  await writeFile(join(folder, "notes.txt"), "plain\n");
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
  await rm(elsewhere, { recursive: true, force: true });
});

const read = (file: string, extra: { runsFolder?: string; maxBytes?: number } = {}) => readSourceFile({ file, folder, ...extra });

function refused(result: Result<SourceFile>): { code: string; message: string } {
  if (result.ok) throw new Error(`expected a refusal, got ${result.value.relativePath}`);
  return result.error;
}

describe("a project file", () => {
  it("is given whole with its path inside the project, its language and its size", async () => {
    const result = await read("flows/release.tsx");
    expect(result).toEqual({
      ok: true,
      value: {
        file: join(folder, "flows", "release.tsx"),
        relativePath: "flows/release.tsx",
        text: "export default function Release() {\n  return null;\n}\n",
        language: "tsx",
        truncated: false,
        size: 53,
      },
    });
  });

  it("may be named by its absolute path, and keeps the name it was asked by", async () => {
    const result = await read(join(folder, "notes.txt"));
    expect(result).toMatchObject({ ok: true, value: { file: join(folder, "notes.txt"), relativePath: "notes.txt", language: "text" } });
  });

  it("may be a symlink to another file of the project", async () => {
    await symlink(join(folder, "flows", "release.tsx"), join(folder, "alias.tsx"));
    expect(await read("alias.tsx")).toMatchObject({ ok: true, value: { relativePath: "flows/release.tsx", file: join(folder, "alias.tsx") } });
  });
});

describe("refusals, each coded and naming the file", () => {
  it("a file outside the folder, by .. or by an absolute path", async () => {
    for (const file of ["../x.tsx", join(elsewhere, "secret.txt"), "/etc/passwd"]) {
      const error = refused(await read(file));
      expect(error.code, file).toBe("STUDIO_OUTSIDE_PROJECT");
      expect(error.message).toContain(file);
    }
  });

  it("a symlink inside the folder that leads outside it, to a file or to a folder", async () => {
    await symlink(join(elsewhere, "secret.txt"), join(folder, "escape.txt"));
    await symlink(elsewhere, join(folder, "escape-dir"));
    for (const file of ["escape.txt", "escape-dir/secret.txt"]) {
      const error = refused(await read(file));
      expect(error.code, file).toBe("STUDIO_OUTSIDE_PROJECT");
      expect(error.message).toContain(file);
      expect(error.message).not.toContain("not yours");
    }
  });

  it("a file with another hard link, which may be outside the folder", async () => {
    await writeFile(join(elsewhere, "linked.txt"), "also not yours\n");
    await link(join(elsewhere, "linked.txt"), join(folder, "hard.txt"));
    const error = refused(await read("hard.txt"));
    expect(error.code).toBe("STUDIO_SOURCE_HARD_LINK");
    expect(error.message).toContain("hard.txt");
  });

  it("the studio's run records in .june/ and in a runs folder the config moved", async () => {
    await mkdir(join(folder, ".june", "runs"), { recursive: true });
    await writeFile(join(folder, ".june", "runs", "run_1.jsonl"), "{}\n");
    await mkdir(join(folder, "records"));
    await writeFile(join(folder, "records", "run_2.jsonl"), "{}\n");
    expect(refused(await read(".june/runs/run_1.jsonl"))).toMatchObject({ code: "STUDIO_SOURCE_RUN_RECORD", message: expect.stringContaining(".june/runs/run_1.jsonl") });
    expect(refused(await read("records/run_2.jsonl", { runsFolder: join(folder, "records") }))).toMatchObject({ code: "STUDIO_SOURCE_RUN_RECORD" });
    expect(await read("records/run_2.jsonl")).toMatchObject({ ok: true });
  });

  it("obvious secrets: .env files, .npmrc, private keys, git's internals; but not an .env template", async () => {
    await mkdir(join(folder, "keys"));
    await mkdir(join(folder, ".git"));
    const secrets = [".env", ".env.local", "keys/.ENV.production", ".npmrc", "keys/id_ed25519", "keys/server.pem", ".git/config"];
    for (const file of secrets) await writeFile(join(folder, file), "TOKEN=sk-secret\n");
    for (const file of secrets) {
      const error = refused(await read(file));
      expect(error.code, file).toBe("STUDIO_SOURCE_SECRET");
      expect(error.message).toContain(file);
      expect(error.message).not.toContain("sk-secret");
    }
    await writeFile(join(folder, ".env.example"), "TOKEN=\n");
    expect(await read(".env.example")).toMatchObject({ ok: true, value: { text: "TOKEN=\n" } });
  });

  it("a binary file: a NUL byte, or bytes that are not UTF-8", async () => {
    await writeFile(join(folder, "logo.png"), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00]));
    await writeFile(join(folder, "latin1.txt"), Buffer.from("caf\xe9\n", "latin1"));
    for (const file of ["logo.png", "latin1.txt"]) {
      expect(refused(await read(file)), file).toMatchObject({ code: "STUDIO_SOURCE_BINARY", message: expect.stringContaining(file) });
    }
  });

  it("a folder, and a file that isn't there", async () => {
    expect(refused(await read("flows"))).toMatchObject({ code: "STUDIO_SOURCE_NOT_A_FILE", message: expect.stringContaining("flows") });
    expect(refused(await read("flows/gone.tsx"))).toMatchObject({ code: "STUDIO_FILE_NOT_FOUND", message: expect.stringContaining(join("flows", "gone.tsx")) });
  });
});

describe("a long file", () => {
  it("is cut at the last line end within the limit, and says so with its whole size", async () => {
    const lines = Array.from({ length: 100 }, (_, i) => `const line${i} = ${i};`).join("\n");
    await writeFile(join(folder, "long.ts"), lines);
    const result = await read("long.ts", { maxBytes: 100 });
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.truncated).toBe(true);
    expect(result.value.size).toBe(Buffer.byteLength(lines));
    expect(result.value.text.endsWith("\n")).toBe(true);
    expect(result.value.text.length).toBeLessThanOrEqual(100);
    expect(lines.startsWith(result.value.text)).toBe(true);
  });

  it("without a line end is cut before a character the limit splits, never into bad UTF-8", async () => {
    await writeFile(join(folder, "accents.md"), "é".repeat(60));
    const result = await read("accents.md", { maxBytes: 51 });
    expect(result).toMatchObject({ ok: true, value: { text: "é".repeat(25), truncated: true, language: "markdown" } });
  });

  it("is under the limit of 1 MiB when given no other", () => {
    expect(SOURCE_MAX_BYTES).toBe(1024 * 1024);
  });
});

describe("languageOf", () => {
  it("names the languages the panel highlights by extension, and text for the rest", () => {
    expect(["a.tsx", "a.ts", "a.mts", "a.jsx", "a.js", "a.cjs", ".mcp.json", "README.md", "a.yml", "a.yaml", "run.sh", "a.txt", "Makefile"].map(languageOf)).toEqual([
      "tsx",
      "typescript",
      "typescript",
      "jsx",
      "javascript",
      "javascript",
      "json",
      "markdown",
      "yaml",
      "yaml",
      "shellscript",
      "text",
      "text",
    ]);
  });
});

describe("the service's readSource", () => {
  it("refuses with STUDIO_NO_PROJECT before a folder is open", async () => {
    const service = new StudioService({ log: () => {} });
    expect(await service.readSource({ file: "release.tsx" })).toMatchObject({ ok: false, error: { code: "STUDIO_NO_PROJECT", message: expect.stringContaining("release.tsx") } });
    await service.close();
  });

  it("reads a file of the open folder and refuses one outside it", async () => {
    const service = new StudioService({ log: () => {} });
    try {
      const opened = await service.openFolder({ folder });
      if (!opened.ok) throw new Error(opened.error.message);
      expect(await service.readSource({ file: "notes.txt" })).toMatchObject({ ok: true, value: { relativePath: "notes.txt", text: "plain\n" } });
      expect(await service.readSource({ file: join(elsewhere, "secret.txt") })).toMatchObject({ ok: false, error: { code: "STUDIO_OUTSIDE_PROJECT" } });
    } finally {
      await service.close();
    }
  });
});
