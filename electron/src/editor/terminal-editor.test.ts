// Which editors would run in a terminal — and so open nothing from the studio, which has none.
import { describe, expect, it } from "vitest";
import { terminalOnly, type EditorInvocation } from "./terminal-editor.ts";

const display = { DISPLAY: ":0" };
const noDisplay = {};

describe("terminalOnly", () => {
  it.each<[string, EditorInvocation]>([
    ["vi", { command: "vi", args: [] }],
    ["vim by path", { command: "/usr/bin/vim", args: ["-u", "NONE"] }],
    ["nvim", { command: "nvim", args: [] }],
    ["nano", { command: "nano", args: ["-w"] }],
    ["pico", { command: "pico", args: [] }],
    ["micro", { command: "micro", args: [] }],
    ["helix as hx", { command: "hx", args: [] }],
    ["helix", { command: "helix", args: [] }],
    ["kakoune", { command: "kak", args: [] }],
    ["joe", { command: "joe", args: [] }],
    ["ne", { command: "ne", args: [] }],
    ["ed", { command: "ed", args: [] }],
    ["mg", { command: "mg", args: [] }],
    ["Debian's vim.basic", { command: "/usr/bin/vim.basic", args: [] }],
    ["Debian's emacs-nox", { command: "emacs-nox", args: [] }],
    ["Debian's sensible-editor", { command: "sensible-editor", args: [] }],
    ["Windows vim.exe", { command: "C:\\Vim\\vim91\\vim.exe", args: [] }],
    ["`editor` linking to nano", { command: "/usr/bin/editor", args: [], resolved: "/usr/bin/nano" }],
    ["`vi` linking to vim.gtk3 (vim reads its argv[0]: this is terminal vim)", { command: "vi", args: [], resolved: "/usr/bin/vim.gtk3" }],
    ["emacs -nw", { command: "emacs", args: ["-nw"] }],
    ["emacs --no-window-system", { command: "emacs", args: ["--no-window-system"] }],
    ["emacs --daemon (no frame at all)", { command: "emacs", args: ["--daemon"] }],
    ["emacsclient -t", { command: "emacsclient", args: ["-t"] }],
    ["emacsclient --tty", { command: "emacsclient", args: ["--tty"] }],
  ])("%s runs in a terminal, even with a display", (_, invocation) => {
    expect(terminalOnly(invocation, display, "linux")).toEqual(expect.any(String));
  });

  it.each<[string, EditorInvocation]>([
    ["code", { command: "code", args: [] }],
    ["code --goto", { command: "/usr/local/bin/code", args: ["--goto"] }],
    ["subl", { command: "subl", args: ["-n"] }],
    ["zed", { command: "zed", args: [] }],
    ["gvim (links to vim.gtk3, but its name opens a window)", { command: "gvim", args: [], resolved: "/usr/bin/vim.gtk3" }],
    ["mvim", { command: "mvim", args: [] }],
    ["vim -g", { command: "vim", args: ["-g"] }],
    ["vim --remote-silent (hands off to a running Vim)", { command: "vim", args: ["--servername", "GVIM", "--remote-silent"] }],
    ["nvim --server … --remote", { command: "nvim", args: ["--server", "/tmp/nvim.sock", "--remote"] }],
    ["neovide", { command: "neovide", args: [] }],
    ["plain emacs with a display", { command: "emacs", args: [] }],
    ["emacs-gtk with a display", { command: "emacs-gtk", args: [] }],
    ["emacsclient -n (the running Emacs's frame)", { command: "emacsclient", args: ["-n"] }],
    ["emacsclient -c with a display", { command: "emacsclient", args: ["-c", "-n"] }],
    ["an editor we don't know (started and watched instead)", { command: "/opt/fancy/bin/fancy-editor", args: [] }],
    ["an unknown name linking to an unknown file", { command: "e", args: [], resolved: "/opt/e/bin/e-gui" }],
  ])("%s opens a window (or is not known to be a terminal editor)", (_, invocation) => {
    expect(terminalOnly(invocation, display, "linux")).toBeUndefined();
  });

  it("takes plain emacs and emacsclient -c to the terminal on Linux without DISPLAY or WAYLAND_DISPLAY, not on macOS or Windows", () => {
    expect(terminalOnly({ command: "emacs", args: [] }, noDisplay, "linux")).toMatch(/DISPLAY/);
    expect(terminalOnly({ command: "emacsclient", args: ["-c"] }, noDisplay, "freebsd")).toMatch(/DISPLAY/);
    expect(terminalOnly({ command: "emacs", args: [] }, { WAYLAND_DISPLAY: "wayland-0" }, "linux")).toBeUndefined();
    expect(terminalOnly({ command: "emacs", args: [] }, noDisplay, "darwin")).toBeUndefined();
    expect(terminalOnly({ command: "emacs.exe", args: [] }, noDisplay, "win32")).toBeUndefined();
  });

  it("says why, naming the flag when a flag decides", () => {
    expect(terminalOnly({ command: "vi", args: [] }, display, "linux")).toMatch(/gvim/);
    expect(terminalOnly({ command: "emacs", args: ["-nw"] }, display, "linux")).toMatch(/-nw/);
    expect(terminalOnly({ command: "emacsclient", args: ["-t"] }, display, "linux")).toMatch(/-t/);
  });
});
