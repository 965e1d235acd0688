// The studio asks the user for no web permission (camera, notifications, clipboard read,
// geolocation, HID, serial, …): every request and every check is answered "no".

/** The slice of Electron's `Session` this module sets. */
export interface PermissionSession {
  setPermissionRequestHandler(handler: (webContents: unknown, permission: string, callback: (granted: boolean) => void) => void): void;
  setPermissionCheckHandler(handler: (webContents: unknown, permission: string) => boolean): void;
  setDevicePermissionHandler(handler: (details: unknown) => boolean): void;
}

/**
 * Refuses every permission request and check on `session`, and every device (HID, serial, USB).
 *
 * @example
 * denyAllPermissions(session.defaultSession);
 */
export function denyAllPermissions(session: PermissionSession): void {
  session.setPermissionRequestHandler((_webContents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler(() => false);
}
