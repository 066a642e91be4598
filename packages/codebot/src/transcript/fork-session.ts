import fs from "node:fs";
import path from "node:path";
import { writeFileAtomic } from "../fs/atomic-write.js";
import { isHere, isRunning, parseHolder } from "../fs/lock-holder.js";
import { isSessionId } from "./session-files.js";

/**
 * Claude Code's `--fork-session`: the session `to` starts as a copy of `from` — every line of its
 * transcript under the new id (as claude 2.1.328 copies it: same uuids, `sessionId` rewritten; of
 * a session another process runs, up to its last whole line), its task list and its "not
 * validated yet" mark — and `from` is left as it was. Its sub-agents'
 * transcripts and undelivered hook records stay with `from`. Each copied message also says where
 * it came from, `forkedFrom: {sessionId, messageUuid}` (what claude's `/branch` writes; its
 * `--fork-session` writes nothing): the session lists mark the fork by it.
 */
export function forkSessionFiles(sessionDir: string, from: string, to: string): void {
  if (!isSessionId(from)) throw new Error(`session: "${from}" is not a session id`);
  const source = path.join(sessionDir, `${from}.jsonl`);
  let text: string;
  try {
    text = fs.readFileSync(source, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT")
      throw new Error(`session: no session ${from} in this project (${sessionDir})`);
    throw new Error(`session: cannot fork ${from}: ${(error as Error).message}; nothing was changed`);
  }
  // The task list and mark first: the transcript is what makes the new session exist (-r lists it).
  for (const suffix of [".tasks.json", ".unverified"]) {
    const file = path.join(sessionDir, `${from}${suffix}`);
    if (fs.existsSync(file)) fs.copyFileSync(file, path.join(sessionDir, `${to}${suffix}`));
  }
  // A run that has the session may be appending a line right now, whose start shows before its
  // end (a large line reaches the file page by page): copied, it would be a line cut off for good
  // in the fork. So the copy of a running session ends at its last whole line; a line a crash cut
  // off is copied as it is (the fork's resume reports and skips it).
  const copied = runningElsewhere(sessionDir, from) ? text.slice(0, text.lastIndexOf("\n") + 1) : text;
  writeFileAtomic(
    path.join(sessionDir, `${to}.jsonl`),
    copied
      .split("\n")
      .map((line) => renamed(line, from, to))
      .join("\n"),
  );
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
