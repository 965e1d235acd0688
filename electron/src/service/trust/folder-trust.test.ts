// The trust store as a specification: a folder is trusted once trusted (and the folders inside
// it), remembered by real path in a file only the user can read, and folders named for the
// session are trusted without being written down.
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { TrustStore, defaultTrustFile } from "./index.ts";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "june-trust-"));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe("remembering trust", () => {
  it("trusts nothing at first, then the folder it was told and the folders inside it, across stores", async () => {
    const file = join(dir, "config", "june", "trusted-folders.json");
    const project = join(dir, "project");
    await mkdir(join(project, "sub"), { recursive: true });
    const store = new TrustStore({ file });
    expect(await store.isTrusted(project)).toBe(false);
    await store.trust(project);
    expect(await store.isTrusted(project)).toBe(true);
    expect(await store.isTrusted(join(project, "sub"))).toBe(true);
    expect(await store.isTrusted(`${project}-other`)).toBe(false);
    expect(await new TrustStore({ file }).isTrusted(project)).toBe(true);
    expect(JSON.parse(await readFile(file, "utf8"))).toEqual({ version: 1, folders: [project] });
  });

  it.skipIf(process.platform === "win32")("writes the file 0600 in a 0700 folder (skipped on Windows: no POSIX modes)", async () => {
    const file = join(dir, "june", "trusted-folders.json");
    await new TrustStore({ file }).trust(join(dir, "p"));
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await stat(join(dir, "june"))).mode & 0o777).toBe(0o700);
  });

  it("a file it can't make sense of trusts nothing, says so once, and is rewritten by the next trust", async () => {
    const file = join(dir, "trusted-folders.json");
    await writeFile(file, "{ not json");
    const logged: string[] = [];
    const store = new TrustStore({ file, log: (m) => void logged.push(m) });
    expect(await store.isTrusted(dir)).toBe(false);
    expect(await store.isTrusted(dir)).toBe(false);
    expect(logged).toEqual([expect.stringContaining("is not a trusted-folders file June wrote")]);
    await store.trust(dir);
    expect(await store.isTrusted(dir)).toBe(true);
  });
});

describe("trust for the session", () => {
  it("folders named on the command line are trusted, by real path, and never written down", async () => {
    const file = join(dir, "trusted-folders.json");
    const named = join(dir, "named");
    await mkdir(named);
    const store = new TrustStore({ file, trusted: [join(named, "..", "named")] });
    expect(await store.isTrusted(named)).toBe(true);
    store.trustForSession(join(dir, "second"));
    expect(await store.isTrusted(join(dir, "second"))).toBe(true);
    expect(existsSync(file)).toBe(false);
  });
});

describe("where trust is remembered without a host's folder", () => {
  it("is $XDG_CONFIG_HOME/june/trusted-folders.json, ~/.config/june/… without it, %APPDATA%\\june\\… on Windows", () => {
    expect(defaultTrustFile({ XDG_CONFIG_HOME: "/x/config" }, "linux", "/home/me")).toBe("/x/config/june/trusted-folders.json");
    expect(defaultTrustFile({}, "darwin", "/Users/me")).toBe("/Users/me/.config/june/trusted-folders.json");
    expect(defaultTrustFile({ APPDATA: "C:\\Users\\me\\AppData\\Roaming" }, "win32", "C:\\Users\\me")).toContain("june");
  });
});
