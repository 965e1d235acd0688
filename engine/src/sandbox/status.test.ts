// Whether this machine can sandbox: found by starting a real, empty sandbox, and said plainly when not.
import { chmod, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sandboxAvailable, sandboxed } from "./sandbox-probes.test-support.ts";
import { sandboxStatus } from "./status.ts";

const onLinux = process.platform === "linux";
const linuxOnly = (name: string) => (onLinux ? name : `${name} (skipped: this is ${process.platform})`);

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "june-sandbox-status-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("sandboxStatus", () => {
  it.skipIf(!sandboxAvailable)(sandboxed("is available, as bubblewrap, where bubblewrap can create its namespaces"), () => {
    expect(sandboxStatus()).toEqual({ available: true, kind: "bubblewrap", bwrap: expect.stringMatching(/bwrap$/) });
  });

  it.skipIf(!onLinux)(linuxOnly("says which bubblewrap is missing"), () => {
    expect(sandboxStatus({ bwrap: path.join(dir, "bwrap") })).toEqual({
      available: false,
      kind: "none",
      reason: `${path.join(dir, "bwrap")} (sandbox.bwrap) does not exist or cannot be run`,
    });
  });

  it.skipIf(!onLinux)(linuxOnly("passes on what bubblewrap said when it cannot create a sandbox, and what may be off"), async () => {
    const fake = path.join(dir, "bwrap");
    await writeFile(fake, "#!/bin/sh\necho 'bwrap: setting up uid map: Permission denied' >&2\nexit 1\n");
    await chmod(fake, 0o755);
    const status = sandboxStatus({ bwrap: fake });
    expect(status.available).toBe(false);
    expect(status.reason).toContain("cannot create a sandbox here (bwrap: setting up uid map: Permission denied)");
    expect(status.reason).toContain("unprivileged user namespaces");
  });

  it.skipIf(!onLinux)(linuxOnly("answers from its first check until asked to refresh"), async () => {
    const fake = path.join(dir, "bwrap");
    await writeFile(fake, "#!/bin/sh\nexit 1\n");
    await chmod(fake, 0o755);
    expect(sandboxStatus({ bwrap: fake }).available).toBe(false);
    await writeFile(fake, "#!/bin/sh\nexit 0\n");
    expect(sandboxStatus({ bwrap: fake }).available).toBe(false);
    expect(sandboxStatus({ bwrap: fake, refresh: true })).toEqual({ available: true, kind: "bubblewrap", bwrap: fake });
  });

  it.skipIf(onLinux)(`is unavailable off Linux, naming the platform${onLinux ? " (skipped: this is linux)" : ""}`, () => {
    expect(sandboxStatus()).toMatchObject({ available: false, kind: "none", reason: expect.stringContaining(process.platform) });
  });
});
