import { EventEmitter } from "node:events";
import { describe, expect, it, vi } from "vitest";
import {
  EVENTS_CHANNEL,
  STUDIO_METHODS,
  type EventBatch,
  type ProjectSnapshot,
  type RequestOf,
  type ResponseMap,
  type Result,
  type StudioApi,
  type StudioEvent,
  type StudioMethod,
} from "../contract/index.ts";
import { connectClient, EncodedJson, type StudioService } from "../service/index.ts";
import { registerStudioIpc, type InvokeEvent, type IpcMainLike, type SenderContents } from "./studio-ipc.ts";

/** A StudioApi test double that records calls and can stream events like the service does. */
function studioDouble(overrides: Partial<StudioApi> = {}) {
  const calls: Array<{ method: StudioMethod; request: unknown }> = [];
  const log: StudioEvent[] = [];
  const listeners = new Set<(event: StudioEvent) => void>();
  const answer =
    <M extends StudioMethod>(method: M, value: ResponseMap[M]) =>
    async (request: RequestOf<M>): Promise<Result<ResponseMap[M]>> => {
      calls.push({ method, request });
      return { ok: true, value };
    };
  const snapshot = (folder: string): ProjectSnapshot => ({ folder, entries: [], problems: [], loadedAt: 1 });
  const api = {
    openFolder: async (request: RequestOf<"openFolder">) => {
      calls.push({ method: "openFolder", request });
      return { ok: true as const, value: snapshot(request.folder!) };
    },
    getProject: answer("getProject", null),
    trustFolder: answer("trustFolder", snapshot("/p")),
    startRun: answer("startRun", { runId: "run_1" }),
    pauseRun: answer("pauseRun", null),
    stepRun: answer("stepRun", null),
    continueRun: answer("continueRun", null),
    setBreakpoints: answer("setBreakpoints", null),
    getBreakpoints: answer("getBreakpoints", []),
    replayRun: answer("replayRun", { runId: "run_2" }),
    forkRun: answer("forkRun", { runId: "run_3" }),
    resumeRun: answer("resumeRun", { runId: "run_4" }),
    deleteRun: answer("deleteRun", null),
    exportRun: answer("exportRun", {
      format: "june-run",
      version: 1,
      run: { runId: "run_1", entryId: "e", name: "E", status: "succeeded", input: null, startedAt: 1, usage: { inputTokens: 0, outputTokens: 0, reasoningTokens: 0, cachedInputTokens: 0, totalTokens: 0 }, cost: { usd: 0, unpricedCalls: 0 } },
      events: [],
    }),
    approve: answer("approve", null),
    deny: answer("deny", null),
    abortRun: answer("abortRun", null),
    listRuns: answer("listRuns", []),
    getRunEvents: answer("getRunEvents", []),
    pendingApprovals: answer("pendingApprovals", []),
    approvalHistory: answer("approvalHistory", []),
    listMcpServers: answer("listMcpServers", []),
    mcpCatalog: answer("mcpCatalog", { server: "fs", resources: [], templates: [], prompts: [], notes: [] }),
    readMcpResource: answer("readMcpResource", []),
    getMcpPrompt: answer("getMcpPrompt", { messages: [] }),
    openInEditor: answer("openInEditor", null),
    readSource: answer("readSource", { file: "/p/a.tsx", relativePath: "a.tsx", text: "", language: "tsx", truncated: false, size: 0 }),
    getModelExchange: answer("getModelExchange", { recorded: false, reason: "not recorded" }),
    subscribe: answer("subscribe", { lastSeq: 0 }),
    ...overrides,
  } satisfies StudioApi;
  const service = {
    ...api,
    // What hosts answer getRunEvents with: the same events, as JSON text (StudioService's own).
    async getRunEventsJson(request: RequestOf<"getRunEvents">) {
      const events = await api.getRunEvents(request);
      return events.ok ? { ok: true as const, value: EncodedJson.of(events.value) } : events;
    },
    get lastSeq() {
      return log.length;
    },
    listen(afterSeq: number, listener: (event: StudioEvent) => void) {
      for (const event of log.slice(afterSeq)) listener(event);
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
  const emit = (folder: string) => {
    const event: StudioEvent = { seq: log.length + 1, type: "project-loading", folder };
    log.push(event);
    for (const listener of listeners) listener(event);
  };
  // connectClient is typed for the real service class; it uses only the StudioApi methods, getRunEventsJson, listen and lastSeq.
  return { calls, emit, service: service as unknown as StudioService };
}

class FakeIpcMain implements IpcMainLike {
  readonly handlers = new Map<string, (event: InvokeEvent, payload: unknown) => Promise<Result<unknown>>>();
  handle(channel: string, listener: (event: InvokeEvent, payload: unknown) => Promise<Result<unknown>>) {
    if (this.handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    this.handlers.set(channel, listener);
  }
  removeHandler(channel: string) {
    this.handlers.delete(channel);
  }
  invoke(channel: string, payload: unknown, event: InvokeEvent): Promise<Result<unknown>> {
    const handler = this.handlers.get(channel);
    if (!handler) throw new Error(`No handler registered for '${channel}'`);
    return handler(event, payload);
  }
}

class FakeContents extends EventEmitter implements SenderContents {
  static nextId = 1;
  readonly id = FakeContents.nextId++;
  readonly batches: EventBatch[] = [];
  destroyed = false;
  send(channel: string, batch: EventBatch) {
    expect(channel).toBe(EVENTS_CHANNEL);
    this.batches.push(batch);
  }
  isDestroyed() {
    return this.destroyed;
  }
  destroy() {
    this.destroyed = true;
    this.emit("destroyed");
  }
}

function setup(options: { overrides?: Partial<StudioApi>; chooseFolder?: () => Promise<string | null> } = {}) {
  const double = studioDouble(options.overrides);
  const ipcMain = new FakeIpcMain();
  const opened: string[] = [];
  const chooseFolder = vi.fn(options.chooseFolder ?? (async () => null));
  const dispose = registerStudioIpc({
    ipcMain,
    connect: (deliver) => connectClient(double.service, deliver),
    chooseFolder,
    onFolderOpened: (folder) => void opened.push(folder),
  });
  const window = new FakeContents();
  const from = (url: string | null, sender: FakeContents = window): InvokeEvent => ({ senderFrame: url === null ? null : { url }, sender });
  const trusted = from("app://studio/index.html");
  return { ...double, ipcMain, opened, chooseFolder, dispose, window, from, trusted };
}

describe("registerStudioIpc: one handler per contract method", () => {
  it("registers studio:<method> for exactly the contract's methods", () => {
    const { ipcMain } = setup();
    expect([...ipcMain.handlers.keys()].sort()).toEqual(STUDIO_METHODS.map((method) => `studio:${method}`).sort());
  });

  it("removes them all when disposed", () => {
    const { ipcMain, dispose } = setup();
    dispose();
    expect(ipcMain.handlers.size).toBe(0);
  });
});

describe("the sender check", () => {
  it.each([
    ["a web page", "https://evil.example/"],
    ["file://", "file:///opt/june/renderer/dist/index.html"],
    ["another app:// host", "app://other/index.html"],
    ["devtools", "devtools://devtools/bundled/inspector.html"],
  ])("refuses %s as data, before the payload or the service is touched", async (_why, url) => {
    const { ipcMain, from, calls } = setup();
    const result = await ipcMain.invoke("studio:startRun", { entryId: "workflow:a.tsx" }, from(url));
    expect(result).toMatchObject({ ok: false, error: { code: "STUDIO_UNTRUSTED_SENDER" } });
    expect(result.ok || result.error.message).toContain(JSON.stringify(url));
    expect(calls).toEqual([]);
  });

  it("refuses a frame that is gone", async () => {
    const { ipcMain, from, calls } = setup();
    const result = await ipcMain.invoke("studio:getProject", {}, from(null));
    expect(result).toMatchObject({ ok: false, error: { code: "STUDIO_UNTRUSTED_SENDER" } });
    expect(calls).toEqual([]);
  });
});

describe("the payload check", () => {
  it("answers a wrong type with an error naming the field, and the service never sees it", async () => {
    const { ipcMain, trusted, calls } = setup();
    const result = await ipcMain.invoke("studio:startRun", { entryId: 42 }, trusted);
    expect(result).toMatchObject({ ok: false, error: { code: "STUDIO_BAD_REQUEST" } });
    expect(result.ok || result.error.message).toMatch(/startRun.*entryId/);
    expect(calls).toEqual([]);
  });

  it("refuses a field the contract doesn't have, naming it", async () => {
    const { ipcMain, trusted, calls } = setup();
    const result = await ipcMain.invoke("studio:approve", { runId: "r", approvalId: "a", __proto__x: 1 }, trusted);
    expect(result.ok || result.error.message).toContain("__proto__x");
    expect(calls).toEqual([]);
  });

  it("refuses a payload that isn't an object", async () => {
    const { ipcMain, trusted } = setup();
    const result = await ipcMain.invoke("studio:subscribe", "0", trusted);
    expect(result).toMatchObject({ ok: false, error: { code: "STUDIO_BAD_REQUEST" } });
  });

  it("refuses a bad openFolder before any dialog opens", async () => {
    const { ipcMain, trusted, chooseFolder } = setup();
    const result = await ipcMain.invoke("studio:openFolder", { folder: 7 }, trusted);
    expect(result.ok || result.error.message).toContain("folder");
    expect(chooseFolder).not.toHaveBeenCalled();
  });
});

describe("a good request", () => {
  it("reaches the service with the parsed request, and its answer comes back", async () => {
    const { ipcMain, trusted, calls } = setup();
    const result = await ipcMain.invoke("studio:startRun", { entryId: "workflow:release.tsx", input: { version: "1.2.0" } }, trusted);
    expect(result).toEqual({ ok: true, value: { runId: "run_1" } });
    expect(calls).toEqual([{ method: "startRun", request: { entryId: "workflow:release.tsx", input: { version: "1.2.0" } } }]);
  });

  it("works for every method with its minimal request", async () => {
    const minimal: { [M in StudioMethod]: RequestOf<M> } = {
      openFolder: { folder: "/p" },
      getProject: {},
      trustFolder: { folder: "/p" },
      startRun: { entryId: "e" },
      pauseRun: { runId: "r" },
      stepRun: { runId: "r" },
      continueRun: { runId: "r" },
      setBreakpoints: { breakpoints: [{ kind: "tool", tool: "deploy" }] },
      getBreakpoints: {},
      replayRun: { runId: "r" },
      forkRun: { runId: "r", nodeId: "n3" },
      resumeRun: { runId: "r" },
      deleteRun: { runId: "r" },
      exportRun: { runId: "r" },
      approve: { runId: "r", approvalId: "a" },
      deny: { runId: "r", approvalId: "a", reason: "no" },
      abortRun: { runId: "r" },
      listRuns: {},
      getRunEvents: { runId: "r" },
      pendingApprovals: {},
      approvalHistory: {},
      listMcpServers: {},
      mcpCatalog: { server: "fs" },
      readMcpResource: { server: "fs", uri: "file:///notes.txt" },
      getMcpPrompt: { server: "fs", name: "summarize", arguments: { style: "short" } },
      openInEditor: { file: "/p/a.tsx", line: 3 },
      readSource: { file: "/p/a.tsx" },
      getModelExchange: { runId: "r", nodeId: "n4" },
      subscribe: { afterSeq: 0 },
    };
    const { ipcMain, trusted } = setup();
    for (const method of STUDIO_METHODS) {
      const result = await ipcMain.invoke(`studio:${method}`, minimal[method], trusted);
      expect(result.ok, method).toBe(true);
    }
  });
});

describe("errors cross as data, never as throws", () => {
  it("a service that throws becomes { ok: false } with the error's message", async () => {
    const { ipcMain, trusted } = setup({
      overrides: {
        listRuns: async () => {
          throw new Error("disk on fire");
        },
      },
    });
    const result = await ipcMain.invoke("studio:listRuns", {}, trusted);
    expect(result).toMatchObject({ ok: false, error: { code: "STUDIO_INTERNAL" } });
    expect(result.ok || result.error.message).toContain("disk on fire");
  });

  it("a throw that carries a code keeps it", async () => {
    const { ipcMain, trusted } = setup({
      overrides: {
        abortRun: async () => {
          throw Object.assign(new Error("gone"), { code: "JUNE_ABORTED" });
        },
      },
    });
    expect(await ipcMain.invoke("studio:abortRun", { runId: "r" }, trusted)).toMatchObject({ ok: false, error: { code: "JUNE_ABORTED" } });
  });

  it("a failing folder dialog becomes { ok: false }", async () => {
    const { ipcMain, trusted } = setup({
      chooseFolder: async () => {
        throw new Error("no display");
      },
    });
    const result = await ipcMain.invoke("studio:openFolder", {}, trusted);
    expect(result).toMatchObject({ ok: false, error: { code: "STUDIO_INTERNAL" } });
    expect(result.ok || result.error.message).toContain("no display");
  });

  it("an answer that isn't plain JSON crosses as plain JSON (as on the web host)", async () => {
    const { ipcMain, trusted } = setup({
      overrides: {
        getRunEvents: async () => ({ ok: true, value: [{ big: 10n, fn: () => 1 }] as never }),
      },
    });
    expect(await ipcMain.invoke("studio:getRunEvents", { runId: "r" }, trusted)).toEqual({ ok: true, value: [{ big: "10" }] });
  });
});

describe("openFolder in the desktop app", () => {
  it("without a folder asks with the native dialog and opens the chosen one", async () => {
    const { ipcMain, trusted, calls, opened, chooseFolder } = setup({ chooseFolder: async () => "/home/me/agents" });
    const result = await ipcMain.invoke("studio:openFolder", {}, trusted);
    expect(chooseFolder).toHaveBeenCalledOnce();
    expect(result).toMatchObject({ ok: true, value: { folder: "/home/me/agents" } });
    expect(calls).toEqual([{ method: "openFolder", request: { folder: "/home/me/agents" } }]);
    expect(opened).toEqual(["/home/me/agents"]);
  });

  it("a cancelled dialog is an error result that changes nothing", async () => {
    const { ipcMain, trusted, calls, opened } = setup({ chooseFolder: async () => null });
    expect(await ipcMain.invoke("studio:openFolder", {}, trusted)).toMatchObject({ ok: false, error: { code: "STUDIO_OPEN_CANCELLED" } });
    expect(calls).toEqual([]);
    expect(opened).toEqual([]);
  });

  it("with a folder opens it without a dialog", async () => {
    const { ipcMain, trusted, chooseFolder, opened } = setup();
    await ipcMain.invoke("studio:openFolder", { folder: "/srv/flows" }, trusted);
    expect(chooseFolder).not.toHaveBeenCalled();
    expect(opened).toEqual(["/srv/flows"]);
  });
});

describe("events: subscribe streams EventBatch objects on studio:events to that window", () => {
  it("sends what came after afterSeq, then each new event, in batches", async () => {
    const { ipcMain, trusted, window, emit } = setup();
    emit("/a");
    emit("/b");
    expect(await ipcMain.invoke("studio:subscribe", { afterSeq: 1 }, trusted)).toEqual({ ok: true, value: { lastSeq: 2 } });
    emit("/c");
    await vi.waitFor(() => expect(window.batches.flatMap((batch) => batch.events.map((event) => event.seq))).toEqual([2, 3]));
    expect(window.batches.every((batch) => Array.isArray(batch.events))).toBe(true);
  });

  it("each window gets its own stream, from its own seq", async () => {
    const { ipcMain, from, window, emit } = setup();
    const other = new FakeContents();
    emit("/a");
    await ipcMain.invoke("studio:subscribe", { afterSeq: 0 }, from("app://studio/index.html", window));
    await ipcMain.invoke("studio:subscribe", { afterSeq: 1 }, from("app://studio/index.html", other));
    emit("/b");
    await vi.waitFor(() => {
      expect(window.batches.flatMap((batch) => batch.events.map((event) => event.seq))).toEqual([1, 2]);
      expect(other.batches.flatMap((batch) => batch.events.map((event) => event.seq))).toEqual([2]);
    });
  });

  it("a window that untrusted code calls from gets nothing", async () => {
    const { ipcMain, from, window, emit } = setup();
    emit("/a");
    await ipcMain.invoke("studio:subscribe", { afterSeq: 0 }, from("https://evil.example/"));
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(window.batches).toEqual([]);
  });

  it("stops when the window is destroyed", async () => {
    const { ipcMain, trusted, window, emit } = setup();
    await ipcMain.invoke("studio:subscribe", { afterSeq: 0 }, trusted);
    window.destroy();
    emit("/late");
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(window.batches).toEqual([]);
  });
});
