import fs from "node:fs";
import path from "node:path";
import type { ToolCall, ToolMiddleware, ToolResult } from "@codebot/agentcore";
import { diffLines } from "./file-diff.js";
import type { Styles } from "./styles.js";

/** Larger files get no diff (reading and diffing them would stall the view). */
const MAX_BYTES = 512 * 1024;
const FILE_TOOLS = new Set(["edit", "write"]);

/** A file's text, undefined when it does not exist; null when it cannot be shown as a diff. */
type Snapshot = string | undefined | null;

/** How a call really ran: its arguments after any hook rewrite, and what it did to a file. */
export interface RanCall {
  /** The arguments the tool ran with. */
  call: ToolCall;
  /** For `edit` and `write`: the file before and after. */
  file?: { before: Snapshot; after: Snapshot };
  /** What the tool itself returned, before hooks added to it (once it has returned). */
  result?: ToolResult;
}

/**
 * The innermost tool middleware of an interactive session: it sees each call exactly as it runs
 * (after PreToolUse rewrites and approval), and for `edit` and `write` reads the file right before
 * and right after, so the terminal can show the diff of what changed. Kernel events reach the view
 * later and carry the model's arguments; `take` hands over what really ran.
 */
export class RanCalls {
  private readonly ran = new Map<string, RanCall>();

  constructor(private readonly cwd: string) {}

  readonly middleware: ToolMiddleware = async (call, next) => {
    const file = this.fileOf(call);
    const before = file === undefined ? undefined : read(file);
    const ran: RanCall = { call };
    this.ran.set(call.id, ran);
    const result = await next(call);
    ran.result = result;
    if (file !== undefined) ran.file = { before, after: result.isError ? null : read(file) };
    return result;
  };

  /** What ran for this call id (once; the entry is dropped). Undefined when the tool never ran. */
  take(id: string): RanCall | undefined {
    const ran = this.ran.get(id);
    this.ran.delete(id);
    return ran;
  }

  private fileOf(call: ToolCall): string | undefined {
    const file = call.args.file_path;
    if (!FILE_TOOLS.has(call.name) || typeof file !== "string" || file === "") return undefined;
    return path.resolve(this.cwd, file);
  }
}

/**
 * The result a call's line sums up: the tool's own output, without the reminders PostToolUse
 * hooks appended to it for the model (their context and feedback have their `⚑` lines) — `echo
 * hi` read `6 lines`. The result the model got when a hook replaced the output
 * (`updatedToolOutput`), or when the tool never ran.
 */
export function shownResult(ran: RanCall | undefined, given: ToolResult): ToolResult {
  const own = ran?.result;
  return own !== undefined && given.content.startsWith(own.content) ? own : given;
}

/** The diff lines of what a call did to its file; none when there is nothing to show. */
export function changeLines(ran: RanCall | undefined, s: Styles): string[] {
  const file = ran?.file;
  if (file === undefined || file.before === null || typeof file.after !== "string") return [];
  return diffLines(file.before, file.after, s);
}

function read(file: string): Snapshot {
  try {
    const stat = fs.statSync(file);
    if (!stat.isFile() || stat.size > MAX_BYTES) return null;
    const text = fs.readFileSync(file, "utf8");
    return text.includes("\u0000") ? null : text;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ENOENT" ? undefined : null;
  }
}
