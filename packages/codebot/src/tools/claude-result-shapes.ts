/**
 * The structured data the `bash`, `read`, `edit`, `write` and `agent` tools give with their results, in
 * Claude Code's own shapes for Bash, Read, Edit, Write and Agent, so that a hook written for Claude Code
 * finds `tool_response.stdout`, `tool_response.file.content` or `tool_response.structuredPatch`
 * where it looks — and the way back for Bash and Read: the text the model reads when a
 * PostToolUse hook gives such a shape as `updatedToolOutput` (a redaction, say). A value not in
 * the shape is refused, as claude 2.1.328 refuses it (it checks the tool's output schema).
 */

import path from "node:path";
import type { ModelMessage } from "ai";
import { structuredPatch } from "diff";
import type { EditView } from "./model-file-views.js";
import type { StringEdit } from "./string-edit-args.js";

/** A successful bash call's result as Claude Code's Bash gives it; codebot interleaves stderr into `stdout`. */
export function bashData(text: string): Record<string, unknown> {
  return { stdout: text, stderr: "", interrupted: false, isImage: false };
}

/**
 * A bash call that exited non-zero, as Claude Code words its failure: `Exit code N`, then the
 * output trimmed (claude 2.1.328, recorded: PostToolUseFailure's `error`, and stream-json's
 * `tool_use_result` after `Error: `). The model keeps codebot's own text (`… [exit code N]`).
 */
export function bashFailureData(exitCode: number, output: string): Record<string, unknown> {
  const text = output.trim();
  return { error: text === "" ? `Exit code ${exitCode}` : `Exit code ${exitCode}\n${text}` };
}

/** A Bash-shaped value (`stdout`, `stderr`, `interrupted`) as the model reads it: stdout, then stderr. */
export function bashContentFromData(data: unknown): string | undefined {
  if (!isRecord(data)) return undefined;
  const { stdout, stderr, interrupted } = data;
  if (typeof stdout !== "string" || typeof stderr !== "string" || typeof interrupted !== "boolean")
    return undefined;
  return [stdout, stderr].filter((part) => part !== "").join("\n") || "(no output)";
}

/** The lines a read showed, as Claude Code's Read gives them (`startLine` is 1-based). */
export function readData(
  filePath: string,
  shown: readonly string[],
  startLine: number,
  totalLines: number,
): Record<string, unknown> {
  return {
    type: "text",
    file: { filePath, content: shown.join("\n"), numLines: shown.length, startLine, totalLines },
  };
}

/**
 * A read of `text` from line `startLine` (1-based), at most `limit` lines, as Claude Code's Read
 * gives it (claude 2.1.328, recorded): its lines are split at `\n` or `\r\n`, and a final newline
 * ends in an empty last line — so `content` keeps the file's text, `"a\nb\n"` is 3 lines and an
 * empty file 1. The model reads codebot's own numbered lines; this is what hooks compare.
 */
export function readDataOfText(
  filePath: string,
  text: string,
  startLine: number,
  limit: number,
): Record<string, unknown> {
  const lines = text.split(/\r?\n/);
  return readData(filePath, lines.slice(startLine - 1, startLine - 1 + limit), startLine, lines.length);
}

/** A Read-shaped value (`{type: "text", file: {content, startLine?}}`) as numbered lines. */
export function readContentFromData(data: unknown): string | undefined {
  if (!isRecord(data) || data.type !== "text" || !isRecord(data.file)) return undefined;
  const { content, startLine } = data.file;
  if (typeof content !== "string") return undefined;
  if (content === "") return "(empty file)";
  const first = typeof startLine === "number" && Number.isInteger(startLine) && startLine > 0 ? startLine : 1;
  // Read's own `content` keeps the file's final newline; the model is not shown it as a line.
  const lines = content.split("\n");
  if (lines.at(-1) === "") lines.pop();
  return numberedLines(lines, first);
}

/** Lines numbered like `cat -n`, the first one `first`. */
export function numberedLines(lines: readonly string[], first: number): string {
  return lines.map((line, i) => `${String(first + i).padStart(6)}\t${line}`).join("\n");
}

/**
 * A successful edit as Claude Code's Edit gives it (claude 2.1.328, recorded): the strings asked
 * for, the whole file before, the change as hunks, and — only when true — `staleRecovered` and
 * `contentNotInModelContext` (what the model lacked of the file: model-file-views.ts).
 */
export function editData(
  filePath: string,
  args: StringEdit,
  before: string,
  hunks: () => FileHunk[],
  view?: EditView,
): Record<string, unknown> {
  return {
    filePath,
    oldString: args.old_string,
    newString: args.new_string,
    originalFile: before,
    get structuredPatch() {
      return hunks();
    },
    userModified: false,
    replaceAll: args.replace_all ?? false,
    ...(view?.staleRecovered ? { staleRecovered: true } : {}),
    ...(view?.contentNotInModelContext ? { contentNotInModelContext: true } : {}),
  };
}

/** A successful write as Claude Code's Write gives it (recorded): a new file has no hunks and `originalFile: null`. */
export function writeData(
  filePath: string,
  content: string,
  before: string | undefined,
  hunks: () => FileHunk[],
): Record<string, unknown> {
  return {
    type: before === undefined ? "create" : "update",
    filePath,
    content,
    get structuredPatch() {
      return hunks();
    },
    originalFile: before ?? null,
    userModified: false,
  };
}

/** One hunk of a change, as jsdiff and claude's `structuredPatch` give it. */
export interface FileHunk {
  oldStart: number;
  oldLines: number;
  newStart: number;
  newLines: number;
  lines: string[];
}

/**
 * A file's change (`before` undefined: the file is new, no hunks) as hunks worked out when first
 * asked for, once, and shared by those who ask: a hook's payload and stream-json's
 * `tool_use_result` (the data's `structuredPatch` getter; JSON.stringify calls it) and /cost's
 * line count. Diffing cost every write or edit of a 64 KiB file about 0.3 ms (bench:write-edit):
 * done at once for a session with no reader, and a second time for the count.
 */
export function changeHunks(before: string | undefined, after: string): () => FileHunk[] {
  let hunks: FileHunk[] | undefined;
  return () => {
    hunks ??= before === undefined ? [] : patchHunks(before, after);
    return hunks;
  };
}

/** The lines hunks add and remove (a line changed: one of each). */
export function hunkLineCounts(hunks: readonly FileHunk[]): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  for (const hunk of hunks)
    for (const line of hunk.lines) {
      if (line.startsWith("+")) added += 1;
      else if (line.startsWith("-")) removed += 1;
    }
  return { added, removed };
}

/**
 * Beyond this many changed lines the change is not diffed line by line: diffing a whole rewrite of
 * a big file takes minutes (60,000 lines: jsdiff gave up after 0.2 s with this bound, and had not
 * finished after minutes without it).
 */
export const MAX_DIFFED_EDITS = 1000;

/**
 * The change as claude's hunks: unified diff with 3 lines of context, jsdiff's `\ No newline at
 * end of file` kept; a change larger than MAX_DIFFED_EDITS is one hunk of the whole file.
 */
export function patchHunks(before: string, after: string): FileHunk[] {
  const patch = structuredPatch("", "", before, after, undefined, undefined, {
    context: 3,
    maxEditLength: MAX_DIFFED_EDITS,
  });
  if (patch === undefined) return [wholeFileHunk(before, after)];
  return patch.hunks.map(({ oldStart, oldLines, newStart, newLines, lines }) => ({
    oldStart,
    oldLines,
    newStart,
    newLines,
    lines,
  }));
}

/** Every line removed, then every line added: a true diff, if not the shortest. */
export function wholeFileHunk(before: string, after: string): FileHunk {
  const removed = signedLines(before, "-");
  const added = signedLines(after, "+");
  return {
    oldStart: 1,
    oldLines: removed.count,
    newStart: 1,
    newLines: added.count,
    lines: [...removed.lines, ...added.lines],
  };
}

function signedLines(text: string, sign: string): { lines: string[]; count: number } {
  if (text === "") return { lines: [], count: 0 };
  const lines = text.split("\n");
  const endsLine = lines.at(-1) === "";
  if (endsLine) lines.pop();
  const signed = lines.map((line) => sign + line);
  return { lines: endsLine ? signed : [...signed, "\\ No newline at end of file"], count: lines.length };
}

/**
 * The data the tool named gives with a successful result of this text, for a call that did not
 * run (`codebot hooks test PostToolUse --tool read --output …`): a read's text is the lines shown.
 */
export function successData(
  tool: string,
  args: Record<string, unknown>,
  text: string,
  cwd: string,
): Record<string, unknown> | undefined {
  if (tool === "bash") return bashData(text);
  if (tool !== "read" || typeof args.file_path !== "string") return undefined;
  const lines = text === "" ? [] : text.split("\n");
  return readData(path.resolve(cwd, args.file_path), lines, 1, lines.length);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * A sub-agent's answer as Claude Code's Agent gives it when the call waited for it (claude
 * 2.1.328, recorded: PostToolUse's `tool_response` for `devil:devil`). Not given: claude's
 * token counts and its own bookkeeping (`usage`, `totalTokens`, `harness…`, `canContinueAgent`).
 */
export function agentData(
  run: { id: string; type: string },
  prompt: string,
  answer: string,
  newMessages: readonly ModelMessage[],
  durationMs: number,
): Record<string, unknown> {
  const toolUses = newMessages
    .filter((m) => m.role === "assistant" && Array.isArray(m.content))
    .flatMap((m) => m.content as readonly { type: string }[])
    .filter((part) => part.type === "tool-call").length;
  return {
    status: "completed",
    prompt,
    agentId: run.id,
    agentType: run.type,
    content: [{ type: "text", text: answer }],
    totalDurationMs: durationMs,
    totalToolUseCount: toolUses,
  };
}
