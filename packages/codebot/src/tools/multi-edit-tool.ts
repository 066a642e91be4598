import fs from "node:fs";
import type { Tool } from "@codebot/agentcore";
import { z } from "zod";
import { writeFileAtomic } from "../fs/atomic-write.js";
import { applyStringEdit } from "./string-edit.js";
import type { ToolEnvironment } from "./tool-environment.js";

const inputSchema = z.object({
  file_path: z.string().min(1).describe("The file to edit (relative to the project, or absolute)"),
  edits: z
    .array(
      z.object({
        old_string: z.string().describe("The exact text to replace"),
        new_string: z.string().describe("The replacement text"),
        replace_all: z.boolean().optional().describe("Replace every occurrence"),
      }),
    )
    .min(1)
    .describe("Replacements applied in order, each to the result of the one before"),
});

/**
 * `multi_edit {file_path, edits[]}` (Claude Code's MultiEdit): several exact replacements in one
 * file, applied in order, all or nothing — if one cannot be applied the file is left untouched.
 */
export function multiEditTool(env: ToolEnvironment): Tool<z.infer<typeof inputSchema>> {
  return {
    name: "multi_edit",
    description:
      "Make several exact string replacements in one file, in order; each old_string must match exactly once in the text as the earlier edits left it (or set replace_all). If any edit fails, none is applied.",
    inputSchema,
    mutating: true,
    async execute(args) {
      const fail = (message: string) => ({
        content: `multi_edit: ${args.file_path}: ${message}`,
        isError: true,
      });
      const resolved = env.paths.resolve("multi_edit", args.file_path);
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
      let total = 0;
      for (const [i, edit] of args.edits.entries()) {
        const edited = applyStringEdit(text, edit);
        if (!edited.ok)
          return fail(`edit ${i + 1} of ${args.edits.length}: ${edited.error}; nothing was changed`);
        text = edited.text;
        total += edited.count;
      }
      try {
        writeFileAtomic(resolved.path, text, mode);
      } catch (error) {
        return fail((error as Error).message);
      }
      const what = total === 1 ? "1 replacement" : `${total} replacements`;
      return { content: `edited ${env.paths.display(resolved.path)} (${what})`, isError: false };
    },
  };
}
