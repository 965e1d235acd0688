// "Open in editor" never answers ok when nothing opened: a terminal editor is refused before it
// starts, and an editor that fails at once is an error with its output. The editors here are tiny
// shell scripts in a temp folder, on a PATH the test controls; the ones that exit do so at once,
// and those tests give the watch a minute so that the answer depends on the exit, never the clock.
import { access, chmod, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { findOnPath } from "./find-on-path.ts";
import { openInEditor } from "./open-in-editor.ts";

const ONE_MINUTE = 60_000;
let root: string;
let folder: string;
let bin: string;
let file: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "june-open-in-editor-"));
  folder = join(root, "project");
  bin = join(root, "bin");
  await mkdir(folder);
  await mkdir(bin);
  file = join(folder, "flow.tsx");
  await writeFile(file, "export default 1;\n");
});
afterAll(() => rm(root, { recursive: true, force: true }));
beforeEach(async () => {
  for (const name of ["vi", "nvim", "nano", "code", "fancy-editor", "chatty", "doomed", "gedit"]) await rm(ran(name), { force: true });
});

/** An editor named `name` on the test's PATH: it records how it was called, then runs `body`. */
async function editor(name: string, body = "exit 0"): Promise<void> {
  const script = `#!/bin/sh\nprintf '%s\\n' "$@" > "${ran(name)}"\n${body}\n`;
  await writeFile(join(bin, name), script);
  await chmod(join(bin, name), 0o755);
}
const ran = (name: string) => join(root, `ran-${name}.txt`);
const argsOf = async (name: string) => (await readFile(ran(name), "utf8")).trimEnd().split("\n");
const wasRun = (name: string) => access(ran(name)).then(() => true, () => false);

/** Waits for a file the editor writes (state, not a sleep: it polls until the file is there). */
async function readWhenThere(path: string): Promise<string> {
  for (;;) {
    const text = await readFile(path, "utf8").catch(() => "");
    if (text.endsWith("\n")) return text;
    await new Promise((wake) => setTimeout(wake, 10));
  }
}

function open(env: NodeJS.ProcessEnv, exitWindowMs = ONE_MINUTE) {
  return openInEditor({ file: "flow.tsx", line: 3, column: 5, folder, env: { PATH: bin, HOME: root, ...env }, exitWindowMs });
}

describe.skipIf(process.platform === "win32")("openInEditor (POSIX shell-script editors; skipped on Windows)", () => {
  describe("a terminal editor is refused before it starts, with what to set instead", () => {
    it("EDITOR=vi (what npm sets for `npm start`) is not started and answers STUDIO_EDITOR_TERMINAL", async () => {
      await editor("vi");
      const result = await open({ EDITOR: "vi" });
      expect(result).toMatchObject({ ok: false, error: { code: "STUDIO_EDITOR_TERMINAL" } });
      const message = !result.ok ? result.error.message : "";
      expect(message).toContain("EDITOR=vi");
      expect(message).toContain('JUNE_EDITOR="code --goto"');
      expect(message).toContain("VISUAL");
      expect(await wasRun("vi")).toBe(false);
    });

    it("a terminal editor in VISUAL or EDITOR gives way to a windowed editor found on PATH", async () => {
      await editor("nvim");
      await editor("code");
      expect(await open({ VISUAL: "nvim", EDITOR: "nvim" })).toEqual({ ok: true, value: null });
      expect(await wasRun("nvim")).toBe(false);
      expect(await argsOf("code")).toEqual(["--goto", `${file}:3:5`]);
    });

    it("JUNE_EDITOR naming a terminal editor is refused, not overridden by `code` on PATH", async () => {
      await editor("nano");
      await editor("code");
      const result = await open({ JUNE_EDITOR: "nano" });
      expect(result).toMatchObject({ ok: false, error: { code: "STUDIO_EDITOR_TERMINAL" } });
      expect(!result.ok && result.error.message).toContain("JUNE_EDITOR=nano");
      expect(await wasRun("nano")).toBe(false);
    });
  });

  describe("an editor that fails at once is an error carrying the end of its output", () => {
    it("a non-zero exit names the code and what the editor printed", async () => {
      await editor("fancy-editor", "echo 'fancy-editor: cannot open display' >&2\nexit 3");
      const result = await open({ JUNE_EDITOR: "fancy-editor --new-window" });
      expect(result).toMatchObject({ ok: false, error: { code: "STUDIO_EDITOR_FAILED" } });
      const message = !result.ok ? result.error.message : "";
      expect(message).toContain("code 3");
      expect(message).toContain("fancy-editor: cannot open display");
      expect(message).toContain("JUNE_EDITOR");
      expect(await argsOf("fancy-editor")).toEqual(["--new-window", file]);
    });

    it("a long output is cut to its last lines", async () => {
      await editor("chatty", "i=1; while [ $i -le 300 ]; do echo \"line $i of noise\" >&2; i=$((i+1)); done\necho 'chatty: the real reason' >&2\nexit 1");
      const result = await open({ VISUAL: "chatty" });
      const message = !result.ok ? result.error.message : "";
      expect(message).toContain("chatty: the real reason");
      expect(message).not.toContain("line 1 of noise");
      expect(message.length).toBeLessThan(1500);
    });

    it("death by a signal is an error naming the signal", async () => {
      await editor("doomed", "kill -TERM $$");
      const result = await open({ EDITOR: "doomed" });
      expect(result).toMatchObject({ ok: false, error: { code: "STUDIO_EDITOR_FAILED" } });
      expect(!result.ok && result.error.message).toContain("SIGTERM");
    });

    it("an editor that cannot be started at all is an error", async () => {
      await writeFile(join(bin, "broken"), "#!/no/such/interpreter\n");
      await chmod(join(bin, "broken"), 0o755);
      const result = await open({ JUNE_EDITOR: "broken" });
      expect(result).toMatchObject({ ok: false, error: { code: "STUDIO_EDITOR_FAILED" } });
      expect(!result.ok && result.error.message).toContain("JUNE_EDITOR");
    });
  });

  describe("a launcher that hands off and exits 0, or an editor still running, is success", () => {
    it("`code --goto` exiting 0 at once (handed to a running window) is ok", async () => {
      await editor("code");
      expect(await open({})).toEqual({ ok: true, value: null });
      expect(await argsOf("code")).toEqual(["--goto", `${file}:3:5`]);
    });

    it("JUNE_EDITOR=\"code --goto\" passes --goto once", async () => {
      await editor("code");
      expect(await open({ JUNE_EDITOR: "code --goto" })).toEqual({ ok: true, value: null });
      expect(await argsOf("code")).toEqual(["--goto", `${file}:3:5`]);
    });

    it("an editor still running when the watch ends is ok, and is left running", async () => {
      const sleep = findOnPath("sleep", { PATH: "/usr/bin:/bin" });
      const pidFile = join(root, "gedit.pid");
      await editor("gedit", `echo $$ > "${pidFile}"\nexec "${sleep}" 30`);
      // The one short watch: the editor sleeps for half a minute, so it is running when the watch ends.
      expect(await open({ EDITOR: "gedit" }, 50)).toEqual({ ok: true, value: null });
      const pid = Number(await readWhenThere(pidFile));
      expect(() => process.kill(pid, 0)).not.toThrow();
      process.kill(pid, "SIGTERM");
    });
  });
});
