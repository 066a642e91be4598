import fs from "node:fs";
import type { Tool } from "@codebot/agentcore";
import { NotRegularFileError, openRegularFile, type RegularFile } from "@codebot/hooks";
import { z } from "zod";
import { fileKind } from "../fs/file-kind.js";
import { numberedLines, readContentFromData, readDataOfText } from "./claude-result-shapes.js";
import type { ToolEnvironment } from "./tool-environment.js";

const DEFAULT_LIMIT = 2000;
const MAX_LINE = 2000;
const MAX_BYTES = 20 * 1024 * 1024;

const inputSchema = z.object({
  file_path: z.string().min(1).describe("The file to read (relative to the project, or absolute)"),
  offset: z.number().int().positive().optional().describe("The 1-based line to start at"),
  limit: z.number().int().positive().optional().describe(`How many lines to read (default ${DEFAULT_LIMIT})`),
});

/** `read {file_path, offset?, limit?}`: the file's lines numbered like `cat -n`. */
export function readTool(env: ToolEnvironment): Tool<z.infer<typeof inputSchema>> {
  return {
    name: "read",
    description: "Read a text file; lines are numbered like `cat -n`. Use offset and limit for long files.",
    inputSchema,
    concurrencySafe: true,
    contentFromData: readContentFromData,
    async execute(args, ctx) {
      const resolved = env.paths.resolve("read", args.file_path);
      if (!resolved.ok) return { content: resolved.error, isError: true };
      const file = resolved.path;
      let opened: RegularFile;
      try {
        opened = openRegularFile(file);
      } catch (error) {
        return { content: `read: ${args.file_path}${whyNotRead(error)}`, isError: true };
      }
      let bytes: Buffer;
      try {
        if (opened.stat.size > MAX_BYTES)
          return { content: `read: ${args.file_path} is larger than 20 MiB`, isError: true };
        // Read without holding the event loop, as before: reads run in parallel (concurrencySafe).
        bytes = await new Promise<Buffer>((resolve, reject) =>
          fs.readFile(opened.fd, (error, data) => (error ? reject(error) : resolve(data))),
        );
      } finally {
        fs.closeSync(opened.fd);
      }
      if (bytes.subarray(0, 8000).includes(0))
        return { content: `read: ${args.file_path} looks like a binary file`, isError: true };
      const text = bytes.toString("utf8");
      const lines = text.split("\n");
      if (lines.at(-1) === "") lines.pop();
      const limit = args.limit ?? DEFAULT_LIMIT;
      if (lines.length === 0) {
        env.fileViews?.saw(ctx.agentName, file, text, true);
        return { content: "(empty file)", isError: false, data: readDataOfText(file, text, 1, limit) };
      }
      const start = (args.offset ?? 1) - 1;
      if (start >= lines.length) {
        return {
          content: `read: ${args.file_path} has only ${lines.length} lines (offset ${args.offset})`,
          isError: true,
        };
      }
      const shown = lines.slice(start, start + limit);
      const rest = lines.length - start - shown.length;
      const more = rest > 0 ? `\n[${rest} more lines; read on with offset ${start + shown.length + 1}]` : "";
      // All of it seen: from the first line to the last, no line cut.
      const whole = start === 0 && rest === 0 && shown.every((line) => line.length <= MAX_LINE);
      env.fileViews?.saw(ctx.agentName, file, text, whole);
      return {
        content: numberedLines(shown.map(cut), start + 1) + more,
        isError: false,
        data: readDataOfText(file, text, start + 1, limit),
      };
    },
  };
}

/** Why a file the model named was not opened, to follow its name in the result. */
function whyNotRead(error: unknown): string {
  if (error instanceof NotRegularFileError) {
    if (error.stat.isDirectory()) return " is a directory; use glob to list it";
    // A named pipe nobody writes to was waited on for ever; a device may never end.
    return ` is ${fileKind(error.stat)}, not a regular file`;
  }
  const code = (error as NodeJS.ErrnoException).code;
  return code === "ENOENT" || code === "ENOTDIR" ? ": no such file" : `: ${(error as Error).message}`;
}

function cut(line: string): string {
  return line.length > MAX_LINE ? `${line.slice(0, MAX_LINE)}… [line cut]` : line;
}
