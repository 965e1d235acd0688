import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MAX_RECENT_FOLDERS, RecentFolders, parseRecentFolders, withRecentFolder } from "./recent-folders.ts";

describe("withRecentFolder", () => {
  it("puts the folder first, once", () => {
    expect(withRecentFolder(["/a", "/b", "/c"], "/b")).toEqual(["/b", "/a", "/c"]);
    expect(withRecentFolder([], "/a")).toEqual(["/a"]);
  });

  it("keeps at most ten", () => {
    const many = Array.from({ length: 12 }, (_, i) => `/f${i}`);
    expect(withRecentFolder(many, "/new")).toHaveLength(MAX_RECENT_FOLDERS);
    expect(withRecentFolder(many, "/new")[0]).toBe("/new");
  });
});

describe("parseRecentFolders", () => {
  it("reads the folders, ignoring what isn't one", () => {
    expect(parseRecentFolders(JSON.stringify({ folders: ["/a", 3, "", "/b", "/a", null] }))).toEqual(["/a", "/b"]);
  });

  it.each(["", "not json", "[]", "null", '{"folders":"/a"}'])("is empty for %j", (text) => {
    expect(parseRecentFolders(text)).toEqual([]);
  });
});

describe("RecentFolders: persisted in the user-data folder", () => {
  let userData: string;
  beforeEach(async () => {
    userData = await mkdtemp(join(tmpdir(), "june-recent-"));
  });
  afterEach(async () => {
    await rm(userData, { recursive: true, force: true });
  });

  it("is empty before anything was opened", async () => {
    expect(await new RecentFolders(userData).list()).toEqual([]);
  });

  it("survives a restart (a new instance reads the file)", async () => {
    const recent = new RecentFolders(userData);
    await recent.add("/home/me/a");
    await recent.add("/home/me/b");
    expect(await new RecentFolders(userData).list()).toEqual(["/home/me/b", "/home/me/a"]);
    expect(JSON.parse(await readFile(join(userData, "recent-folders.json"), "utf8"))).toEqual({ folders: ["/home/me/b", "/home/me/a"] });
  });

  it("creates the user-data folder when it doesn't exist yet", async () => {
    const recent = new RecentFolders(join(userData, "fresh", "June Studio"));
    await recent.add("/x");
    expect(await new RecentFolders(join(userData, "fresh", "June Studio")).list()).toEqual(["/x"]);
  });

  it("clears", async () => {
    const recent = new RecentFolders(userData);
    await recent.add("/a");
    await recent.clear();
    expect(await new RecentFolders(userData).list()).toEqual([]);
  });

  it("reads a damaged file as empty and overwrites it on the next add", async () => {
    await writeFile(join(userData, "recent-folders.json"), "{ not json");
    const recent = new RecentFolders(userData);
    expect(await recent.list()).toEqual([]);
    await recent.add("/a");
    expect(await new RecentFolders(userData).list()).toEqual(["/a"]);
  });
});
