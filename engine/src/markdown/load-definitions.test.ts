// Routecraft "Loading agents from markdown (agents())": the Claude Code folder convention, one
// file, duplicate names, and one broken file never hiding the others. The walk runs on a temp
// copy of test/fixtures/markdown/tree, where node_modules/ and the symlinks are added (git keeps
// neither reliably).
import { cp, mkdtemp, mkdir, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatDiagnostic } from "./diagnostic.ts";
import { loadAgentDefinitions } from "./load-definitions.ts";

const fixtures = new URL("../../test/fixtures/markdown/", import.meta.url).pathname;
let temp: string;
let tree: string;

beforeAll(async () => {
  temp = await mkdtemp(join(tmpdir(), "june-markdown-"));
  tree = join(temp, "agents");
  await cp(join(fixtures, "tree"), tree, { recursive: true });
  await mkdir(join(tree, "node_modules", "pkg"), { recursive: true });
  await writeFile(join(tree, "node_modules", "pkg", "agent.md"), "---\nname: from-node-modules\ndescription: never loads\n---\n");
  await mkdir(join(tree, "review", "node_modules"), { recursive: true });
  await writeFile(join(tree, "review", "node_modules", "deep.md"), "---\nname: nested-node-modules\ndescription: never loads\n---\n");
  await mkdir(join(tree, "review", ".drafts"), { recursive: true });
  await writeFile(join(tree, "review", ".drafts", "draft.md"), "---\nname: draft\ndescription: never loads\n---\n");
  // Shared definitions outside the tree: a file linked in is loaded, a folder linked in is not.
  const shared = join(temp, "shared");
  await mkdir(join(shared, "team"), { recursive: true });
  await writeFile(join(shared, "linked.md"), "---\nname: linked\ndescription: Loaded through a file symlink\n---\nLinked.");
  await writeFile(join(shared, "team", "member.md"), "---\nname: member\ndescription: Behind a directory symlink\n---\n");
  await symlink(join(shared, "linked.md"), join(tree, "linked.md"));
  await symlink(join(shared, "team"), join(tree, "team"));
  // A loop a directory-following walk would never finish.
  await symlink(tree, join(tree, "review", "loop"));
});

afterAll(async () => {
  await rm(temp, { recursive: true, force: true });
});

const names = (definitions: { name: string }[]) => definitions.map((d) => d.name);

describe("Loading agents from markdown (agents())", () => {
  it("walks flat files at any depth and grouping folders, in name order", async () => {
    const { definitions } = await loadAgentDefinitions(tree);
    expect(names(definitions)).toEqual(["aria", "linked", "perf", "security", "triage"]);
    expect(relative(tree, definitions.find((d) => d.name === "perf")!.file)).toBe(join("review", "deep", "perf.md"));
  });

  it("a folder holding AGENT.md is one agent bundle; its skills/ (and other files) are never agents", async () => {
    const { definitions, diagnostics } = await loadAgentDefinitions(tree);
    const aria = definitions.find((d) => d.name === "aria")!;
    expect(aria).toMatchObject({ file: join(tree, "aria", "AGENT.md"), bundle: join(tree, "aria"), skills: ["./skills"] });
    expect(names(definitions)).not.toContain("refund-policy");
    // the bundle's README.md has no frontmatter, and is not read as an agent either
    expect(diagnostics.filter((d) => d.file.includes("aria"))).toEqual([]);
  });

  it("node_modules and dot-directories are skipped at every level", async () => {
    const { definitions, diagnostics } = await loadAgentDefinitions(tree);
    expect(names(definitions)).not.toEqual(expect.arrayContaining(["from-node-modules"]));
    for (const skipped of ["from-node-modules", "nested-node-modules", "draft", "from-dot-directory"]) {
      expect(names(definitions)).not.toContain(skipped);
    }
    expect(diagnostics.some((d) => /node_modules|\.hidden|\.drafts/.test(d.file))).toBe(false);
  });

  it("a file symlink is followed; a directory symlink is not (with a warning), so a loop can't trap the walk", async () => {
    const { definitions, diagnostics } = await loadAgentDefinitions(tree);
    expect(definitions.find((d) => d.name === "linked")).toMatchObject({ file: join(tree, "linked.md"), instructions: "Linked." });
    expect(names(definitions)).not.toContain("member");
    expect(diagnostics.map((d) => [d.severity, d.code, relative(tree, d.file)])).toEqual([
      ["warning", "JUNE_SYMLINK_DIR_SKIPPED", join("review", "loop")],
      ["warning", "JUNE_SYMLINK_DIR_SKIPPED", "team"],
    ]);
  });

  it("a single .md path loads that one file; a bundle folder loads its AGENT.md", async () => {
    const single = await loadAgentDefinitions(join(tree, "review", "security.md"));
    expect(names(single.definitions)).toEqual(["security"]);
    expect(single.definitions[0]!.model).toBe("anthropic:claude-sonnet-5-5");
    const bundle = await loadAgentDefinitions(join(tree, "aria"));
    expect(names(bundle.definitions)).toEqual(["aria"]);
  });

  it("a missing path, or a file that is not .md, is an error naming it", async () => {
    const missing = await loadAgentDefinitions(join(temp, "nope"));
    expect(missing.definitions).toEqual([]);
    expect(missing.diagnostics).toEqual([expect.objectContaining({ severity: "error", code: "JUNE_AGENTS_NOT_FOUND", file: join(temp, "nope") })]);
    expect(missing.diagnostics[0]!.message).toContain("does not exist");
    const notMarkdown = await loadAgentDefinitions(join(tree, "notes.txt"));
    expect(notMarkdown.diagnostics[0]).toMatchObject({ code: "JUNE_AGENTS_NOT_FOUND" });
    expect(notMarkdown.diagnostics[0]!.message).toContain("not a .md file");
  });

  it("a duplicate name anywhere in the tree is an error naming both files, and neither loads", async () => {
    const dir = join(fixtures, "duplicates");
    const { definitions, diagnostics } = await loadAgentDefinitions(dir);
    expect(names(definitions)).toEqual(["single"]);
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ severity: "error", code: "JUNE_DUPLICATE_AGENT", field: "name", file: join(dir, "nested", "second.md"), line: 3 });
    expect(diagnostics[0]!.message).toContain(`${join(dir, "first.md")}:2`);
    expect(diagnostics[0]!.message).toContain(`${join(dir, "nested", "second.md")}:3`);
    expect(diagnostics[0]!.message).toContain('"twin"');
  });

  it("one broken file never hides the others: each problem is a diagnostic with file:line", async () => {
    const dir = join(fixtures, "broken");
    const { definitions, diagnostics } = await loadAgentDefinitions(dir);
    expect(names(definitions)).toEqual(["good"]);
    expect(diagnostics.map((d) => [relative(dir, d.file), d.line, d.code])).toEqual([
      ["bad-yaml.md", 3, "JUNE_FRONTMATTER_INVALID"],
      ["missing-description.md", 1, "JUNE_AGENT_FIELD_MISSING"],
      ["no-frontmatter.md", 1, "JUNE_FRONTMATTER_INVALID"],
    ]);
    expect(formatDiagnostic(diagnostics[1]!)).toBe(
      `june: ${join(dir, "missing-description.md")}:1: the frontmatter has no \`description\`; every agent file needs \`description:\` ` +
        "(what the agent does, which is what a calling model reads). [error JUNE_AGENT_FIELD_MISSING]",
    );
  });
});
