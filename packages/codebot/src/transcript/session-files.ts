import fs from "node:fs";
import path from "node:path";
import { projectSlug } from "../paths/project-slug.js";
import { senderOf } from "./line-sender.js";
import { type CheckedLine, checkLine } from "./line-shape.js";
import { promptAsTyped } from "./local-command-lines.js";
import { isSessionId } from "./session-id.js";
import { titleOf } from "./title-line.js";
import { TITLE_WINDOW } from "./transcript-writer.js";

/** Where a project's transcripts and task lists live: `<CODEBOT_HOME>/projects/<slug>/`. */
export function sessionDirectory(codebotHome: string, cwd: string): string {
  return path.join(codebotHome, "projects", projectSlug(cwd));
}

/** A session of the project, as `--resume` lists it. */
export interface SessionSummary {
  id: string;
  transcriptPath: string;
  /** When its transcript was last written. */
  modified: Date;
  /** Its last line's and its first line's `timestamp` (epoch ms), when they have one: what breaks a tie of `modified`. */
  lastLineAt?: number;
  firstLineAt?: number;
  /** The start of its first prompt ("" when it has none). */
  firstPrompt: string;
  /** Its title, when a hook named it (title-line.ts). */
  title?: string;
  /** The session it was forked from (`--fork-session`, claude's `/branch`): its first message's `forkedFrom`. */
  forkedFrom?: string;
  /** The folder it ran in, as its first line with one says: the all-projects list (`-r`'s Ctrl+A) shows it. */
  folder?: string;
  /** The git branch its last message line names (`-r`'s Ctrl+B lists the current branch's). */
  branch?: string;
}

/** Only the start of a transcript is read for its first prompt. */
const HEAD_BYTES = 64 * 1024;

/**
 * The project's sessions, the most recently written first. A session whose transcript holds no
 * conversation (started and left without a prompt) is left out: `-c` would resume nothing from it
 * and pass over the session the user means. `--resume <id>` still opens it. One begun by `/clear`
 * counts: the user means to go on with it, as claude's `-c` does.
 */
export function listSessions(dir: string, withFolder = false): SessionSummary[] {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  const sessions: SessionSummary[] = [];
  for (const name of names) {
    if (!name.endsWith(".jsonl")) continue;
    const id = name.slice(0, -".jsonl".length);
    if (!isSessionId(id)) continue;
    const transcriptPath = path.join(dir, name);
    const summary = summaryOf(id, transcriptPath, withFolder);
    if (summary) sessions.push(summary);
  }
  return sessions.sort(newestFirst);
}

/** Every project's sessions (`-r`'s Ctrl+A, as claude's), newest first, each with its folder. */
export function listAllSessions(codebotHome: string): SessionSummary[] {
  const projects = path.join(codebotHome, "projects");
  let dirs: string[];
  try {
    dirs = fs.readdirSync(projects);
  } catch {
    return [];
  }
  return dirs.flatMap((dir) => listSessions(path.join(projects, dir), true)).sort(newestFirst);
}

/**
 * By the file's time, then — file times are coarse: the session `/clear` leaves gets its last line
 * in the tick the new one gets its first — by the last line's time, then by the first line's (the
 * session begun later first), as claude 2.1.328 orders its sessions by when they were last and
 * first written.
 */
function newestFirst(a: SessionSummary, b: SessionSummary): number {
  return (
    b.modified.getTime() - a.modified.getTime() ||
    (b.lastLineAt ?? 0) - (a.lastLineAt ?? 0) ||
    (b.firstLineAt ?? 0) - (a.firstLineAt ?? 0)
  );
}

/**
 * The session as the lists show it; undefined when its transcript holds no conversation or cannot
 * be resumed at all — not a file, or not readable (a symlink loop, no permission): one such entry
 * must not take the whole list with it. `-r <id>` of it says why it cannot be resumed.
 */
function summaryOf(id: string, transcriptPath: string, withFolder: boolean): SessionSummary | undefined {
  let stat: fs.Stats | undefined;
  let head: ReturnType<typeof headOf>;
  try {
    stat = fs.statSync(transcriptPath, { throwIfNoEntry: false });
    if (!stat?.isFile()) return undefined;
    head = headOf(transcriptPath, stat.size);
  } catch {
    return undefined;
  }
  if (!head.hasConversation) return undefined;
  const { firstPrompt, title, forkedFrom, firstLineAt, lastLineAt, folder, branch } = head;
  return {
    id,
    transcriptPath,
    modified: stat.mtime,
    ...(lastLineAt !== undefined ? { lastLineAt } : {}),
    ...(firstLineAt !== undefined ? { firstLineAt } : {}),
    firstPrompt,
    ...(title ? { title } : {}),
    ...(forkedFrom !== undefined ? { forkedFrom } : {}),
    ...(withFolder && folder !== undefined ? { folder } : {}),
    ...(branch !== undefined ? { branch } : {}),
  };
}

/**
 * What the start of a transcript tells — its first prompt, whether it holds a conversation — and
 * its title: the last title line of its end (the writer repeats it there), else of its start.
 */
function headOf(
  file: string,
  size: number,
): {
  firstPrompt: string;
  hasConversation: boolean;
  title?: string;
  forkedFrom?: string;
  firstLineAt?: number;
  lastLineAt?: number;
  folder?: string;
  branch?: string;
} {
  const fd = fs.openSync(file, "r");
  try {
    const head = linesAt(fd, 0, HEAD_BYTES);
    // A line a full head does not show whole may be a message: such a transcript counts as one.
    let hasConversation = head.length === HEAD_BYTES;
    let firstPrompt = "";
    let title: string | undefined;
    // Told by the first message (a fork's later messages are its own).
    let forkedFrom: string | undefined;
    let messages = 0;
    for (const line of head.lines) {
      title = titleOf(line) ?? title;
      // A session begun by /clear is one to go on with, though nothing was said in it yet.
      if (line.type === "system" && line.subtype === "local_command") hasConversation = true;
      if (firstPrompt || !line.message || line.isSidechain === true) continue;
      if (line.type !== "user" && line.type !== "assistant") continue;
      if (messages++ === 0) forkedFrom = forkOrigin(line);
      hasConversation = true;
      // A notification's turn is no prompt of the user's: its line's fields say so (line-sender.ts).
      const text =
        line.type === "user" && line.isMeta !== true && (senderOf(line) ?? "user") === "user"
          ? promptAsTyped(promptText(line.message.content))
          : "";
      if (text) firstPrompt = text.replace(/\s+/g, " ").trim().slice(0, 80);
    }
    let lastLines = head.lines;
    if (size > HEAD_BYTES) {
      const tail = linesAt(fd, Math.max(HEAD_BYTES, size - TITLE_WINDOW), TITLE_WINDOW);
      title =
        tail.lines.reduce<string | undefined>((last, line) => titleOf(line) ?? last, undefined) ?? title;
      lastLines = tail.lines;
    }
    const firstLineAt = head.lines.map(timeOf).find((at) => at !== undefined);
    const lastLineAt = lastLines.map(timeOf).findLast((at) => at !== undefined);
    const folder = head.lines
      .map((line) => (line as { cwd?: unknown }).cwd)
      .find((cwd) => typeof cwd === "string");
    const branch = [...head.lines, ...lastLines]
      .map((line) => (line as { gitBranch?: unknown }).gitBranch)
      .findLast((name) => typeof name === "string");
    return {
      firstPrompt,
      hasConversation,
      ...(firstLineAt !== undefined ? { firstLineAt } : {}),
      ...(lastLineAt !== undefined ? { lastLineAt } : {}),
      ...(title !== undefined ? { title } : {}),
      ...(forkedFrom !== undefined ? { forkedFrom } : {}),
      ...(typeof folder === "string" ? { folder } : {}),
      ...(typeof branch === "string" ? { branch } : {}),
    };
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * The whole, well-formed lines among `length` bytes read at `position`, and how many bytes were
 * read. Read from inside the file, the first piece is the end of a line: it is left out.
 */
function linesAt(fd: number, position: number, length: number): { lines: CheckedLine[]; length: number } {
  const buffer = Buffer.alloc(length);
  const read = fs.readSync(fd, buffer, 0, length, position);
  const pieces = buffer.subarray(0, read).toString("utf8").split("\n");
  const lines = (position > 0 ? pieces.slice(1) : pieces).flatMap((raw) => lineOf(raw) ?? []);
  return { lines, length: read };
}

/** A line's `timestamp` in epoch ms; undefined when it has none that reads as a time. */
function timeOf(line: CheckedLine): number | undefined {
  const at = (line as { timestamp?: unknown }).timestamp;
  const ms = typeof at === "string" ? Date.parse(at) : Number.NaN;
  return Number.isFinite(ms) ? ms : undefined;
}

/** A whole, well-formed line; undefined for a cut one or another shape. */
function lineOf(raw: string): CheckedLine | undefined {
  try {
    const checked = checkLine(JSON.parse(raw));
    return "line" in checked ? checked.line : undefined;
  } catch {
    return undefined;
  }
}

/** A user message's text: the last text block, after any hook context. */
function promptText(content: NonNullable<CheckedLine["message"]>["content"]): string {
  if (typeof content === "string") return content;
  const last = content.findLast((block) => block.type === "text");
  return last?.type === "text" ? last.text : "";
}

/** The session a copied message came from (`forkedFrom.sessionId`), when it is a session id. */
function forkOrigin(line: CheckedLine): string | undefined {
  const from = (line as { forkedFrom?: { sessionId?: unknown } }).forkedFrom?.sessionId;
  return typeof from === "string" && isSessionId(from) ? from : undefined;
}
