import fs from "node:fs";
import type { Tool } from "@codebot/agentcore";
import { z } from "zod";
import { writeFileAtomic } from "../fs/atomic-write.js";
import { applyStringEdit } from "./string-edit.js";
import type { ToolEnvironment } from "./tool-environment.js";

const inputSchema = z.object({
  file_path: z.string().min(1).describe("The file to edit (relative to the project, or absolute)"),
  old_string: z.string().describe("The exact text to replace; it must occur exactly once unless replace_all"),
  new_string: z.string().describe("The replacement text"),
  replace_all: z.boolean().optional().describe("Replace every occurrence"),
});

/** `edit {file_path, old_string, new_string, replace_all?}`: exact string replacement. */
export function editTool(env: ToolEnvironment): Tool<z.infer<typeof inputSchema>> {
  return {
    name: "edit",
    description:
      "Replace an exact string in a file. old_string must match exactly once (add surrounding lines to make it unique), or set replace_all.",
    inputSchema,
    mutating: true,
    async execute(args) {
      const fail = (message: string) => ({ content: `edit: ${args.file_path}: ${message}`, isError: true });
      const resolved = env.paths.resolve("edit", args.file_path);
      if (!resolved.ok) return { content: resolved.error, isError: true };
      let text: string;
      let mode: number;
      try {
        text = fs.readFileSync(resolved.path, "utf8");
        mode = fs.statSync(resolved.path).mode;
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        return fail(code === "ENOENT" ? "no such file" : (error as Error).message);
      }
      const edited = applyStringEdit(text, args);
      if (!edited.ok) return fail(edited.error);
      const count = edited.count;
      try {
        writeFileAtomic(resolved.path, edited.text, mode);
      } catch (error) {
        return fail((error as Error).message);
      }
      const what = count === 1 ? "1 replacement" : `${count} replacements`;
      return { content: `edited ${env.paths.display(resolved.path)} (${what})`, isError: false };
    },
  };
}
