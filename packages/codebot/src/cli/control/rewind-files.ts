import { changedLines } from "../../session/code-changes.js";
import { readOrNull } from "../../session/rewind/checkpoint-store.js";
import type { Runtime } from "../../session/runtime.js";
import { ControlError, type ControlRequest } from "./control-channel.js";

export type RewindFilesSession = Pick<Runtime, "rewindFiles">;

/**
 * The Agent SDK's `rewindFiles(userMessageId, {dryRun})` (`rewind_files`), answered as claude
 * 2.1.328 answers it with file checkpointing on (recorded, `CLAUDE_CODE_ENABLE_SDK_FILE_CHECKPOINTING`):
 * a dry run names the files (absolute paths) the rewind would put back, and the lines it would
 * insert and delete; a rewind puts them back (`canRewind: true, skippedLinks: 0`); a message with
 * no checkpoint, `canRewind: false` and claude's `No file checkpoint found for this message.`.
 * codebot keeps checkpoints unless `--no-session-persistence`: then claude's answer without them.
 */
export function rewindFiles(session: RewindFilesSession, request: ControlRequest): Record<string, unknown> {
  const id = request.user_message_id;
  if (typeof id !== "string")
    throw new ControlError("rewind_files: user_message_id must be a string", "invalid_request");
  const found = session.rewindFiles(id, request.dry_run === true);
  if (found === undefined) return { canRewind: false, error: "File rewinding is not supported by codebot." };
  if (!found.found) return { canRewind: false, error: "No file checkpoint found for this message." };
  if (found.before !== undefined) return { canRewind: true, ...dryRun(found.before) };
  const failed = found.outcome?.failed ?? [];
  // claude's answer has no place for a file that could not be put back: its error names them.
  return {
    canRewind: true,
    skippedLinks: 0,
    ...(failed.length > 0
      ? { error: failed.map(({ file, reason }) => `could not restore ${file}: ${reason}`).join("; ") }
      : {}),
  };
}

/** The files that would change and their lines, counted as claude counts them (a line changed: one of each). */
function dryRun(files: { file: string; before: Buffer | null }[]): Record<string, unknown> {
  let insertions = 0;
  let deletions = 0;
  const filesChanged: string[] = [];
  for (const { file, before } of files) {
    const now = readOrNull(file);
    if (now === null ? before === null : before !== null && now.equals(before)) continue;
    filesChanged.push(file);
    const changed = changedLines(now?.toString("utf8") ?? "", before?.toString("utf8") ?? "");
    insertions += changed.added;
    deletions += changed.removed;
  }
  return { filesChanged, insertions, deletions };
}
