import fs from "node:fs";
import type { Tool } from "@codebot/agentcore";
import { openRegularFile } from "@codebot/hooks";
import { z } from "zod";
import { fileKind } from "../fs/file-kind.js";
import { changeHunks, writeData } from "./claude-result-shapes.js";
import { writeProjectFile } from "./project-write.js";
import type { ToolEnvironment } from "./tool-environment.js";

const inputSchema = z.object({
  file_path: z.string().min(1).describe("The file to write (relative to the project, or absolute)"),
  content: z.string().describe("The whole new content of the file"),
});

/** `write {file_path, content}`: replaces the whole file atomically, creating parent directories. */
export function writeTool(env: ToolEnvironment): Tool<z.infer<typeof inputSchema>> {
  return {
    name: "write",
    description: "Write a whole file (created if missing, parent directories too; replaced if present).",
    inputSchema,
    mutating: true,
    async execute(args, ctx) {
      const resolved = env.paths.resolve("write", args.file_path);
      if (!resolved.ok) return { content: resolved.error, isError: true };
      const existing = statOrUndefined(resolved.path);
      // A named pipe or a device is not written over: reading what it held (below) waited for ever
      // on a pipe nobody writes to, with the whole session.
      if (existing !== undefined && !existing.isFile())
        return { content: `write: ${args.file_path} is ${fileKind(existing)}`, isError: true };
      // What it held, for the lines the write changes and Claude Code's Write result for hooks,
      // read once: `/rewind`'s copy is made of the same bytes.
      const held = existing ? readOrUndefined(resolved.path) : undefined;
      env.fileCheckpoints?.before(
        resolved.path,
        held && existing ? { content: held, mode: existing.mode } : undefined,
      );
      try {
        // Keep an existing file's permissions (an executable script stays executable).
        writeProjectFile(resolved.path, args.content, existing?.mode);
      } catch (error) {
        return { content: `write: ${args.file_path}: ${(error as Error).message}`, isError: true };
      }
      env.fileCheckpoints?.after(resolved.path, args.content);
      const before = held?.toString("utf8");
      const hunks = changeHunks(before, args.content);
      env.onFileWritten?.(before, args.content, hunks);
      env.onCallWroteFile?.(ctx, args, resolved.path, args.content);
      env.fileViews?.saw(ctx.agentName, resolved.path, args.content, true);
      const verb = existing ? "updated" : "created";
      return {
        content: `${verb} ${env.paths.display(resolved.path)} (${Buffer.byteLength(args.content)} bytes)`,
        isError: false,
        data: writeData(resolved.path, args.content, before, hunks),
      };
    },
  };
}

/** Its bytes; undefined when it cannot be read or is no regular file now (swapped since the stat). */
function readOrUndefined(file: string): Buffer | undefined {
  let fd: number;
  try {
    ({ fd } = openRegularFile(file));
  } catch {
    return undefined;
  }
  try {
    return fs.readFileSync(fd);
  } catch {
    return undefined;
  } finally {
    fs.closeSync(fd);
  }
}

function statOrUndefined(file: string): fs.Stats | undefined {
  try {
    return fs.statSync(file);
  } catch {
    return undefined;
  }
}
