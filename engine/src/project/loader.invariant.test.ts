// Invariant of the project loader: whatever a folder's files hold — agent files with mutated
// frontmatter, huge or binary files, workflows that fail every way a load can, a broken
// june.config.ts — opening it never throws, never hangs, names the file of every problem, and a
// valid file beside broken ones still loads. The files come from a seed (JUNE_INVARIANT_SEED,
// printed) and their number scales with JUNE_INVARIANT_SCALE.
//
// The loader runs in a child Node process, as the CLI and the studio run it (a native import of
// each bundle): a synchronous hang blocks the event loop of the process it happens in, so only
// another process can bound the wait.
import { spawn } from "node:child_process";
import { mkdir, mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HUGE_KINDS, WORKFLOW_KINDS, brokenConfig, brokenWorkflow, mutatedAgent, validAgent, validWorkflow, type GeneratedFile } from "./broken-files.test-support.ts";
import { Random, invariantScale, invariantSeed, scaled } from "../../test/support/invariants.ts";
import type { ChildReport } from "./open-project-child.test-support.ts";

const SEED = invariantSeed();
const SCALE = invariantScale();
const ROUNDS = scaled(3, SCALE);
const AGENTS_PER_ROUND = 100;
const WORKFLOWS_PER_ROUND = 8;
/** Huge files in all, cycling through HUGE_KINDS so each kind is tried at scale 1. */
const HUGE_FILES = scaled(HUGE_KINDS.length, SCALE);
const CONFIG_ROUNDS = scaled(2, SCALE);
/** How long one folder may take to open before it counts as a hang: far above the second or two it takes. */
const BOUND_PER_FOLDER_MS = 20_000;

const CHILD = fileURLToPath(new URL("./open-project-child.test-support.ts", import.meta.url));
const [major = 0, minor = 0] = process.versions.node.split(".").map(Number);
const stripsTypes = major > 22 || (major === 22 && minor >= 18);

/** A file the test wrote, and what it may do when the folder opens. */
interface Written extends GeneratedFile {
  path: string;
  role: "valid" | "broken";
}

interface Round {
  folder: string;
  files: Written[];
}

const folders: string[] = [];
afterAll(async () => {
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

async function newFolder(): Promise<string> {
  // Real path: problems name files by their real path (the bundler resolves symlinks such as macOS's /var).
  const folder = await realpath(await mkdtemp(join(tmpdir(), "june-loader-invariant-")));
  folders.push(folder);
  return folder;
}

async function put(round: Round, rel: string, file: GeneratedFile, role: Written["role"]): Promise<void> {
  const path = join(round.folder, rel);
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, file.content);
  round.files.push({ ...file, path, role });
}

const valid = (content: string): GeneratedFile => ({ content, mutations: [], mustFail: false });

/** A folder of mutated agents (some huge, in both default agent folders, nested and bundled) and broken workflows. */
async function filesRound(random: Random, index: number, huge: string[]): Promise<Round> {
  const round: Round = { folder: await newFolder(), files: [] };
  for (let i = 0; i < AGENTS_PER_ROUND; i++) {
    const tag = `m${index}-${i}`;
    const place = random.pick([".claude/agents/", ".claude/agents/", ".claude/agents/group/", "agents/", `.claude/agents/${tag}/`]);
    const rel = place.endsWith(`${tag}/`) ? `${place}AGENT.md` : `${place}${tag}.md`;
    await put(round, rel, mutatedAgent(random.fork(), tag), "broken");
  }
  for (const [i, kind] of huge.entries()) await put(round, `.claude/agents/huge-${index}-${i}.md`, mutatedAgent(random.fork(), `huge-${index}-${i}`, kind), "broken");
  for (let i = 0; i < WORKFLOWS_PER_ROUND; i++) {
    const kind = WORKFLOW_KINDS[(index * WORKFLOWS_PER_ROUND + i) % WORKFLOW_KINDS.length]!;
    await put(round, `flows/w${index}-${i}.tsx`, brokenWorkflow(random.fork(), `${index}_${i}`, kind), "broken");
  }
  await put(round, `.claude/agents/valid-${index}.md`, valid(validAgent(`valid-${index}`)), "valid");
  await put(round, "flows/valid.tsx", valid(validWorkflow("Valid")), "valid");
  return round;
}

/** A folder whose june.config.ts is broken, beside a few mutated agents and valid files. */
async function configRound(random: Random, index: number): Promise<Round> {
  const round: Round = { folder: await newFolder(), files: [] };
  await put(round, "june.config.ts", brokenConfig(random.fork()), "broken");
  for (let i = 0; i < 5; i++) await put(round, `.claude/agents/c${index}-${i}.md`, mutatedAgent(random.fork(), `c${index}-${i}`), "broken");
  await put(round, `.claude/agents/valid-c${index}.md`, valid(validAgent(`valid-c${index}`)), "valid");
  await put(round, "valid.tsx", valid(validWorkflow("Valid")), "valid");
  return round;
}

interface Opened {
  report?: ChildReport;
  exit: string;
}

/**
 * Opens each round's folder in a child process, one after the other; a folder that hasn't
 * reported within the bound is a hang: the child is killed and the folders after it go on in a
 * new one.
 */
async function openInChildren(rounds: readonly Round[]): Promise<Map<Round, Opened>> {
  const opened = new Map<Round, Opened>();
  let todo = [...rounds];
  while (todo.length > 0) {
    const { reports, exit } = await openInChild(todo.map((round) => round.folder));
    for (const round of todo) {
      const report = reports.get(round.folder);
      if (report) opened.set(round, { report, exit });
    }
    const stuck = todo.find((round) => !opened.has(round));
    if (stuck) opened.set(stuck, { exit });
    todo = todo.filter((round) => !opened.has(round));
  }
  return opened;
}

function openInChild(folders: readonly string[]): Promise<{ reports: Map<string, ChildReport>; exit: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CHILD, ...folders], {
      // A valid agent's model has its key (none is sent: nothing runs), whatever this machine's environment holds.
      env: { ...process.env, NODE_OPTIONS: "", ANTHROPIC_API_KEY: "unused", OPENAI_API_KEY: "unused" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const reports = new Map<string, ChildReport>();
    // A report can be tens of megabytes (a file of 100,000 unknown keys warns 100,000 times): only
    // each new chunk is searched for the end of a line.
    let partial: string[] = [];
    let err = "";
    let deadline = setTimeout(() => child.kill("SIGKILL"), BOUND_PER_FOLDER_MS);
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      let start = 0;
      for (let newline = chunk.indexOf("\n"); newline >= 0; newline = chunk.indexOf("\n", start)) {
        const report = JSON.parse([...partial, chunk.slice(start, newline)].join("")) as ChildReport;
        partial = [];
        start = newline + 1;
        reports.set(report.folder, report);
        // Each folder gets the whole bound.
        clearTimeout(deadline);
        deadline = setTimeout(() => child.kill("SIGKILL"), BOUND_PER_FOLDER_MS);
      }
      partial.push(chunk.slice(start));
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (err = (err + chunk).slice(-4000)));
    child.on("close", (code, signal) => {
      clearTimeout(deadline);
      const exit = signal ? `killed at the ${BOUND_PER_FOLDER_MS} ms bound: a hang` : `exit code ${code}${code ? `: ${err.trim()}` : ""}`;
      resolve({ reports, exit });
    });
  });
}

type Rule = "settles" | "names its file" | "accounts for every file" | "loads the valid files";

interface Violation {
  rule: Rule;
  text: string;
}

/** Everything the round's report breaks of the invariant, each naming the file. */
function violations(round: Round, { report, exit }: Opened): Violation[] {
  const rel = (path: unknown) => (typeof path === "string" ? relative(round.folder, path) : JSON.stringify(path));
  const about = (file: Written) => `${rel(file.path)} [${file.mutations.join(", ") || "valid"}]`;
  if (!report) {
    const huge = round.files.filter((file) => file.mutations.some((m) => HUGE_KINDS.includes(m))).map(about);
    return [{ rule: "settles", text: `openProject never reported (${exit}); the folder's huge files: ${huge.join(", ") || "none"}` }];
  }
  if (report.threw !== undefined) return [{ rule: "settles", text: `openProject threw: ${report.threw}` }];
  const found: Violation[] = [];
  const byPath = new Map(round.files.map((file) => [file.path, file]));
  for (const problem of report.problems!) {
    const text = (what: string) => found.push({ rule: "names its file", text: `a ${problem.code} problem ${what}: ${problem.message}` });
    if (typeof problem.file !== "string") text("names no file");
    else if (!byPath.has(problem.file)) text(`names ${rel(problem.file)}, which is none of the files written`);
    for (const key of ["line", "column"] as const) {
      const value = problem[key];
      if (value !== undefined && !(Number.isInteger(value) && (value as number) >= 1)) text(`in ${rel(problem.file)} has the ${key} ${JSON.stringify(value)}, not a 1-based number`);
    }
  }
  for (const entry of report.entries!) {
    if (!byPath.has(entry.file)) found.push({ rule: "accounts for every file", text: `the entry ${entry.id} is from ${rel(entry.file)}, which is none of the files written` });
  }
  for (const file of round.files) {
    const loaded = report.entries!.some((entry) => entry.file === file.path);
    const named = report.problems!.filter((problem) => problem.file === file.path);
    const error = named.some((problem) => problem.severity === "error");
    if (file.role === "valid") {
      if (!loaded) found.push({ rule: "loads the valid files", text: `${about(file)} did not load: a broken file beside it hid it` });
      if (named.length > 0) found.push({ rule: "loads the valid files", text: `${about(file)} has problems: ${named.map((p) => `${p.code} ${p.message}`).join("; ")}` });
    } else if (file.mustFail && !error) {
      found.push({ rule: "accounts for every file", text: `${about(file)} can't load, yet no error names it${loaded ? " (it loaded)" : ""}` });
    } else if (!loaded && !error) {
      found.push({ rule: "accounts for every file", text: `${about(file)} neither loaded nor has an error naming it: it vanished` });
    }
  }
  return found.map((v) => ({ ...v, text: `${relative(tmpdir(), round.folder)}: ${v.text}` }));
}

describe.skipIf(!stripsTypes)(`opening folders of broken files (skipped below Node 22.18, which can't run the engine's .ts sources; this is ${process.version})`, () => {
  let found: Violation[] = [];
  const of = (rule: Rule) => found.filter((v) => v.rule === rule).map((v) => v.text);
  const context = `with JUNE_INVARIANT_SEED=${SEED} JUNE_INVARIANT_SCALE=${SCALE}`;

  beforeAll(async () => {
    const random = new Random(SEED);
    const huge = Array.from({ length: HUGE_FILES }, (_, i) => HUGE_KINDS[i % HUGE_KINDS.length]!);
    const rounds: Round[] = [];
    for (let i = 0; i < ROUNDS; i++) rounds.push(await filesRound(random.fork(), i, huge.filter((_, h) => h % ROUNDS === i)));
    for (let i = 0; i < CONFIG_ROUNDS; i++) rounds.push(await configRound(random.fork(), i));

    const opened = await openInChildren(rounds);
    found = rounds.flatMap((round) => violations(round, opened.get(round)!));
    const files = rounds.flatMap((round) => round.files);
    const count = (test: (file: Written) => boolean) => files.filter(test).length;
    const times = rounds.map((round) => opened.get(round)!.report?.ms.toFixed(0) ?? "never");
    console.log(
      `loader invariant: ${count((f) => f.path.endsWith(".md"))} agent files (${HUGE_FILES} huge), ${count((f) => f.path.endsWith(".tsx"))} workflow files, ` +
        `${CONFIG_ROUNDS} broken configs, seed ${SEED}, scale ${SCALE}, ${found.length} violations (folders opened in ${times.join(", ")} ms)`,
    );
  }, (BOUND_PER_FOLDER_MS + 5_000) * (ROUNDS + CONFIG_ROUNDS));

  it("openProject never throws and never hangs", () => {
    expect(of("settles"), context).toEqual([]);
  });

  it("every problem names one of the folder's files, at a 1-based line and column", () => {
    expect(of("names its file"), context).toEqual([]);
  });

  it("no file vanishes: each one that doesn't load has an error naming it", () => {
    expect(of("accounts for every file"), context).toEqual([]);
  });

  it("a valid agent and a valid workflow beside the broken files load, with no problems", () => {
    expect(of("loads the valid files"), context).toEqual([]);
  });
});
