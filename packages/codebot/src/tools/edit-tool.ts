import type { Tool } from "@codebot/agentcore";
import { z } from "zod";
import { trimNewStringLines } from "./edit-new-string.js";
import { applyStringEdit, editFile } from "./string-edit.js";
import type { ToolEnvironment } from "./tool-environment.js";

const inputSchema = z
  .object({
    file_path: z.string().min(1).describe("The file to edit (relative to the project, or absolute)"),
    old_string: z
      .string()
      .describe("The exact text to replace; it must occur exactly once unless replace_all"),
    new_string: z.string().describe("The replacement text"),
    replace_all: z.boolean().optional().describe("Replace every occurrence"),
  })
  // Checked arguments are what hooks see and the tool applies: one trimmed text for both.
  .transform((args) => ({ ...args, new_string: trimNewStringLines(args.file_path, args.new_string) }));

/** `edit {file_path, old_string, new_string, replace_all?}`: exact string replacement. */
export function editTool(env: ToolEnvironment): Tool<z.infer<typeof inputSchema>> {
  return {
    name: "edit",
    description:
      "Replace an exact string in a file. old_string must match exactly once (add surrounding lines to make it unique), or set replace_all.",
    inputSchema,
    mutating: true,
    async execute(args, ctx) {
      return editFile(env, ctx, "edit", args, (text) => applyStringEdit(text, args));
    },
  };
}
