// The built app, as far as it can be checked without the Electron binary: the bundles
// `npm run build -w electron` makes, main.cjs run in Node with a stand-in for the `electron`
// module (opening a folder from the command line, answering IPC, running a workflow), and the
// layout electron-builder packs (with a stand-in Electron binary), which main runs from too.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { isBuiltin } from "node:module";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { FuseState, FuseV1Options, getCurrentFuseWire } from "@electron/fuses";
import { parse, stringify } from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build, DIST_DIR } from "../../build/build.mjs";
import { STUDIO_METHODS } from "../contract/index.ts";
import { CONTENT_SECURITY_POLICY } from "../main/content-security-policy.ts";
import { studioWindowOptions } from "../main/studio-window.ts";

const ROOT = resolve(fileURLToPath(new URL("../../..", import.meta.url)));
const HARNESS = fileURLToPath(new URL("./stand-in-electron.test-support.ts", import.meta.url));
const RENDERER_BUILT = existsSync(join(ROOT, "renderer/dist/index.html"));

/** A project folder outside the repo: its `ai` and `zod` come from the studio's own node_modules. */
const WORKFLOW = `import { tool } from "ai";
import { Agent, Step, Tool } from "june";
import { scripted } from "june/sdk/scripted";
import { z } from "zod";

const shout = tool({
  description: "Shout a text",
  inputSchema: z.object({ text: z.string() }),
  execute: async ({ text }) => text.toUpperCase(),
});

export default function Hello() {
  return (
    <Agent model={scripted([{ toolCalls: [{ toolName: "shout", input: { text: "hi" } }] }, { text: "done" }])}>
      <Tool name="shout" value={shout} />
      <Step id="greet" prompt="Say hi" />
    </Agent>
  );
}
`;

let work: string;
let project: string;
let built: Awaited<ReturnType<typeof build>>;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "june-built-app-"));
  project = join(work, "hello-project");
  await mkdir(project);
  await writeFile(join(project, "hello.tsx"), WORKFLOW);
  built = await build();
}, 120_000);

afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

/** Runs a main bundle under the stand-in Electron; its JSON report. */
function runMain(mainBundle: string, name: string): Record<string, any> {
  const userData = join(work, `${name}-user-data`);
  const child = spawnSync(process.execPath, [HARNESS, mainBundle, join(work, `${name}-paths`), project, "workflow:hello.tsx"], {
    encoding: "utf8",
    env: { ...process.env, JUNE_STUDIO_USER_DATA: userData },
    timeout: 120_000,
  });
  if (child.status !== 0) throw new Error(`the stand-in run of ${mainBundle} failed (${child.status}):\n${child.stderr}`);
  return { ...JSON.parse(child.stdout), userData };
}

/** What a main bundle must have done, wherever it runs from. */
async function expectWorkingStudio(report: Record<string, any>, distDir: string) {
  expect(report.privilegedSchemes).toEqual([{ scheme: "app", privileges: { standard: true, secure: true, supportFetchAPI: true } }]);
  expect(report.calls.slice(0, 2)).toEqual(["app.enableSandbox", "app.requestSingleInstanceLock"]);
  expect(report["path:userData"]).toBe(report.userData);
  expect(report.windowOptions).toEqual(studioWindowOptions(join(distDir, "preload.cjs")));
  expect(report.loadURL).toBe("app://studio/index.html");
  expect(report.protocolScheme).toBe("app");
  expect(report.channels).toEqual(STUDIO_METHODS.map((method) => `studio:${method}`).sort());
  // The folder from the command line is open, its workflow loaded and inspected.
  expect(report.project).toMatchObject({ ok: true, value: { folder: project, problems: [] } });
  expect(report.project.value.entries.map((entry: { id: string }) => entry.id)).toEqual(["workflow:hello.tsx"]);
  expect(JSON.parse(await readFile(join(report.userData, "recent-folders.json"), "utf8"))).toEqual({ folders: [project] });
  // Checked requests.
  expect(report.untrusted).toMatchObject({ ok: false, error: { code: "STUDIO_UNTRUSTED_SENDER" } });
  expect(report.badPayload).toMatchObject({ ok: false, error: { code: "STUDIO_BAD_REQUEST" } });
  expect(report.badPayload.error.message).toContain("entryId");
  expect(report.eventsSent).toBeGreaterThan(0);
  // A run, with a tool call, through the engine main carries.
  expect(report.run.started).toMatchObject({ ok: true });
  expect(report.run.ended).toMatchObject({ status: "succeeded", entryId: "workflow:hello.tsx" });
  // The app:// protocol and the rest of the lockdown.
  expect(report.page).toEqual({ status: RENDERER_BUILT ? 200 : 404, csp: CONTENT_SECURITY_POLICY });
  expect(report.traversal).toEqual({ status: 404, csp: CONTENT_SECURITY_POLICY });
  expect(report.permissionRequest).toBe(false);
  expect(report.permissionCheck).toBe(false);
  expect(report.windowOpen).toEqual({ action: "deny" });
  expect(report.quit).toBe(true);
}

describe("the bundles `npm run build -w electron` makes", () => {
  it("writes electron/dist/main.cjs and electron/dist/preload.cjs", () => {
    expect(existsSync(join(DIST_DIR, "main.cjs"))).toBe(true);
    expect(existsSync(join(DIST_DIR, "preload.cjs"))).toBe(true);
  });

  it("main requires at run time only electron, esbuild and Node's builtins (the engine is inside)", () => {
    const externals = new Set(Object.values(built.main.metafile.outputs).flatMap((output) => output.imports.filter((i) => i.external).map((i) => i.path)));
    const other = [...externals].filter((path) => !["electron", "esbuild"].includes(path) && !isBuiltin(path));
    expect(other).toEqual([]);
    expect(externals).toContain("esbuild");
    expect(Object.keys(built.main.metafile.inputs).some((input) => input.includes("engine/src/run/run.ts"))).toBe(true);
  });

  it("main turns on nothing risky, anywhere in the bundle", async () => {
    const code = await readFile(join(DIST_DIR, "main.cjs"), "utf8");
    for (const risky of [
      /nodeIntegration\s*:\s*true/,
      /nodeIntegrationInWorker\s*:\s*true/,
      /nodeIntegrationInSubFrames\s*:\s*true/,
      /contextIsolation\s*:\s*false/,
      /sandbox\s*:\s*false/,
      /webSecurity\s*:\s*false/,
      /allowRunningInsecureContent\s*:\s*true/,
      /webviewTag\s*:\s*true/,
      /experimentalFeatures\s*:\s*true/,
      /enableBlinkFeatures/,
      /allowpopups/i,
      /bypassCSP\s*:\s*true/,
    ]) {
      expect(code, String(risky)).not.toMatch(risky);
    }
  });

  it("no `import.meta` is left as code in main (CommonJS would make it {})", async () => {
    const code = await readFile(join(DIST_DIR, "main.cjs"), "utf8");
    expect(code).not.toMatch(/(?<!["'`])import\.meta\b(?!\.(url|filename|dirname)["'`])/);
  });

  it("the preload requires only electron and carries no zod (it runs sandboxed)", async () => {
    const code = await readFile(join(DIST_DIR, "preload.cjs"), "utf8");
    expect(code.match(/require\(["'][^"']+["']\)/g)).toEqual(['require("electron")']);
    expect(code).toContain('exposeInMainWorld(\n  "june"');
    expect(code.length).toBeLessThan(8_000);
  });
});

describe("main.cjs in Node with a stand-in Electron (the binary can't be downloaded here)", () => {
  it("opens the command-line folder, answers checked IPC, runs a workflow, serves app:// with the CSP", async () => {
    await expectWorkingStudio(runMain(join(DIST_DIR, "main.cjs"), "dev"), DIST_DIR);
  }, 120_000);
});

describe("the layout electron-builder packs (electron-builder --dir with a stand-in Electron binary)", () => {
  it("holds main, preload, the renderer and the engine; flips the fuses; and main runs from it", async () => {
    // A stand-in Electron distribution: one "binary" carrying a fuse wire, so the afterPack hook runs for real.
    const electronDist = join(work, "electron-dist");
    await mkdir(electronDist);
    const wire = Buffer.from([1, 9, ...Array.from({ length: 9 }, () => FuseState.ENABLE)]);
    await writeFile(join(electronDist, "electron"), Buffer.concat([Buffer.from("#!/bin/sh\n# "), Buffer.from("dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX"), wire, Buffer.from("\n")]));
    await chmod(join(electronDist, "electron"), 0o755);
    await writeFile(join(electronDist, "version"), "v45.5.0");

    const config = parse(await readFile(join(ROOT, "electron-builder.yml"), "utf8")) as Record<string, any>;
    const output = join(work, "release");
    const configFile = join(work, "electron-builder.test.yml");
    await writeFile(configFile, stringify({ ...config, electronDist, directories: { ...config.directories, output } }));
    const packed = spawnSync(process.execPath, [join(ROOT, "node_modules/electron-builder/cli.js"), "--projectDir", ROOT, "--config", configFile, "--dir", "--linux", "--x64"], {
      cwd: ROOT,
      encoding: "utf8",
      timeout: 240_000,
    });
    expect(packed.status, `${packed.stdout}\n${packed.stderr}`).toBe(0);

    const appOut = join(output, "linux-unpacked");
    const fuses = await getCurrentFuseWire(join(appOut, "june-studio"));
    expect(fuses[FuseV1Options.RunAsNode]).toBe(FuseState.DISABLE);
    expect(fuses[FuseV1Options.OnlyLoadAppFromAsar]).toBe(FuseState.ENABLE);

    const { extractAll, listPackage } = await import("@electron/asar");
    const resources = join(appOut, "resources");
    const inAsar = listPackage(join(resources, "app.asar"), { isPack: false }).map((file) => file.replaceAll("\\", "/"));
    expect(inAsar).toEqual(expect.arrayContaining(["/package.json", "/electron/dist/main.cjs", "/electron/dist/preload.cjs", "/engine/package.json", "/engine/src/index.ts"]));
    if (RENDERER_BUILT) expect(inAsar).toContain("/renderer/dist/index.html");
    expect(inAsar.filter((file) => /node_modules\/(react|react-dom|@xyflow)\//.test(file))).toEqual([]);
    expect(existsSync(join(resources, "app.asar.unpacked/node_modules/@esbuild"))).toBe(true);
    expect(existsSync(join(resources, "app.asar.unpacked/engine/src/index.ts"))).toBe(true);

    // Node can't read an asar; lay it out as a folder of the same name beside the unpacked twin,
    // which is how Electron's fs presents it to main.
    const simulated = join(work, "installed/resources");
    await mkdir(simulated, { recursive: true });
    await cp(join(resources, "app.asar.unpacked"), join(simulated, "app.asar.unpacked"), { recursive: true });
    extractAll(join(resources, "app.asar"), join(simulated, "app.asar"));
    const distDir = join(simulated, "app.asar/electron/dist");
    const report = runMain(join(distDir, "main.cjs"), "packed");
    await expectWorkingStudio(report, distDir);
    expect(report.esbuildBinaryPath).toMatch(/app\.asar\.unpacked[\\/]node_modules[\\/]@esbuild[\\/]/);
  }, 300_000);
});
