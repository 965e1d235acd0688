import { describe, expect, it } from "vitest";
import { denyAllPermissions, type PermissionSession } from "./deny-permissions.ts";

describe("denyAllPermissions", () => {
  const session = () => {
    const handlers: Partial<Record<"request" | "check" | "device", (...args: any[]) => unknown>> = {};
    const fake: PermissionSession = {
      setPermissionRequestHandler: (handler) => void (handlers.request = handler),
      setPermissionCheckHandler: (handler) => void (handlers.check = handler),
      setDevicePermissionHandler: (handler) => void (handlers.device = handler),
    };
    denyAllPermissions(fake);
    return handlers;
  };

  it.each(["media", "notifications", "geolocation", "clipboard-read", "openExternal", "hid", "unknown"])("refuses the request for %s", async (permission) => {
    const handlers = session();
    const granted = await new Promise((resolve) => handlers.request!({}, permission, resolve, {}));
    expect(granted).toBe(false);
  });

  it.each(["media", "clipboard-sanitized-write", "fullscreen", "serial"])("answers the check for %s with false", (permission) => {
    expect(session().check!({}, permission, "app://studio", {})).toBe(false);
  });

  it("refuses every device", () => {
    expect(session().device!({ deviceType: "usb", origin: "app://studio" })).toBe(false);
  });
});
