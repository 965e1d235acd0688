// `june studio` end to end: the real launcher spawned from the repository root, judged by its
// one stdout line, what the URL serves, the fallback line when the desktop app can't open, exit
// codes, and a clean stop on SIGTERM; plus how it picks the folder and the Electron binary.
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HELLO_FLOW, makeProject, type ProjectFixture } from "../service/project-fixture.test-support.ts";
import { findElectronApp } from "./electron-app.ts";
import { SAMPLES_FOLDER, studioFolder } from "./studio-folder.ts";
import { claudeOptIns } from "./studio-command.ts";

const REPO = fileURLToPath(new URL("../../../", import.meta.url));
const LINE = /^June Studio: http:\/\/127\.0\.0\.1:(\d+)\/\?token=([A-Za-z0-9_-]{43})\n$/;

let project: ProjectFixture;
beforeAll(async () => {
  project = await makeProject({ "hello.tsx": HELLO_FLOW });
});
afterAll(() => project.remove());

interface Studio {
  child: ChildProcessWithoutNullStreams;
  output: { stdout: string; stderr: string };
  /** Resolves with the first stdout line, or rejects with everything printed if it exits first. */
  firstLine: Promise<string>;
  exited: Promise<number | null>;
}

function startStudio(args: string[]): Studio {
  const child = spawn(process.execPath, ["engine/bin/june.js", "studio", ...args], { cwd: REPO, env: { ...process.env, NO_COLOR: "1" } });
  const output = { stdout: "", stderr: "" };
  const exited = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
  const firstLine = new Promise<string>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      output.stdout += chunk.toString("utf8");
      const end = output.stdout.indexOf("\n");
      if (end !== -1) resolve(output.stdout.slice(0, end + 1));
    });
    void exited.then(() => reject(new Error(`june studio exited first:\n${output.stdout}\n${output.stderr}`)));
  });
  // Tests that expect an early exit never ask for the line.
  firstLine.catch(() => {});
  child.stderr.on("data", (chunk: Buffer) => (output.stderr += chunk.toString("utf8")));
  return { child, output, firstLine, exited };
}

async function status(url: string): Promise<number> {
  return (await fetch(url)).status;
}

describe("june studio --web", () => {
  it("prints exactly one line with the URL, serves it, and stops cleanly on SIGTERM", async () => {
    const studio = startStudio([project.folder, "--web", "--port", "0"]);
    try {
      const line = await studio.firstLine;
      const [, port, token] = LINE.exec(line) ?? [];
      expect(line).toMatch(LINE);
      expect(await status(`http://127.0.0.1:${port}/?token=${token}`)).toBe(200);
      expect(await status(`http://127.0.0.1:${port}/`)).toBe(403);
      studio.child.kill("SIGTERM");
      expect(await studio.exited).toBe(0);
      expect(studio.output.stdout).toBe(line);
      expect(studio.output.stderr).toContain("june studio: stopping");
      expect(studio.output.stderr).not.toContain("opening the web studio instead");
    } finally {
      studio.child.kill("SIGKILL");
    }
  });
});

const app = findElectronApp({ env: process.env });
const reason = "reason" in app ? app.reason : undefined;

describe("june studio without --web", () => {
  it.skipIf(reason === undefined)(
    `falls back to the web studio with one line on stderr saying why (${reason ?? "skipped: the desktop app can open here"})`,
    async () => {
      const studio = startStudio([project.folder]);
      try {
        const line = await studio.firstLine;
        expect(line).toMatch(LINE);
        const fallback = studio.output.stderr.split("\n").filter((l) => l.includes("opening the web studio instead"));
        // The reason names paths relative to the working folder, which differs here from the test's.
        expect(fallback).toHaveLength(1);
        expect(fallback[0]).toMatch(/^june studio: (the Electron binary is not installed|the desktop app is not built|there is no display|the electron package).*; opening the web studio instead$/);
        studio.child.kill("SIGINT");
        expect(await studio.exited).toBe(0);
        expect(studio.output.stdout).toBe(line);
      } finally {
        studio.child.kill("SIGKILL");
      }
    },
  );
});

describe("june studio's usage errors", () => {
  it("exits 2 with a message for a bad --port, two folders, or a folder that isn't there", async () => {
    for (const [args, message] of [
      [["--port", "http"], /--port takes a port number/],
      [["a", "b"], /takes one folder, got 2/],
      [[join(project.folder, "missing"), "--web"], /there is no folder .*missing/],
    ] as const) {
      const studio = startStudio([...args]);
      expect(await studio.exited, args.join(" ")).toBe(2);
      expect(studio.output.stderr).toMatch(message);
      expect(studio.output.stdout).toBe("");
    }
  });

  it("--help explains the command", async () => {
    const studio = startStudio(["--help"]);
    expect(await studio.exited).toBe(0);
    expect(studio.output.stdout).toContain("Usage: june studio [folder] [--web] [--port N]");
  });
});

describe("findElectronApp", () => {
  async function electronLayout(files: Record<string, string>) {
    const dir = join(project.folder, `electron-${Object.keys(files).length}-${Math.random().toString(36).slice(2)}`);
    await mkdir(dir, { recursive: true });
    for (const [rel, text] of Object.entries(files)) {
      await mkdir(join(dir, rel, ".."), { recursive: true });
      await writeFile(join(dir, rel), text);
    }
    return dir;
  }
  const display = { DISPLAY: ":0" };

  it("needs path.txt and the binary it names under dist/", async () => {
    const none = await electronLayout({});
    expect(findElectronApp({ env: display, electronDir: none, main: join(project.folder, "hello.tsx") })).toMatchObject({
      reason: expect.stringMatching(/^the Electron binary is not installed \(.*dist is missing\)$/),
    });
    const noBinary = await electronLayout({ "path.txt": "electron" });
    expect(findElectronApp({ env: display, electronDir: noBinary, main: join(project.folder, "hello.tsx") })).toMatchObject({
      reason: expect.stringMatching(/not installed \(.*dist\/electron is missing\)/),
    });
    const ok = await electronLayout({ "path.txt": "electron", "dist/electron": "" });
    expect(findElectronApp({ env: display, electronDir: ok, main: join(project.folder, "hello.tsx"), platform: "linux" })).toEqual({
      binary: join(ok, "dist/electron"),
      main: join(project.folder, "hello.tsx"),
    });
  });

  it("needs the built main, and on Linux a display", async () => {
    const ok = await electronLayout({ "path.txt": "electron", "dist/electron": "" });
    expect(findElectronApp({ env: display, electronDir: ok, main: join(project.folder, "no-main.cjs") })).toMatchObject({
      reason: expect.stringMatching(/the desktop app is not built \(.*no-main\.cjs is missing\)/),
    });
    expect(findElectronApp({ env: {}, electronDir: ok, main: join(project.folder, "hello.tsx"), platform: "linux" })).toEqual({
      reason: "there is no display to open a window on (DISPLAY and WAYLAND_DISPLAY are unset)",
    });
    expect(findElectronApp({ env: {}, electronDir: ok, main: join(project.folder, "hello.tsx"), platform: "darwin" })).toHaveProperty("binary");
  });
});

describe("studioFolder", () => {
  it("opens samples/ without a folder, and a given folder from where the user typed it", () => {
    expect(studioFolder(undefined, {}, "/x")).toBe(SAMPLES_FOLDER);
    expect(studioFolder("proj", {}, "/work/here")).toBe("/work/here/proj");
    expect(studioFolder("proj", { INIT_CWD: "/home/me", npm_lifecycle_event: "start" }, "/repo")).toBe("/home/me/proj");
    expect(studioFolder("proj", { INIT_CWD: "/home/me", npm_lifecycle_event: "test" }, "/repo")).toBe("/repo/proj");
    expect(studioFolder("/abs", { INIT_CWD: "/home/me", npm_lifecycle_event: "start" }, "/repo")).toBe("/abs");
  });
});

describe("claudeOptIns", () => {
  it("turns the user's flags into the service's opt-ins, and nothing without them", () => {
    expect(claudeOptIns({ userAgents: true, allowBypassPermissions: true }, { HOME: "/home/ada" })).toEqual({
      userAgents: "/home/ada/.claude/agents",
      allowBypassPermissions: true,
    });
    expect(claudeOptIns({}, { HOME: "/home/ada" })).toEqual({});
  });
});
