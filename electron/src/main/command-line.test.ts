import { describe, expect, it } from "vitest";
import { claudeOptInsFromArgv, folderFromArgv } from "./command-line.ts";

describe("folderFromArgv: the folder to open from the command line", () => {
  const packaged = { defaultApp: false, cwd: "/home/me" };
  const dev = { defaultApp: true, cwd: "/work/main" };

  it("packaged: the first argument after the executable", () => {
    expect(folderFromArgv(["/opt/June Studio/june-studio", "/srv/agents"], packaged)).toBe("/srv/agents");
  });

  it("resolves a relative folder against the working folder", () => {
    expect(folderFromArgv(["/opt/June Studio/june-studio", "agents"], packaged)).toBe("/home/me/agents");
  });

  it("development (`electron <app> <folder>`): skips the app path", () => {
    expect(folderFromArgv(["/x/electron", "electron/dist/main.cjs", "samples"], dev)).toBe("/work/main/samples");
  });

  it("skips flags wherever they are (Playwright's --inspect=0, Chromium switches, macOS -psn)", () => {
    expect(folderFromArgv(["/x/electron", "--inspect=0", "--remote-debugging-port=0", "electron/dist/main.cjs", "--no-sandbox", "samples"], dev)).toBe("/work/main/samples");
    expect(folderFromArgv(["/Applications/June Studio.app/Contents/MacOS/June Studio", "-psn_0_12345", "/srv/a"], packaged)).toBe("/srv/a");
  });

  it("is undefined when no folder is given (the renderer shows its empty state)", () => {
    expect(folderFromArgv(["/opt/June Studio/june-studio"], packaged)).toBeUndefined();
    expect(folderFromArgv(["/x/electron", "electron/dist/main.cjs"], dev)).toBeUndefined();
    expect(folderFromArgv(["/x/electron", "--inspect=0", "electron/dist/main.cjs", "--enable-logging"], dev)).toBeUndefined();
  });
});

describe("claudeOptInsFromArgv", () => {
  it("takes the user's Claude Code opt-ins from the flags june studio passes on, and nothing without them", () => {
    expect(claudeOptInsFromArgv(["/x/electron", "main.cjs", "proj", "--user-agents", "--allow-bypass-permissions"], "/home/ada")).toEqual({
      userAgents: "/home/ada/.claude/agents",
      allowBypassPermissions: true,
    });
    expect(claudeOptInsFromArgv(["/x/electron", "main.cjs", "proj"], "/home/ada")).toEqual({});
    // The folder is still the folder.
    expect(folderFromArgv(["/x/electron", "main.cjs", "proj", "--user-agents"], { defaultApp: true, cwd: "/work/main" })).toBe("/work/main/proj");
  });
});
