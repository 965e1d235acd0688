// Runs the BUILT main bundle (dist/main.cjs) in plain Node with a stand-in for the `electron`
// module, because the Electron binary can't be downloaded here. The stand-in records what main
// asks of Electron (scheme privileges, sandbox, window options, menu, handlers) and then drives
// it like a window would: requests on `studio:` channels from a trusted and an untrusted frame,
// and a page load through the `app://` handler. It prints one JSON report on stdout and exits.
//
// Usage: node stand-in-electron.test-support.ts <main.cjs> <user-data dir> [folder on the command line [entry to run]]
import { EventEmitter } from "node:events";
import Module, { createRequire } from "node:module";

const [mainBundle, userData, folderArg, entryToRun] = process.argv.slice(2);
if (mainBundle === undefined || userData === undefined) throw new Error("usage: stand-in-electron <main.cjs> <user-data dir> [folder]");

type Listener = (...args: any[]) => unknown;
const report: Record<string, unknown> = { calls: [] as string[] };
const calls = report.calls as string[];
const handlers = new Map<string, Listener>();
let protocolHandler: ((request: Request) => Promise<Response>) | undefined;
let readyResolve!: () => void;
const ready = new Promise<void>((resolve) => (readyResolve = resolve));
let quitRequested = false;

const app = Object.assign(new EventEmitter(), {
  isPackaged: false,
  enableSandbox: () => void calls.push("app.enableSandbox"),
  setName: (name: string) => void (report.name = name),
  setPath: (name: string, path: string) => void (report[`path:${name}`] = path),
  getPath: (name: string) => (name === "userData" ? String(report["path:userData"]) : `${userData}/${name}`),
  requestSingleInstanceLock: () => (calls.push("app.requestSingleInstanceLock"), true),
  whenReady: () => ready,
  isReady: () => true,
  addRecentDocument: (path: string) => void calls.push(`app.addRecentDocument ${path}`),
  quit: () => {
    quitRequested = true;
    // The way Electron quits: will-quit, which main may hold off (it closes the service first).
    const event = { defaultPrevented: false, preventDefault() { this.defaultPrevented = true; } };
    app.emit("will-quit", event);
    if (!event.defaultPrevented) finish();
  },
});

class WebContents extends EventEmitter {
  static nextId = 1;
  readonly id = WebContents.nextId++;
  readonly session = session.defaultSession;
  readonly sent: unknown[] = [];
  windowOpenHandler: Listener | undefined;
  send(channel: string, batch: unknown) { this.sent.push({ channel, batch }); }
  isDestroyed() { return false; }
  setWindowOpenHandler(handler: Listener) { this.windowOpenHandler = handler; }
  reload() { calls.push("webContents.reload"); }
}

class BrowserWindow extends EventEmitter {
  static all: BrowserWindow[] = [];
  static getAllWindows() { return BrowserWindow.all; }
  readonly webContents = new WebContents();
  readonly options: unknown;
  constructor(options: unknown) {
    super();
    this.options = options;
    BrowserWindow.all.push(this);
    report.windowOptions = options;
    app.emit("web-contents-created", {}, this.webContents);
  }
  async loadURL(url: string) { report.loadURL = url; }
  show() { calls.push("window.show"); }
  isDestroyed() { return false; }
  isMinimized() { return false; }
  focus() {}
  restore() {}
}

const permissionHandlers: Record<string, Listener> = {};
const session = {
  defaultSession: {
    setPermissionRequestHandler: (handler: Listener) => void (permissionHandlers.request = handler),
    setPermissionCheckHandler: (handler: Listener) => void (permissionHandlers.check = handler),
    setDevicePermissionHandler: (handler: Listener) => void (permissionHandlers.device = handler),
  },
};

const electron = {
  app,
  BrowserWindow,
  session,
  protocol: {
    registerSchemesAsPrivileged: (schemes: unknown) => void (report.privilegedSchemes = schemes),
    handle: (scheme: string, handler: (request: Request) => Promise<Response>) => {
      report.protocolScheme = scheme;
      protocolHandler = handler;
    },
  },
  ipcMain: {
    handle: (channel: string, listener: Listener) => void handlers.set(channel, listener),
    removeHandler: (channel: string) => void handlers.delete(channel),
  },
  Menu: {
    buildFromTemplate: (template: unknown) => template,
    setApplicationMenu: (menu: unknown) => void (report.menu = JSON.parse(JSON.stringify(menu))),
  },
  dialog: {
    showOpenDialog: async () => ({ canceled: true, filePaths: [] }),
    showMessageBox: async (...args: unknown[]) => void calls.push(`dialog.showMessageBox ${JSON.stringify(args.at(-1))}`),
  },
  shell: { openExternal: async (url: string) => void calls.push(`shell.openExternal ${url}`) },
};

// `require("electron")` from the bundle answers the stand-in; the real package (which would try
// to download the binary) is never loaded, and a packaged layout, which has none, works too.
const STAND_IN = "/virtual/electron-stand-in.cjs";
const loader = Module as unknown as { _resolveFilename(request: string, ...rest: unknown[]): string };
const resolveFilename = loader._resolveFilename;
loader._resolveFilename = function (request: string, ...rest: unknown[]) {
  return request === "electron" ? STAND_IN : resolveFilename.call(this, request, ...rest);
};
const require = createRequire(mainBundle);
const stub = new Module(STAND_IN);
stub.exports = electron;
stub.loaded = true;
require.cache[STAND_IN] = stub;

// As a packaged app sees it: [executable, folder?]; `process.defaultApp` is unset.
process.argv = [process.execPath, ...(folderArg === undefined ? [] : [folderArg])];

const started = performance.now();
require(mainBundle);
report.loadMs = Math.round(performance.now() - started);
readyResolve();
const deadline = Date.now() + 60_000;
while (BrowserWindow.all.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));

const window = BrowserWindow.all[0]!;
const trusted = { senderFrame: { url: "app://studio/index.html" }, sender: window.webContents };
const foreign = { senderFrame: { url: "https://evil.example/" }, sender: window.webContents };
const invoke = async (channel: string, payload: unknown, event: unknown = trusted): Promise<any> => {
  const handler = handlers.get(channel);
  if (handler === undefined) return { missing: channel };
  return handler(event, payload);
};

// Main opens the command-line folder after the window; wait for the project to be there.
let project: any = await invoke("studio:getProject", {});
while (folderArg !== undefined && project?.ok && project.value === null && Date.now() < deadline) {
  await new Promise((resolve) => setTimeout(resolve, 50));
  project = await invoke("studio:getProject", {});
}
report.projectMs = Math.round(performance.now() - started);
report.channels = [...handlers.keys()].sort();
report.project = project;
report.untrusted = await invoke("studio:getProject", {}, foreign);
report.badPayload = await invoke("studio:startRun", { entryId: 42 });
report.subscribe = await invoke("studio:subscribe", { afterSeq: 0 });
await new Promise((resolve) => setTimeout(resolve, 100));
report.eventsSent = window.webContents.sent.length;
report.esbuildBinaryPath = process.env.ESBUILD_BINARY_PATH ?? null;

if (entryToRun !== undefined) {
  const started = await invoke("studio:startRun", { entryId: entryToRun });
  const ended = () =>
    window.webContents.sent
      .flatMap((message: any) => message.batch.events)
      .find((event: any) => event.type === "run-ended" && started?.ok && event.run.runId === started.value.runId);
  while (started?.ok && ended() === undefined && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  report.run = { started, ended: ended()?.run ?? null };
}
report.permissionRequest = await new Promise((resolve) => permissionHandlers.request?.({}, "media", resolve, {}));
report.permissionCheck = permissionHandlers.check?.({}, "clipboard-read", "app://studio", {});
report.windowOpen = window.webContents.windowOpenHandler?.({ url: "javascript:alert(1)" });

const page = await protocolHandler!(new Request("app://studio/index.html"));
report.page = { status: page.status, csp: page.headers.get("content-security-policy") };
const escape = await protocolHandler!(new Request("app://studio/..%2F..%2Fpackage.json"));
report.traversal = { status: escape.status, csp: escape.headers.get("content-security-policy") };

app.quit();

function finish(): void {
  report.quit = quitRequested;
  report.quitMs = Math.round(performance.now() - started);
  process.stdout.write(`${JSON.stringify(report)}\n`);
  process.exit(0);
}
