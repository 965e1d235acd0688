// Claude Code's Write: creates or replaces a whole file, making its folders as needed.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { tool } from "ai";
import type { ExecutableTool, Tool } from "@ai-sdk/provider-utils";
import { z } from "zod";
import { markBuiltin } from "../builtin.ts";
import { confine } from "./confine.ts";
import { builtinError, fileError } from "./file-errors.ts";
import { lineCount, statFile } from "./text-file.ts";

/** What the model sends to Write. */
export interface WriteInput {
  file_path: string;
  content: string;
}

/** The Write tool. */
export type WriteTool = ExecutableTool<Tool<WriteInput, string>>;

const writeInputSchema = z.object({
  file_path: z.string().min(1).describe("The file to write: an absolute path, or a path relative to the project folder."),
  content: z.string().describe("The complete new content of the file."),
});

/**
 * Write, confined to `root`.
 *
 * @example
 * await writeTool("/work/app", false).execute({ file_path: "notes/todo.md", content: "- ship\n" }, options);
 * // "Created notes/todo.md (1 line)"
 */
export function writeTool(root: string, needsApproval: boolean): WriteTool {
  const write = tool({
    description: WRITE_DESCRIPTION,
    inputSchema: writeInputSchema,
    needsApproval,
    execute: async ({ file_path, content }) => {
      const file = await confine(root, file_path);
      const existing = await statFile(file, "write");
      if (existing?.isDirectory()) {
        throw builtinError(`june: could not write ${file.display}: it is a folder, not a file; give a file path`);
      }
      try {
        await mkdir(path.dirname(file.real), { recursive: true });
        await writeFile(file.real, content, "utf8");
      } catch (error) {
        throw fileError("write", file.display, error);
      }
      return `${existing ? "Updated" : "Created"} ${file.display} (${lineCount(content)})`;
    },
  });
  return markBuiltin(write, "Write");
}

const WRITE_DESCRIPTION = [
  "Write a file in the project folder, replacing it entirely if it exists.",
  "file_path is an absolute path or a path relative to the project folder; paths outside the project folder are refused. " +
    "Missing parent folders are created.",
  "To change part of an existing file, prefer Edit: it sends only the change. Read an existing file before overwriting it.",
  "Only create new files (such as documentation) when the task needs them.",
].join("\n");
