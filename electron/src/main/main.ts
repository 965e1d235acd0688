// June Studio's Electron entry (bundled to electron/dist/main.cjs). The StudioService, and with it
// the engine, runs here in main; the renderer is untrusted web content on `app://studio`, reaching
// the service only through the preload's `window.june` and the checked `studio:` channels.
// Everything that decides something lives in its own module and is tested without Electron;
// this file is the wiring, in the order Electron needs it.
import "./prepare-esbuild.ts";
import { join, resolve } from "node:path";
import { BrowserWindow, Menu, app, dialog, ipcMain, protocol, session, shell } from "electron";
import { StudioService, TRUST_FILE_NAME, TrustStore, connectClient } from "../service/index.ts";
import { APP_SCHEME, APP_SCHEME_PRIVILEGES } from "./app-origin.ts";
import { serveAppRequest } from "./app-protocol.ts";
import { studioMenuTemplate } from "./app-menu.ts";
import { claudeOptInsFromArgv, folderFromArgv } from "./command-line.ts";
import { denyAllPermissions } from "./deny-permissions.ts";
import { hardenWebContents } from "./harden-web-contents.ts";
import { RecentFolders } from "./recent-folders.ts";
import { registerStudioIpc } from "./studio-ipc.ts";
import { createStudioWindow } from "./studio-window.ts";

const PRODUCT_NAME = "June Studio";
// main.ts only ever runs bundled as CommonJS (electron/dist/main.cjs), so `__dirname` is that
// folder: preload.cjs sits beside it, the renderer's build two levels up (also inside app.asar).
const PRELOAD = join(__dirname, "preload.cjs");
const RENDERER_ROOT = join(__dirname, "..", "..", "renderer", "dist");
/** How long quitting waits for live runs to end. */
const QUIT_GRACE_MS = 5_000;
/** A user-data folder of its own (e2e tests give each worker a fresh one). */
const USER_DATA_ENV = "JUNE_STUDIO_USER_DATA";

// Before ready: the scheme's privileges, the sandbox for every renderer, and the user-data folder
// (the single-instance lock lives in it, so it must be set before the lock is asked for).
protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: APP_SCHEME_PRIVILEGES }]);
app.enableSandbox();
app.setName(PRODUCT_NAME);
app.setPath("userData", process.env[USER_DATA_ENV] ? resolve(process.env[USER_DATA_ENV]) : join(app.getPath("appData"), PRODUCT_NAME));

if (!app.requestSingleInstanceLock()) {
  // Another studio has the folder from our command line now (its `second-instance`).
  app.quit();
} else {
  start();
}

function start(): void {
  const log = (message: string) => console.error(`June Studio: ${message}`);
  // Trust given in the app is remembered in its user data; a folder named on the command line is
  // trusted for the session (naming it is the user's say-so), any other opens in restricted mode.
  const trust = new TrustStore({ file: join(app.getPath("userData"), TRUST_FILE_NAME), log });
  // What only the user can turn on for Claude Code projects: `june studio --user-agents`, … pass it on.
  const service = new StudioService({ trust, claude: claudeOptInsFromArgv(process.argv, app.getPath("home")) });
  const recent = new RecentFolders(app.getPath("userData"));
  let window: BrowserWindow | undefined;

  const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));
  // Menu clicks and app events can't await: their failures are reported, never left unhandled.
  const reportFailure = (task: Promise<unknown>, what: string) => void task.catch((error: unknown) => log(`${what} failed: ${describe(error)}`));

  const chooseFolder = async (): Promise<string | null> => {
    const options: Electron.OpenDialogOptions = { title: "Open Folder", buttonLabel: "Open", properties: ["openDirectory", "createDirectory"] };
    const answer = window && !window.isDestroyed() ? await dialog.showOpenDialog(window, options) : await dialog.showOpenDialog(options);
    return answer.canceled || answer.filePaths[0] === undefined ? null : answer.filePaths[0];
  };

  const refreshMenu = async (): Promise<void> => {
    const folders = await recent.list().catch((error: unknown) => {
      log(`the recent folders in ${recent.file} could not be read: ${describe(error)}`);
      return [];
    });
    const template = studioMenuTemplate({
      platform: process.platform,
      recent: folders,
      devTools: !app.isPackaged,
      actions: {
        openFolder: () => reportFailure(openFolder(), "opening a folder"),
        openRecent: (folder) => reportFailure(openFolder(folder), `opening ${folder}`),
        clearRecent: () => reportFailure(recent.clear().then(refreshMenu), "clearing the recent folders"),
        reload: () => (window && !window.isDestroyed() ? window.webContents.reload() : openWindow()),
      },
    });
    Menu.setApplicationMenu(Menu.buildFromTemplate(template));
  };

  const rememberFolder = async (folder: string): Promise<void> => {
    app.addRecentDocument(folder);
    await recent.add(folder).catch((error: unknown) => log(`could not save ${folder} to the recent folders: ${describe(error)}`));
    await refreshMenu();
  };

  /** From the menu, the command line or a second instance; the window learns from the event stream. */
  const openFolder = async (folder?: string): Promise<void> => {
    const chosen = folder ?? (await chooseFolder());
    if (chosen === null) return;
    const result = await service.openFolder({ folder: chosen });
    if (result.ok) return rememberFolder(result.value.folder);
    const box = { type: "error" as const, title: PRODUCT_NAME, message: `Could not open ${chosen}`, detail: result.error.message };
    await (window && !window.isDestroyed() ? dialog.showMessageBox(window, box) : dialog.showMessageBox(box));
  };

  const openWindow = (): void => {
    window = createStudioWindow(BrowserWindow, PRELOAD);
  };

  // Every web contents, whatever creates it, gets the navigation policy and no permissions.
  app.on("web-contents-created", (_event, contents) => {
    hardenWebContents(contents, (url) => shell.openExternal(url));
    denyAllPermissions(contents.session);
  });

  app.on("second-instance", (_event, argv, workingDirectory) => {
    if (window && !window.isDestroyed()) {
      if (window.isMinimized()) window.restore();
      window.focus();
    } else if (app.isReady()) {
      openWindow();
    }
    const folder = folderFromArgv(argv, { defaultApp: process.defaultApp === true, cwd: workingDirectory });
    if (folder !== undefined) {
      trust.trustForSession(folder);
      reportFailure(openFolder(folder), `opening ${folder}`);
    }
  });

  app.on("window-all-closed", () => {
    if (process.platform !== "darwin") app.quit();
  });
  app.on("activate", () => {
    if (app.isReady() && BrowserWindow.getAllWindows().length === 0) openWindow();
  });

  // Runs are aborted and their tool processes gone before the app exits; a run that won't end
  // within the grace period doesn't keep the app open.
  let closing: Promise<void> | undefined;
  app.on("will-quit", (event) => {
    if (closing !== undefined) return;
    event.preventDefault();
    let timer: NodeJS.Timeout | undefined;
    const grace = new Promise<void>((resolve) => {
      timer = setTimeout(() => resolve(log(`runs were still ending after ${QUIT_GRACE_MS} ms; quitting anyway.`)), QUIT_GRACE_MS);
    });
    const closed = service.close().catch((error: unknown) => log(`closing the studio's runs failed: ${describe(error)}`));
    closing = Promise.race([closed, grace]);
    void closing.finally(() => {
      clearTimeout(timer);
      app.quit();
    });
  });

  const onReady = async (): Promise<void> => {
    denyAllPermissions(session.defaultSession);
    protocol.handle(APP_SCHEME, (request) => serveAppRequest(RENDERER_ROOT, request));
    registerStudioIpc({
      ipcMain,
      connect: (deliver) => connectClient(service, deliver),
      chooseFolder,
      onFolderOpened: (folder) => reportFailure(rememberFolder(folder), `remembering ${folder}`),
      log,
    });
    await refreshMenu();
    openWindow();
    const folder = folderFromArgv(process.argv, { defaultApp: process.defaultApp === true, cwd: process.cwd() });
    if (folder !== undefined) {
      trust.trustForSession(folder);
      await openFolder(folder);
    }
  };
  reportFailure(app.whenReady().then(onReady), "starting the studio");
}
