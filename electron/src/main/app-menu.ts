// The native menu, as a template built from plain data (the recent folders, the platform) and
// the actions main performs, so a test reads it without Electron. File: Open Folder… (Ctrl/Cmd+O),
// Open Recent, Reload (Ctrl/Cmd+R: the window reloads and re-subscribes from its last seq), Quit.
import type { MenuItemConstructorOptions } from "electron";

export interface MenuActions {
  /** Ask with the native dialog and open the chosen folder. */
  openFolder(): void;
  openRecent(folder: string): void;
  clearRecent(): void;
  /** Reload the studio window. */
  reload(): void;
}

export interface MenuOptions {
  platform: NodeJS.Platform;
  /** Newest first. */
  recent: readonly string[];
  /** Offer the developer tools (development builds only). */
  devTools: boolean;
  actions: MenuActions;
}

/**
 * The menu template for `Menu.buildFromTemplate`.
 *
 * @example
 * Menu.setApplicationMenu(Menu.buildFromTemplate(studioMenuTemplate({ platform: process.platform, recent, devTools: !app.isPackaged, actions })));
 */
export function studioMenuTemplate(options: MenuOptions): MenuItemConstructorOptions[] {
  const mac = options.platform === "darwin";
  const { actions } = options;
  const file: MenuItemConstructorOptions = {
    label: "File",
    submenu: [
      { id: "open-folder", label: "Open Folder…", accelerator: "CmdOrCtrl+O", click: () => actions.openFolder() },
      { id: "open-recent", label: "Open Recent", submenu: recentSubmenu(options.recent, actions) },
      { type: "separator" },
      { id: "reload", label: "Reload", accelerator: "CmdOrCtrl+R", click: () => actions.reload() },
      { type: "separator" },
      mac ? { role: "close" } : { role: "quit", label: "Quit", accelerator: "Ctrl+Q" },
    ],
  };
  const view: MenuItemConstructorOptions = {
    label: "View",
    submenu: [
      { role: "resetZoom" },
      { role: "zoomIn" },
      { role: "zoomOut" },
      { type: "separator" },
      { role: "togglefullscreen" },
      ...(options.devTools ? [{ type: "separator" } as const, { role: "toggleDevTools" } as const] : []),
    ],
  };
  return [
    ...(mac ? [{ role: "appMenu" } as const] : []),
    file,
    { role: "editMenu" },
    view,
    { role: "windowMenu" },
  ];
}

function recentSubmenu(recent: readonly string[], actions: MenuActions): MenuItemConstructorOptions[] {
  if (recent.length === 0) return [{ label: "No Recent Folders", enabled: false }];
  return [
    // `&` would be read as an access key on Windows and Linux.
    ...recent.map((folder): MenuItemConstructorOptions => ({ label: folder.replaceAll("&", "&&"), click: () => actions.openRecent(folder) })),
    { type: "separator" },
    { id: "clear-recent", label: "Clear Recent", click: () => actions.clearRecent() },
  ];
}
