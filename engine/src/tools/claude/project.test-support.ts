// Test support for the Claude Code built-ins: a fresh project folder (and a sibling "outside"
// folder) per test, files written by relative path, and a tool call the way the AI SDK makes it.
import { mkdir, mkdtemp, realpath, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect } from "vitest";
import { isJuneError } from "../../errors/index.ts";
import type { JuneErrorCode } from "../../errors/index.ts";
import type { ToolExecutionOptions } from "@ai-sdk/provider-utils";

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

// Any tool with an execute; its input type still checks each call.
type Executable = { execute: (input: any, options: ToolExecutionOptions<any>) => unknown };

/** Calls `tool` with `input` as the AI SDK would, and awaits its result (text for the file tools). */
export async function call<TOOL extends Executable>(tool: TOOL, input: Parameters<TOOL["execute"]>[0], abortSignal?: AbortSignal): Promise<string> {
  return (await tool.execute(input, { toolCallId: "call-1", messages: [], context: {}, ...(abortSignal ? { abortSignal } : {}) })) as string;
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
