import type { Tool } from "@codebot/agentcore";
import { z } from "zod";
import { applyStringEdit, editFile } from "./string-edit.js";
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
      return editFile(env, "multi_edit", args.file_path, (original) => {
        let text = original;
        let count = 0;
        for (const [i, edit] of args.edits.entries()) {
          const edited = applyStringEdit(text, edit);
          if (!edited.ok)
            return {
              ok: false,
              error: `edit ${i + 1} of ${args.edits.length}: ${edited.error}; nothing was changed`,
            };
          text = edited.text;
          count += edited.count;
        }
        return { ok: true, text, count };
      });
    },
  };
}
