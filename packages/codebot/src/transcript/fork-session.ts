import fs from "node:fs";
import path from "node:path";
import { writeFileAtomic } from "../fs/atomic-write.js";
import { isHere, isRunning, parseHolder } from "../fs/lock-holder.js";
import { isSessionId } from "./session-id.js";
import { transcriptLines } from "./transcript-lines.js";

/**
 * Claude Code's `--fork-session`: the session `to` starts as a copy of `from` — every line of its
 * transcript under the new id, read and written a line at a time (as claude 2.1.328 copies it:
 * same uuids, `sessionId` rewritten; of a session another process runs, up to its last whole line), its task list and its "not
 * validated yet" mark — and `from` is left as it was. Its sub-agents'
 * transcripts and undelivered hook records stay with `from`. Each copied message also says where
 * it came from, `forkedFrom: {sessionId, messageUuid}` (what claude's `/branch` writes; its
 * `--fork-session` writes nothing): the session lists mark the fork by it.
 */
export function forkSessionFiles(sessionDir: string, from: string, to: string): void {
  if (!isSessionId(from)) throw new Error(`session: "${from}" is not a session id`);
  const source = path.join(sessionDir, `${from}.jsonl`);
  if (!fs.existsSync(source)) throw new Error(`session: no session ${from} in this project (${sessionDir})`);
  // The task list and mark first: the transcript is what makes the new session exist (-r lists it).
  const copies = [".tasks.json", ".unverified"].flatMap((suffix) => {
    const file = path.join(sessionDir, `${from}${suffix}`);
    if (!fs.existsSync(file)) return [];
    fs.copyFileSync(file, path.join(sessionDir, `${to}${suffix}`));
    return [path.join(sessionDir, `${to}${suffix}`)];
  });
  try {
    // Line by line: a transcript bigger than a string can hold (512 MB) forks too.
    writeFileAtomic(path.join(sessionDir, `${to}.jsonl`), forkedLines(source, from, to, sessionDir));
  } catch (error) {
    for (const copy of copies) fs.rmSync(copy, { force: true });
    throw new Error(`session: cannot fork ${from}: ${(error as Error).message}; nothing was changed`);
  }
}

/** The lines of `from`'s transcript under the id `to`, each with its newline. */
function* forkedLines(
  source: string,
  from: string,
  to: string,
  sessionDir: string,
): Generator<string | Buffer> {
  // A run that has the session may be appending a line right now, whose start shows before its
  // end (a large line reaches the file page by page): copied, it would be a line cut off for good
  // in the fork. So the copy of a running session ends at its last whole line; a line a crash cut
  // off is copied as it is (the fork's resume reports and skips it).
  const running = runningElsewhere(sessionDir, from);
  for (const line of transcriptLines(source)) {
    if (!line.terminated && running) return;
    // A line too long to make a string of is copied byte for byte (the fork's resume skips it, as the session's does).
    if (line.tooLong) yield* bytesOf(source, line.offset, line.bytes);
    else yield renamed(line.text, from, to);
    if (line.terminated) yield "\n";
  }
}

/** `length` bytes of `file` from `offset`, a megabyte at a time. */
function* bytesOf(file: string, offset: number, length: number): Generator<Buffer> {
  const fd = fs.openSync(file, "r");
  try {
    const buffer = Buffer.alloc(1 << 20);
    for (let done = 0; done < length; ) {
      const read = fs.readSync(fd, buffer, 0, Math.min(buffer.length, length - done), offset + done);
      if (read === 0) return;
      done += read;
      yield buffer.subarray(0, read);
    }
  } finally {
    fs.closeSync(fd);
  }
}

/** Whether another process runs session `id` now: its lock (session-lock.ts) names a live holder, or one this host cannot see. */
function runningElsewhere(sessionDir: string, id: string): boolean {
  try {
    const holder = parseHolder(fs.readFileSync(path.join(sessionDir, `${id}.lock`), "utf8"));
    return holder !== undefined && (!isHere(holder) || isRunning(holder));
  } catch {
    return false;
  }
}

/** A transcript line of `from` under the session id `to`; a line that is not JSON (cut off by a crash) as it was. */
function renamed(line: string, from: string, to: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    return line;
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return line;
  const record = parsed as Record<string, unknown>;
  if ("sessionId" in record) record.sessionId = to;
  if ("session_id" in record) record.session_id = to;
  // A fork of a fork came from the session it was copied from last.
  if (typeof record.uuid === "string") record.forkedFrom = { sessionId: from, messageUuid: record.uuid };
  return JSON.stringify(record);
}
