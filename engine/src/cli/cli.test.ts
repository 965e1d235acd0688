// `june run` end to end: the real launcher (bin/june.js) spawned on this Node, running the spec's
// example programs offline on their scripts, answering approvals through piped stdin, and every
// way a run or a command can end, judged by exit code, stdout and stderr.
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it, vi } from "vitest";
import { buildTrace, type TraceEvent, type TraceNode } from "june";

const ENGINE = fileURLToPath(new URL("../../", import.meta.url));
// Each test starts Node, loads June and bundles a workflow: seconds each on a busy machine.
vi.setConfig({ testTimeout: 60_000 });
const EXAMPLES = "test/spec-examples";

interface Outcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** A running `june` whose output can be awaited as it arrives. */
interface Running {
  child: ChildProcessWithoutNullStreams;
  output: { stdout: string; stderr: string };
  /** Resolves once stderr or stdout contains `text`. */
  waitFor(text: string): Promise<void>;
  done: Promise<Outcome>;
}

function start(args: string[], env: Record<string, string> = {}): Running {
  const child = spawn(process.execPath, ["bin/june.js", ...args], { cwd: ENGINE, env: { ...process.env, ...env } });
  const output = { stdout: "", stderr: "" };
  const waiters: { text: string; resolve: () => void }[] = [];
  const check = () => {
    for (const waiter of [...waiters]) {
      if (output.stdout.includes(waiter.text) || output.stderr.includes(waiter.text)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  };
  child.stdout.on("data", (chunk: Buffer) => {
    output.stdout += chunk.toString("utf8");
    check();
  });
  child.stderr.on("data", (chunk: Buffer) => {
    output.stderr += chunk.toString("utf8");
    check();
  });
  const done = new Promise<Outcome>((resolve) => child.on("close", (code) => resolve({ code, ...output })));
  return {
    child,
    output,
    waitFor: (text) =>
      new Promise<void>((resolve, reject) => {
        waiters.push({ text, resolve });
        check();
        void done.then(() => reject(new Error(`june exited before printing ${JSON.stringify(text)}:\n${output.stdout}\n${output.stderr}`)));
      }),
    done,
  };
}

/** Runs `june` to the end; `stdin` is piped in and then closed. */
function june(args: string[], options: { stdin?: string; env?: Record<string, string> } = {}): Promise<Outcome> {
  const running = start(args, options.env);
  running.child.stdin.end(options.stdin ?? "");
  return running.done;
}

function runExample(name: string, ...flags: string[]): string[] {
  return ["run", `${EXAMPLES}/${name}.tsx`, "--script", `${EXAMPLES}/${name}.script.json`, ...flags];
}

function* nodes(node: TraceNode): Generator<TraceNode> {
  yield node;
  for (const child of node.children) yield* nodes(child);
}

const OLD_NODE_CANDIDATES = ["/usr/bin/node", "/usr/local/bin/node"];

function findOldNode(): string | undefined {
  for (const candidate of OLD_NODE_CANDIDATES) {
    const result = spawnSync(candidate, ["--version"], { encoding: "utf8" });
    const major = Number(/^v(\d+)/.exec(result.stdout ?? "")?.[1]);
    if (result.status === 0 && major < 22) return candidate;
  }
  return undefined;
}

/** Every spec example, its run's name, and the tools its script makes it call. */
const EXAMPLE_RUNS = [
  { name: "release", run: "Release", tools: ["deploy"], approvals: ["deploy"] },
  { name: "nested", run: "Nested", tools: ["search"], approvals: [] },
  { name: "fix", run: "Fix", tools: ["deploy"], approvals: ["deploy"] },
  // Its only step can reach nothing but readFile, which needs Bun, so it answers in text.
  { name: "summarize", run: "Summarize", tools: [], approvals: [] },
  { name: "triage", run: "Triage", tools: ["github_search", "docs_search", "github_close"], approvals: ["github_close"] },
  { name: "report", run: "Report", tools: ["research", "search"], approvals: [] },
  { name: "article", run: "Article", tools: ["researcher", "search"], approvals: [] },
];

describe("every spec example runs offline on its script with --yes", () => {
  for (const example of EXAMPLE_RUNS) {
    it(`${example.name}.tsx: exits 0, shows its tool calls, approvals and usage`, async () => {
      const { code, stdout, stderr } = await june(runExample(example.name, "--yes"));
      expect(code, stderr).toBe(0);
      expect(stdout).toContain(`▶ run ${example.run}`);
      expect(stdout).toMatch(new RegExp(`^✓ run ${example.run} succeeded · \\d+(ms|\\.\\ds) · \\d+ tokens$`, "m"));
      for (const tool of example.tools) {
        expect(stdout).toMatch(new RegExp(`→ tool ${tool} \\{`));
        expect(stdout).toMatch(new RegExp(`✓ tool ${tool} succeeded · .* → `));
      }
      for (const tool of example.approvals) {
        expect(stderr).toContain(`✓ approved ${tool} automatically (--yes)`);
        expect(stdout).toContain(`✓ approved ${tool}`);
      }
      expect(stdout).toMatch(/^usage \(tokens\) +input +output +reasoning +cached +total$/m);
      expect(stdout).toMatch(new RegExp(`^run ${example.run} +\\d+ +\\d+ +0 +0 +[1-9]\\d*$`, "m"));
      expect(stdout).toMatch(new RegExp(`^  agent ${example.run} +\\d+`, "m"));
      expect(stdout).toMatch(/^✓ succeeded in /m);
      expect(stdout).not.toContain("failed");
    });
  }
});

describe("--input", () => {
  it("its JSON object is the props of the default export, and the run's input", async () => {
    const { code, stdout, stderr } = await june([
      "run",
      "src/cli/fixtures/greet.tsx",
      "--input",
      '{"name":"Ada"}',
      "--script",
      "src/cli/fixtures/greet.script.json",
    ]);
    expect(code, stderr).toBe(0);
    expect(stdout).toContain('▶ run Greet {"name":"Ada"}');
    expect(stdout).toContain('▸ step greet "Greet Ada"');
  });
});

describe("approvals without --yes", () => {
  it("shows the tool, its input, the agent and the step on stderr, and runs the tool on y", async () => {
    const { code, stdout, stderr } = await june(runExample("release"), { stdin: "y\n" });
    expect(code, stderr).toBe(0);
    expect(stderr).toContain("? deploy asks for approval");
    expect(stderr).toContain("  agent    Release");
    expect(stderr).toContain("  step     release");
    expect(stderr).toContain('"env": "staging"');
    expect(stderr).toContain("[y]es, [n]o, [a]ll from now on: y");
    expect(stdout).toContain("✓ approved deploy");
    expect(stdout).toContain('✓ tool deploy succeeded · ');
    expect(stdout).toContain('→ "Deployed to staging"');
  });

  it("says when the tool runs its commands without a sandbox, and why", async () => {
    const { code, stderr } = await june(["run", "src/cli/fixtures/unsandboxed.tsx"], { stdin: "n\n\n" });
    expect(code, stderr).toBe(0);
    expect(stderr).toContain("? bash asks for approval");
    expect(stderr).toContain("  sandbox  none: sandbox.enabled is false");
  });

  it("shows no sandbox line for a tool that runs no programs", async () => {
    const { stderr } = await june(runExample("release"), { stdin: "y\n" });
    expect(stderr).not.toContain("  sandbox  ");
  });

  it("n then a reason denies the call: the tool never runs and the run reports the denial", async () => {
    const { code, stdout, stderr } = await june(runExample("release"), { stdin: "n\nnot on a Friday\n" });
    expect(code, stderr).toBe(0);
    expect(stderr).toContain("Reason for the model (optional, Enter to skip): not on a Friday");
    expect(stdout).toContain("✗ denied deploy: not on a Friday");
    expect(stdout).not.toContain("→ tool deploy");
  });

  it("a answers this request and every later one", async () => {
    const { code, stdout, stderr } = await june(runExample("triage"), { stdin: "what?\na\n" });
    expect(code, stderr).toBe(0);
    expect(stderr).toContain("Please answer y (approve), n (deny) or a (approve all): a");
    expect(stdout).toContain("✓ tool github_close succeeded");
  });

  it("when stdin ends with a request pending, it is denied with the reason", async () => {
    const { code, stdout, stderr } = await june(runExample("release"), { stdin: "" });
    expect(code, stderr).toBe(0);
    expect(stderr).toContain("✗ denied deploy: no answer (stdin closed)");
    expect(stdout).toContain("✗ denied deploy: no answer (stdin closed)");
  });
});

describe("--json", () => {
  it("prints only JSON lines on stdout, one per event, that rebuild the run's tree", async () => {
    const { code, stdout, stderr } = await june(runExample("report", "--json"));
    expect(code, stderr).toBe(0);
    const lines = stdout.trimEnd().split("\n");
    const events = lines.map((line) => JSON.parse(line) as TraceEvent);
    expect(events.map((event) => event.seq)).toEqual(events.map((_, i) => i + 1));
    expect(new Set(events.map((event) => event.runId)).size).toBe(1);
    const tree = buildTrace(events)!;
    expect(tree).toMatchObject({ kind: "run", name: "Report", status: "succeeded" });
    const calls = [...nodes(tree)].filter((node) => node.kind === "tool-call").map((node) => node.name);
    expect(calls).toEqual(["research", "search"]);
    expect(tree.usage.totalTokens).toBeGreaterThan(0);
    // The summary is still there for a person, on stderr.
    expect(stderr).toMatch(new RegExp(`^run Report +${tree.usage.inputTokens} +${tree.usage.outputTokens} .* ${tree.usage.totalTokens}$`, "m"));
  });

  it("still asks for approval on stderr and records the decision as events", async () => {
    const { code, stdout, stderr } = await june(runExample("release", "--json"), { stdin: "n\nno deploys today\n" });
    expect(code, stderr).toBe(0);
    expect(stderr).toContain("? deploy asks for approval");
    const events = stdout.trimEnd().split("\n").map((line) => JSON.parse(line) as TraceEvent);
    expect(events.find((event) => event.type === "approval-resolved")).toMatchObject({ approved: false, reason: "no deploys today" });
  });
});

describe("--replay", () => {
  const timeless = (node: TraceNode): unknown => {
    const { startedAt: _s, endedAt: _e, children, ...rest } = node;
    return { ...rest, children: children.map(timeless) };
  };

  it("runs again from a record with no model at all (no --script, no key) and the same tree", async () => {
    const first = await june(runExample("report", "--json"));
    expect(first.code, first.stderr).toBe(0);
    const record = join(mkdtempSync(join(tmpdir(), "june-replay-")), "run.jsonl");
    writeFileSync(record, first.stdout);
    const env = { OPENAI_API_KEY: "", ANTHROPIC_API_KEY: "" };
    const again = await june(["run", `${EXAMPLES}/report.tsx`, "--replay", record, "--json"], { env });
    expect(again.code, again.stderr).toBe(0);
    const events = again.stdout.trimEnd().split("\n").map((line) => JSON.parse(line) as TraceEvent);
    const recorded = first.stdout.trimEnd().split("\n").map((line) => JSON.parse(line) as TraceEvent);
    expect(timeless(buildTrace(events)!)).toEqual(timeless(buildTrace(recorded)!));
    expect(events.some((event) => event.type === "replayed")).toBe(true);
  });

  it("says what is wrong with a missing record or a fork point that isn't a model call (exit 2)", async () => {
    const missing = await june(["run", `${EXAMPLES}/report.tsx`, "--replay", "nope.jsonl"]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("can't read the --replay record nope.jsonl: there is no such file");
    const first = await june(runExample("report", "--json"));
    const record = join(mkdtempSync(join(tmpdir(), "june-replay-")), "run.jsonl");
    writeFileSync(record, first.stdout);
    const badFork = await june(["run", `${EXAMPLES}/report.tsx`, "--replay", record, "--fork-at", "n1"]);
    expect(badFork.code).toBe(2);
    expect(badFork.stderr).toContain("fork from a model-call node");
    const forkAlone = await june(["run", `${EXAMPLES}/report.tsx`, "--fork-at", "n4"]);
    expect(forkAlone.code).toBe(2);
    expect(forkAlone.stderr).toContain("--fork-at needs the run it forks");
  });
});

describe("how a run ends", () => {
  it("a failing run exits 1 and shows the error's code (a script that runs out of responses)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "june-cli-"));
    const script = join(dir, "short.json");
    // The outer step gets its answer; the inner agent's step finds the script empty.
    writeFileSync(script, JSON.stringify([{ text: "package.json lists three dependencies." }]));
    const { code, stdout } = await june(["run", `${EXAMPLES}/nested.tsx`, "--script", script]);
    expect(code).toBe(1);
    expect(stdout).toContain("JUNE_SCRIPT_EXHAUSTED: june: the call to scripted failed: scripted model");
    expect(stdout).toContain("✓ step outer succeeded");
    expect(stdout).toMatch(/^✗ run Nested failed/m);
    expect(stdout).toMatch(/^✗ failed in /m);
  });

  it("Ctrl-C while an approval waits aborts the run and exits 130", async () => {
    const running = start(runExample("release"));
    await running.waitFor("[y]es, [n]o, [a]ll from now on: ");
    running.child.kill("SIGINT");
    const { code, stdout, stderr } = await running.done;
    expect(code).toBe(130);
    expect(stderr).toContain("Ctrl-C: aborting the run…");
    expect(stdout).toMatch(/^■ run Release aborted/m);
    expect(stdout).toContain("JUNE_ABORTED: june: the run was aborted: interrupted (Ctrl-C)");
    expect(stdout).not.toContain("→ tool deploy");
  });
});

describe("mistakes a user makes exit 2 with what to do", () => {
  it("a workflow with a syntax error names its file:line:column", async () => {
    const { code, stdout, stderr } = await june(["run", "src/cli/fixtures/syntax-error.jsx"]);
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toMatch(/src\/cli\/fixtures\/syntax-error\.jsx:9:\d+: Unexpected closing "Agnt" tag/);
    expect(stderr).toContain("Fix the workflow file and run june again. [JUNE_LOAD_FAILED]");
  });

  it("a file that doesn't exist", async () => {
    const { code, stderr } = await june(["run", "flows/nope.tsx"]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/^june run: there is no file flows\/nope\.tsx \(looked for .*flows\/nope\.tsx\)\. Check the path/);
  });

  it("a missing file argument, an unknown flag, bad --input and a bad --script", async () => {
    const results = await Promise.all([
      june(["run"]),
      june(["run", `${EXAMPLES}/release.tsx`, "--fast"]),
      june(["run", `${EXAMPLES}/release.tsx`, "--input", "{topic: x}"]),
      june(["run", `${EXAMPLES}/release.tsx`, "--script", "missing.json"]),
    ]);
    expect(results.map((r) => r.code)).toEqual([2, 2, 2, 2]);
    expect(results[0]!.stderr).toContain("june run: missing the workflow file.");
    expect(results[1]!.stderr).toContain("june run: unknown option --fast. See june run --help");
    expect(results[2]!.stderr).toMatch(/^june run: --input is not valid JSON \(.*\)\. Pass the props .* e\.g\. --input '\{"topic":"Suspense"\}'/);
    expect(results[3]!.stderr).toMatch(/^june run: can't read the --script file .*missing\.json: there is no such file/);
    for (const r of results) expect(r.stdout).toBe("");
  });

  it("a file without a default export", async () => {
    const { code, stderr } = await june(["run", `${EXAMPLES}/bun.d.ts`]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/bun\.d\.ts has no default export\. june run renders the file's default export/);
  });
});

describe("help", () => {
  it("june --help and june run --help print usage and exit 0", async () => {
    const [main, run] = await Promise.all([june(["--help"]), june(["run", "--help"])]);
    expect(main.code).toBe(0);
    expect(main.stdout).toMatch(/^Usage: june <command> \[options\]/);
    expect(main.stdout).toContain("run <file.tsx>");
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Usage: june run <file\.tsx> \[--input JSON\] \[--yes\] \[--json\] \[--script responses\.json\]/);
    expect(run.stdout).toContain("Exit codes: 0 succeeded, 1 failed, 2 usage or load error, 130 aborted.");
  });
});

describe("the launcher", () => {
  it("hides Node's notice that running TypeScript is experimental, and only that warning", async () => {
    const { code, stderr } = await june(["run", "src/cli/fixtures/warns.tsx", "--script", `${EXAMPLES}/summarize.script.json`], {
      // Makes Node announce "Transform Types is an experimental feature" as it loads June's sources.
      env: { NODE_OPTIONS: "--experimental-transform-types" },
    });
    expect(code, stderr).toBe(0);
    expect(stderr).not.toContain("ExperimentalWarning");
    expect(stderr).toContain("DeprecationWarning: the workflow's own warning");
  });

  const oldNode = findOldNode();
  it.skipIf(oldNode === undefined)(
    `on Node older than 22 says June needs Node ≥ 22 (skipped when no such node is at ${OLD_NODE_CANDIDATES.join(", ")})`,
    () => {
      const result = spawnSync(oldNode!, ["bin/june.js", "--help"], { cwd: ENGINE, encoding: "utf8" });
      expect(result.status).toBe(2);
      expect(result.stderr).toMatch(/^june: June needs Node ≥ 22 .*this is Node \d+\./);
      expect(result.stderr).toContain("npm");
    },
  );
});
