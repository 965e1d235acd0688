// A test double of the contract's Bridge: answers from canned data, records every call, and lets
// a test push event batches as a host would. It `satisfies Bridge`, so it cannot drift from it.
import type { Bridge, EventBatch, ProjectSnapshot, RequestOf, ResponseMap, Result, StudioEvent, StudioMethod } from "../src/contract/index.ts";

type Answers = { [M in StudioMethod]?: (request: RequestOf<M>) => Result<ResponseMap[M]> };

export interface FakeBridge extends Bridge {
  calls: Array<{ method: StudioMethod | "onEvents"; request: unknown }>;
  callsOf<M extends StudioMethod>(method: M): RequestOf<M>[];
  /** Sends one batch to every listener, as a host does once per frame. */
  emit(events: StudioEvent[]): void;
  /** The `afterSeq` of each onEvents call, in order. */
  subscriptions: number[];
  answers: Answers;
}

const ok = <T>(value: T): Result<T> => ({ ok: true, value });

export function createFakeBridge(options: { host?: Bridge["host"]; project?: ProjectSnapshot | null; answers?: Answers } = {}): FakeBridge {
  const listeners = new Set<(batch: EventBatch) => void>();
  const calls: FakeBridge["calls"] = [];
  const subscriptions: number[] = [];
  const answers: Answers = {
    getProject: () => ok(options.project ?? null),
    trustFolder: () => (options.project ? ok({ ...options.project, trust: "trusted" as const }) : { ok: false, error: { code: "STUDIO_NO_PROJECT", message: "no folder" } }),
    openFolder: () => (options.project ? ok(options.project) : { ok: false, error: { code: "STUDIO_FOLDER_REQUIRED", message: "no folder" } }),
    startRun: () => ok({ runId: "run_new" }),
    pauseRun: () => ok(null),
    stepRun: () => ok(null),
    continueRun: () => ok(null),
    setBreakpoints: () => ok(null),
    getBreakpoints: () => ok([]),
    replayRun: () => ok({ runId: "run_replay" }),
    forkRun: () => ok({ runId: "run_fork" }),
    resumeRun: () => ok({ runId: "run_resume" }),
    deleteRun: () => ok(null),
    exportRun: ({ runId }) => ({ ok: false, error: { code: "FAKE_UNANSWERED", message: `the fake bridge has no export of ${runId}` } }),
    approve: () => ok(null),
    deny: () => ok(null),
    abortRun: () => ok(null),
    listRuns: () => ok([]),
    getRunEvents: () => ok([]),
    getModelExchange: ({ runId, nodeId }) => ok({ recorded: false as const, reason: `The fake bridge kept no raw bodies of ${runId} ${nodeId}.` }),
    pendingApprovals: () => ok([]),
    approvalHistory: () => ok([]),
    listMcpServers: () => ok([]),
    mcpCatalog: ({ server }) => ok({ server, resources: [], templates: [], prompts: [], notes: [] }),
    readMcpResource: () => ok([]),
    getMcpPrompt: () => ok({ messages: [] }),
    openInEditor: () => ok(null),
    readSource: ({ file }) => ok({ file, relativePath: file.replace(/^\/project\//, ""), text: "", language: "text" as const, truncated: false, size: 0 }),
    subscribe: () => ok({ lastSeq: 0 }),
    ...options.answers,
  };

  const method =
    <M extends StudioMethod>(name: M) =>
    async (request: RequestOf<M>): Promise<Result<ResponseMap[M]>> => {
      calls.push({ method: name, request });
      const answer = answers[name] as ((request: RequestOf<M>) => Result<ResponseMap[M]>) | undefined;
      return answer ? answer(request) : { ok: false, error: { code: "FAKE_UNANSWERED", message: `the fake bridge has no answer for ${name}` } };
    };

  const bridge = {
    host: options.host ?? "web",
    openFolder: method("openFolder"),
    getProject: method("getProject"),
    trustFolder: method("trustFolder"),
    startRun: method("startRun"),
    pauseRun: method("pauseRun"),
    stepRun: method("stepRun"),
    continueRun: method("continueRun"),
    setBreakpoints: method("setBreakpoints"),
    getBreakpoints: method("getBreakpoints"),
    replayRun: method("replayRun"),
    forkRun: method("forkRun"),
    resumeRun: method("resumeRun"),
    deleteRun: method("deleteRun"),
    exportRun: method("exportRun"),
    approve: method("approve"),
    deny: method("deny"),
    abortRun: method("abortRun"),
    listRuns: method("listRuns"),
    getRunEvents: method("getRunEvents"),
    getModelExchange: method("getModelExchange"),
    pendingApprovals: method("pendingApprovals"),
    approvalHistory: method("approvalHistory"),
    listMcpServers: method("listMcpServers"),
    mcpCatalog: method("mcpCatalog"),
    readMcpResource: method("readMcpResource"),
    getMcpPrompt: method("getMcpPrompt"),
    openInEditor: method("openInEditor"),
    readSource: method("readSource"),
    subscribe: method("subscribe"),
    onEvents(afterSeq: number, listener: (batch: EventBatch) => void) {
      calls.push({ method: "onEvents", request: { afterSeq } });
      subscriptions.push(afterSeq);
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  } satisfies Bridge;

  return Object.assign(bridge, {
    calls,
    subscriptions,
    answers,
    callsOf<M extends StudioMethod>(name: M) {
      return calls.filter((c) => c.method === name).map((c) => c.request as RequestOf<M>);
    },
    emit(events: StudioEvent[]) {
      for (const listener of [...listeners]) listener({ events });
    },
  });
}
