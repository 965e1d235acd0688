// Test support for the Claude Code built-ins: a fresh project folder (and a sibling "outside"
// folder) per test, files written by relative path, and a tool call the way the AI SDK makes it.
import { mkdir, mkdtemp, realpath, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect } from "vitest";
import { isJuneError } from "../../errors/index.ts";
import type { JuneErrorCode } from "../../errors/index.ts";

/** A temp folder holding `project/` (the root) and `outside/` (a neighbour the tools must not reach). */
export interface TempProject {
  root: string;
  outside: string;
  /** Writes `content` at `relative` under the root, creating folders; optional mtime in seconds since the epoch. */
  write(relative: string, content: string | Uint8Array, mtimeSeconds?: number): Promise<string>;
}

/** Registers beforeEach/afterEach that make and remove a fresh {@link TempProject}; read `.current` inside tests. */
export function useTempProject(): { current: TempProject } {
  const holder = {} as { current: TempProject };
  let base = "";
  beforeEach(async () => {
    base = await realpath(await mkdtemp(path.join(tmpdir(), "june-claude-")));
    const root = path.join(base, "project");
    const outside = path.join(base, "outside");
    await mkdir(root);
    await mkdir(outside);
    holder.current = {
      root,
      outside,
      async write(relative, content, mtimeSeconds) {
        const file = path.join(root, relative);
        await mkdir(path.dirname(file), { recursive: true });
        await writeFile(file, content);
        if (mtimeSeconds !== undefined) await utimes(file, mtimeSeconds, mtimeSeconds);
        return file;
      },
    };
  });
  afterEach(async () => {
    await rm(base, { recursive: true, force: true });
  });
  return holder;
}

interface CallableTool<INPUT, OUTPUT> {
  execute: (input: INPUT, options: { toolCallId: string; messages: []; context: {}; abortSignal?: AbortSignal }) => unknown;
  readonly __output?: OUTPUT;
}

/** Calls `tool` with `input` as the AI SDK would, and awaits its result. */
export async function call<INPUT, OUTPUT = string>(tool: CallableTool<INPUT, OUTPUT>, input: INPUT): Promise<OUTPUT> {
  return (await tool.execute(input, { toolCallId: "call-1", messages: [], context: {} })) as OUTPUT;
}

/** Awaits `promise`'s rejection and checks it is a JuneError with `code`; returns its message. */
export async function failure(promise: Promise<unknown>, code: JuneErrorCode): Promise<string> {
  const error = await promise.then(
    () => expect.unreachable("expected the call to fail"),
    (reason: unknown) => reason,
  );
  if (!isJuneError(error)) throw error;
  expect(error.code).toBe(code);
  return error.message;
}
