// Claude Code's Write: creates or replaces a whole file, making its folders as needed. The file
// is opened and checked before anything is written (opened-file.ts), so a path swapped after the
// check, or a hard link to a file outside, is refused rather than written through.
import { tool } from "ai";
import type { ExecutableTool, Tool } from "@ai-sdk/provider-utils";
import { z } from "zod";
import { markBuiltin } from "../builtin.ts";
import { confine, DEFAULT_STUDIO_DATA } from "./confine.ts";
import { fileError } from "./file-errors.ts";
import { openForWriting, overwrite } from "./opened-file.ts";
import { lineCount } from "./text-file.ts";

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
 * Write, confined to `root` and kept out of the `studioData` folders (absolute, or relative to `root`).
 *
 * @example
 * await writeTool("/work/app", false).execute({ file_path: "notes/todo.md", content: "- ship\n" }, options);
 * // "Created notes/todo.md (1 line)"
 */
export function writeTool(root: string, needsApproval: boolean, studioData: readonly string[] = DEFAULT_STUDIO_DATA): WriteTool {
  const write = tool({
    description: WRITE_DESCRIPTION,
    inputSchema: writeInputSchema,
    needsApproval,
    execute: async ({ file_path, content }) => {
      const file = await confine(root, file_path, studioData);
      const { handle, created } = await openForWriting(file, "write", "it is a folder, not a file; give a file path");
      try {
        await overwrite(handle, content);
      } catch (error) {
        throw fileError("write", file.display, error);
      } finally {
        await handle.close();
      }
      return `${created ? "Created" : "Updated"} ${file.display} (${lineCount(content)})`;
    },
  });
  return markBuiltin(write, "Write");
}

const WRITE_DESCRIPTION = [
  "Write a file in the project folder, replacing it entirely if it exists.",
  "file_path is an absolute path or a path relative to the project folder; paths outside the project folder are refused. " +
    "Missing parent folders are created.",
  "A file with more than one hard link, and the studio's run records in .june/, are refused.",
  "To change part of an existing file, prefer Edit: it sends only the change. Read an existing file before overwriting it.",
  "Only create new files (such as documentation) when the task needs them.",
].join("\n");
