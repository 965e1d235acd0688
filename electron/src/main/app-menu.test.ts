import type { MenuItemConstructorOptions } from "electron";
import { describe, expect, it, vi } from "vitest";
import { studioMenuTemplate, type MenuActions } from "./app-menu.ts";

function template(platform: NodeJS.Platform, recent: string[] = [], devTools = false) {
  const actions: MenuActions = { openFolder: vi.fn(), openRecent: vi.fn(), clearRecent: vi.fn(), reload: vi.fn() };
  return { menu: studioMenuTemplate({ platform, recent, devTools, actions }), actions };
}

const submenu = (item: MenuItemConstructorOptions | undefined) => (item?.submenu ?? []) as MenuItemConstructorOptions[];
const byLabel = (items: MenuItemConstructorOptions[], label: string) => items.find((item) => item.label === label);
const click = (item: MenuItemConstructorOptions | undefined) => (item?.click as unknown as () => void)();

describe("the native menu", () => {
  it("File: Open Folder… (CmdOrCtrl+O), Open Recent, Reload (CmdOrCtrl+R), Quit", () => {
    const { menu, actions } = template("linux");
    const file = submenu(byLabel(menu, "File"));
    expect(file.map((item) => item.label ?? item.role ?? item.type)).toEqual(["Open Folder…", "Open Recent", "separator", "Reload", "separator", "Quit"]);
    expect(byLabel(file, "Open Folder…")?.accelerator).toBe("CmdOrCtrl+O");
    expect(byLabel(file, "Reload")?.accelerator).toBe("CmdOrCtrl+R");
    expect(byLabel(file, "Quit")?.role).toBe("quit");
    click(byLabel(file, "Open Folder…"));
    click(byLabel(file, "Reload"));
    expect(actions.openFolder).toHaveBeenCalledOnce();
    expect(actions.reload).toHaveBeenCalledOnce();
  });

  it("Edit and View have the basics", () => {
    const { menu } = template("linux");
    expect(menu.some((item) => item.role === "editMenu")).toBe(true);
    expect(submenu(byLabel(menu, "View")).map((item) => item.role).filter(Boolean)).toEqual(["resetZoom", "zoomIn", "zoomOut", "togglefullscreen"]);
  });

  it("offers the developer tools only in development", () => {
    const roles = (devTools: boolean) => submenu(byLabel(template("linux", [], devTools).menu, "View")).map((item) => item.role);
    expect(roles(false)).not.toContain("toggleDevTools");
    expect(roles(true)).toContain("toggleDevTools");
  });

  it("Open Recent lists the folders, newest first, and opens the one clicked", () => {
    const { menu, actions } = template("linux", ["/srv/b", "/srv/a&b"]);
    const recent = submenu(byLabel(submenu(byLabel(menu, "File")), "Open Recent"));
    expect(recent.map((item) => item.label ?? item.type)).toEqual(["/srv/b", "/srv/a&&b", "separator", "Clear Recent"]);
    click(recent[1]);
    expect(actions.openRecent).toHaveBeenCalledWith("/srv/a&b");
    click(byLabel(recent, "Clear Recent"));
    expect(actions.clearRecent).toHaveBeenCalledOnce();
  });

  it("Open Recent says so when there is nothing yet", () => {
    const recent = submenu(byLabel(submenu(byLabel(template("linux").menu, "File")), "Open Recent"));
    expect(recent).toEqual([{ label: "No Recent Folders", enabled: false }]);
  });

  it("on macOS starts with the app menu (which holds Quit) and File closes the window", () => {
    const { menu } = template("darwin");
    expect(menu[0]).toEqual({ role: "appMenu" });
    const file = submenu(byLabel(menu, "File"));
    expect(file.at(-1)).toEqual({ role: "close" });
  });
});
