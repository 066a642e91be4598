import fs from "node:fs";
import type { ToolContext } from "@codebot/agentcore";
import { NotRegularFileError, openRegularFile } from "@codebot/hooks";
import { fileKind } from "../fs/file-kind.js";
import { changeHunks, editData } from "./claude-result-shapes.js";
import { writeProjectFile } from "./project-write.js";
import type { StringEdit } from "./string-edit-args.js";
import type { HeldFile, ToolEnvironment } from "./tool-environment.js";

/** claude 2.1.328's words to its model after such an edit (recorded). */
const STALE_NOTE =
  " (note: the file had been modified on disk since you last read it — the edit applied cleanly, but the file contains other changes not in your context. Read it before edits that depend on surrounding content.)";

/** The new text and how many places changed, or why the change cannot be made. */
export type EditResult = { ok: true; text: string; count: number } | { ok: false; error: string };

/**
 * Applies one replacement to a file's text: the new text and how many places changed, or why it
 * cannot be applied (the words the model reads to fix its call).
 */
export function applyStringEdit(text: string, edit: StringEdit): EditResult {
  if (edit.old_string === "") return { ok: false, error: "old_string is empty; use write to create a file" };
  if (edit.old_string === edit.new_string)
    return { ok: false, error: "old_string and new_string are the same; nothing to change" };
  // split/join replaces literally: no `$&` patterns as with String.replace.
  const pieces = text.split(edit.old_string);
  const count = pieces.length - 1;
  if (count === 0)
    return { ok: false, error: "old_string not found in the file; read the file and copy the text exactly" };
  if (count > 1 && edit.replace_all !== true) {
    return {
      ok: false,
      error: `old_string matches ${count} times; add surrounding context to make it unique, or set replace_all`,
    };
  }
  return { ok: true, text: pieces.join(edit.new_string), count };
}

/** What an edit makes of a file's text. */
export type TextEdit = (text: string) => EditResult;

/**
 * One edit of one file (the call's `args.file_path`): resolve the path, read the file,
 * apply `change` to its text, write it back atomically with its mode; the result the model reads,
 * and Claude Code's Edit result for hooks.
 */
export function editFile(
  env: ToolEnvironment,
  ctx: ToolContext,
  tool: string,
  args: { file_path: string; old_string: string; new_string: string; replace_all?: boolean | undefined },
  change: TextEdit,
): { content: string; isError: boolean; data?: Record<string, unknown> } {
  const filePath = args.file_path;
  const fail = (message: string) => ({ content: `${tool}: ${filePath}: ${message}`, isError: true });
  const resolved = env.paths.resolve(tool, filePath);
  if (!resolved.ok) return { content: resolved.error, isError: true };
  let held: HeldFile;
  try {
    // A named pipe nobody writes to held the whole session in readFileSync; a device may never end.
    const { fd, stat } = openRegularFile(resolved.path);
    try {
      held = { content: fs.readFileSync(fd), mode: stat.mode };
    } finally {
      fs.closeSync(fd);
    }
  } catch (error) {
    if (error instanceof NotRegularFileError) return fail(`is ${fileKind(error.stat)}, not a regular file`);
    const code = (error as NodeJS.ErrnoException).code;
    return fail(code === "ENOENT" ? "no such file" : (error as Error).message);
  }
  const { mode } = held;
  const text = held.content.toString("utf8");
  const edited = change(text);
  if (!edited.ok) return fail(edited.error);
  const view = env.fileViews?.beforeEdit(ctx.agentName, resolved.path, text);
  // `/rewind`'s copy is of the bytes just read, not of a second read.
  env.fileCheckpoints?.before(resolved.path, held);
  try {
    writeProjectFile(resolved.path, edited.text, mode);
  } catch (error) {
    return fail((error as Error).message);
  }
  env.fileCheckpoints?.after(resolved.path, edited.text);
  const hunks = changeHunks(text, edited.text);
  env.onFileWritten?.(text, edited.text, hunks);
  env.onCallWroteFile?.(ctx, args, resolved.path, edited.text);
  // What the model lacked it still lacks: only the part it changed is new to it.
  env.fileViews?.saw(ctx.agentName, resolved.path, edited.text, view?.contentNotInModelContext !== true);
  const what = edited.count === 1 ? "1 replacement" : `${edited.count} replacements`;
  return {
    content: `edited ${env.paths.display(resolved.path)} (${what})${view?.staleRecovered ? STALE_NOTE : ""}`,
    isError: false,
    data: editData(resolved.path, args, text, hunks, view),
  };
}
