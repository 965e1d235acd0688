// A real project folder for tests of the service and its hosts: workflows on `scripted` models
// (real AI SDK models that play back responses), one asking for approval, one streaming long text.
import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { StudioEvent } from "../contract/index.ts";
import { StudioService, type StudioServiceOptions } from "./studio-service.ts";

export const DEPLOY_FLOW = `import { tool } from "ai";
import { z } from "zod";
import { Agent, Step, Tool } from "june";
import { scripted } from "june/sdk/scripted";

const deploy = tool({
  description: "Deploy to an environment",
  inputSchema: z.object({ env: z.string() }),
  needsApproval: true,
  execute: async ({ env }) => "deployed to " + env,
});

export default function Deploy({ env = "staging" }: { env?: string }) {
  const model = scripted([
    { toolCalls: [{ toolName: "deploy", input: { env } }] },
    (call) => {
      const last = JSON.stringify(call.prompt.at(-1));
      return { text: last.includes("deployed to") ? "shipped " + env : "not shipped " + env };
    },
  ]);
  return (
    <Agent model={model}>
      <Tool name="deploy" value={deploy} />
      <Step id="ship" prompt={"Deploy to " + env} />
    </Agent>
  );
}
`;

/** Streams `words` words of text, one text delta each. */
export const longFlow = (words: number) => `import { Agent, Step } from "june";
import { scripted } from "june/sdk/scripted";

export default function Long() {
  const text = Array.from({ length: ${words} }, (_, i) => "word" + i).join(" ");
  return (
    <Agent model={scripted([{ text }])}>
      <Step id="write" prompt="Write at length" />
    </Agent>
  );
}
`;

/**
 * A run of many events nothing coalesces: `turns` model calls, each calling a tool (a run worker
 * sends a model's streamed text a frame at a time, so a long text alone is a handful of events).
 */
export const chattyFlow = (turns: number) => `import { tool, stepCountIs } from "ai";
import { z } from "zod";
import { Agent, Step, Tool } from "june";
import { scripted } from "june/sdk/scripted";

const noop = tool({ description: "noop", inputSchema: z.object({ i: z.number() }), execute: async ({ i }) => i });

export default function Chatty() {
  const turns = Array.from({ length: ${turns} }, (_, i) => ({ toolCalls: [{ toolName: "noop", input: { i } }] }));
  return (
    <Agent model={scripted([...turns, { text: "done" }])} stopWhen={stepCountIs(${turns + 1})}>
      <Tool name="noop" value={noop} />
      <Step id="work" prompt="Work" />
    </Agent>
  );
}
`;

export const HELLO_FLOW = `import { Agent, Step } from "june";
import { scripted } from "june/sdk/scripted";

export default function Hello({ name = "you" }: { name?: string }) {
  return (
    <Agent model={scripted([{ text: "hello " + name }])}>
      <Step id="greet" prompt={"Greet " + name} />
    </Agent>
  );
}
`;

/**
 * Deploys after approval, like DEPLOY_FLOW, but notes every model call and tool execution in
 * the file `log` names (one line each), so a test sees what ran live and what came from a record.
 * Its model decides from the prompt, so a call answered live after replayed ones still fits.
 */
export const COUNTED_FLOW = `import { appendFileSync } from "node:fs";
import { tool } from "ai";
import { z } from "zod";
import { Agent, Step, Tool } from "june";
import { scripted } from "june/sdk/scripted";

export default function Counted({ log, env = "staging" }: { log?: string; env?: string }) {
  const note = (what: string) => {
    if (log) appendFileSync(log, what + "\\n");
  };
  const deploy = tool({
    description: "Deploy to an environment",
    inputSchema: z.object({ env: z.string() }),
    needsApproval: true,
    execute: async ({ env }) => {
      note("deploy " + env);
      return "deployed to " + env;
    },
  });
  const model = scripted((call) => {
    const last = call.prompt.at(-1);
    if (last?.role !== "tool") {
      note("model: plan");
      return { toolCalls: [{ toolName: "deploy", input: { env } }] };
    }
    note("model: report");
    return { text: JSON.stringify(last).includes("deployed to") ? "shipped " + env : "not shipped " + env };
  });
  return (
    <Agent model={model}>
      <Tool name="deploy" value={deploy} />
      <Step id="ship" prompt={"Deploy to " + env} />
    </Agent>
  );
}
`;

/**
 * A config pricing the scripted models ($1 per million input tokens, $2 per million output) and
 * resolving any `test:<name>` model reference to a scripted model answering "forked with <ref>".
 */
export const PRICED_CONFIG = (extra = "") => `import { defineConfig } from "june";
import { scripted } from "june/sdk/scripted";

export default defineConfig({
  prices: { scripted: { input: 1, output: 2 } },
  models: (ref) => scripted(() => ({ text: "forked with " + ref }), { modelId: ref }),
  ${extra}
});
`;

export interface ProjectFixture {
  folder: string;
  write(rel: string, text: string): Promise<string>;
  remove(): Promise<void>;
}

/** A temp folder holding `files` (relative path → text). */
export async function makeProject(files: Record<string, string>): Promise<ProjectFixture> {
  const folder = await mkdtemp(join(tmpdir(), "june-studio-"));
  const write = async (rel: string, text: string) => {
    const path = join(folder, rel);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, text);
    return path;
  };
  for (const [rel, text] of Object.entries(files)) await write(rel, text);
  return { folder, write, remove: () => rm(folder, { recursive: true, force: true }) };
}

/**
 * A StudioService (logging nowhere unless `options` say otherwise) opened on `folder`. Throws,
 * naming the folder and the service's error code, when the folder does not open.
 */
export async function openService(folder: string, options: StudioServiceOptions = {}): Promise<StudioService> {
  const service = new StudioService({ log: () => {}, ...options });
  const opened = await service.openFolder({ folder });
  if (opened.ok) return service;
  await service.close();
  throw new Error(`${folder} did not open: ${opened.error.code}: ${opened.error.message}`);
}

/**
 * The first event after `afterSeq` that `matches`, kept or still to come. A snapshot (the log let
 * go of those events: a run ended since) counts as the run-ended and approval-requested events of
 * what it holds, so a run that ended before the caller listened is still found.
 */
export function nextEvent<T extends StudioEvent = StudioEvent>(
  service: StudioService,
  matches: (event: StudioEvent) => boolean,
  afterSeq = 0,
): Promise<T> {
  return new Promise((resolve) => {
    let done = false;
    let stop: (() => void) | undefined;
    // eslint-disable-next-line prefer-const -- the listener may run (and unsubscribe) before listen() returns
    stop = service.listen(afterSeq, (event) => {
      if (done) return;
      const found = [event, ...standsFor(event)].find(matches);
      if (!found) return;
      done = true;
      resolve(found as T);
      queueMicrotask(() => stop?.());
    });
    if (done) stop();
  });
}

function standsFor(event: StudioEvent): StudioEvent[] {
  if (event.type !== "snapshot") return [];
  const { seq, snapshot } = event;
  return [
    ...snapshot.runs.filter((r) => r.run.status !== "running").map((r): StudioEvent => ({ seq, type: "run-ended", run: r.run })),
    ...snapshot.pending.map((approval): StudioEvent => ({ seq, type: "approval-requested", approval })),
  ];
}

/** Events of one run ending: resolves with its run-ended event. */
export function runEnded(service: StudioService, runId: string) {
  return nextEvent<Extract<StudioEvent, { type: "run-ended" }>>(service, (e) => e.type === "run-ended" && e.run.runId === runId);
}

/** Resolves once `count` approvals are pending in the inbox. */
export function approvalsRequested(service: StudioService, count: number) {
  let seen = 0;
  return nextEvent(service, (e) => e.type === "approval-requested" && ++seen === count);
}
