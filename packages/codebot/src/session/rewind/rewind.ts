import fs from "node:fs";
import type { PromptLine } from "../../transcript/prompt-lines.js";
import { readTranscript } from "../../transcript/transcript-reader.js";
import type { Session } from "../session.js";
import type { ChangedFile, CheckpointStore, RestoreOutcome } from "./checkpoint-store.js";

/** A prompt `/rewind` can go back to, with the files its tools changed. */
export interface RewindPoint extends PromptLine {
  /** The files its own tools changed (the picker's row). */
  files: ChangedFile[];
  /** The files a code restore to before it would put back: its tools' and later prompts'. */
  toRestore: string[];
}

/** What a rewind puts back, as claude 2.1.328's picker offers it (recorded): both, or one of them. */
export interface RewindChoice {
  conversation: boolean;
  code: boolean;
}

/** The conversation's prompts, oldest first, each with the files its tools changed (none without a store). */
export function rewindPoints(transcript: string, store: CheckpointStore | undefined): RewindPoint[] {
  if (!fs.existsSync(transcript)) return [];
  const { prompts } = readTranscript(transcript);
  const rows = store?.rows(prompts);
  return prompts.map((prompt, i) => ({ ...prompt, files: [], toRestore: [], ...rows?.[i] }));
}

/**
 * Goes back to before `point`: the conversation (the history before it, read back from the
 * transcript, which its next line branches off as claude's does: `-c` goes on from there) and/or
 * the files codebot's file tools changed since (checkpoint-store.ts). Nothing else is undone.
 */
export function rewind(
  point: RewindPoint,
  choice: RewindChoice,
  where: { transcript: string; store: CheckpointStore | undefined; session: Session },
): RestoreOutcome | undefined {
  // The conversation first: while a prompt runs it throws, and nothing is done.
  if (choice.conversation) {
    const before = readTranscript(where.transcript, { before: point.uuid });
    where.session.rewindTo(before.messages, point.parentUuid);
  } else if (where.session.isRunning) throw new Error("session: cannot rewind while a prompt is running");
  return choice.code ? where.store?.restore(point.at) : undefined;
}
