// Sandbox settings resolved for one project folder; and the schema june.config.ts checks them with.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sandboxPolicy, sandboxSettingsSchema } from "./settings.ts";

describe("sandboxPolicy", () => {
  it("defaults to no network, nothing extra readable, only the project writable", () => {
    expect(sandboxPolicy(undefined, "/work/app", "/home/me")).toEqual({ network: false, readOnly: [], writable: ["/work/app"], denied: [] });
  });

  it("resolves ~/ against the home folder and relative paths against the project", () => {
    const policy = sandboxPolicy(
      { network: true, filesystem: { allowRead: ["~", "~/.gitconfig"], allowWrite: ["../cache", "/var/tmp/x"], denyRead: [".env"] } },
      "/work/app",
      "/home/me",
    );
    expect(policy).toEqual({
      network: true,
      readOnly: ["/home/me", path.join("/home/me", ".gitconfig")],
      writable: ["/work/app", "/work/cache", "/var/tmp/x"],
      denied: ["/work/app/.env"],
    });
  });
});

describe("sandboxSettingsSchema", () => {
  it("accepts Claude Code's names", () => {
    const settings = { enabled: true, allowUnsandboxedCommands: false, network: true, filesystem: { allowRead: ["~/.gitconfig"], allowWrite: ["~/.npm"], denyRead: [".env"] } };
    expect(sandboxSettingsSchema.parse(settings)).toEqual(settings);
  });

  it("refuses an unknown key, naming it (a misspelt allowWrite must not silently grant nothing)", () => {
    const result = sandboxSettingsSchema.safeParse({ filesystem: { allowWrites: ["/x"] } });
    expect(result.success).toBe(false);
    expect(JSON.stringify(result.error?.issues)).toContain("allowWrites");
  });
});
