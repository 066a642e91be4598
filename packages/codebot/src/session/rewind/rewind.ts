import fs from "node:fs";
import type { ModelMessage } from "ai";
import type { PromptLine } from "../../transcript/prompt-lines.js";
import { readTranscript } from "../../transcript/transcript-reader.js";
import type { CompactOutcome, CompactPart } from "../compaction.js";
import type { Session } from "../session.js";
import type { ChangedFile, CheckpointStore, RestoreOutcome } from "./checkpoint-store.js";

/** A prompt `/rewind` can go back to, with the files its tools changed. */
export interface RewindPoint extends PromptLine {
  /** The files its own tools changed (the picker's row). */
  files: ChangedFile[];
  /** The files a code restore to before it would put back: its tools' and later prompts'. */
  toRestore: string[];
}

/**
 * What a rewind puts back, as claude 2.1.328's picker offers it (recorded): both, or one of them —
 * or, with `summarize`, nothing: the part of the conversation from the prompt on, or before it,
 * becomes a summary (its context, what the user typed, joins the summary's instructions).
 */
export interface RewindChoice {
  conversation: boolean;
  code: boolean;
  summarize?: { direction: CompactPart["direction"]; context: string };
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
  return choice.code ? where.store?.restore(point) : undefined;
}

/**
 * `/rewind`'s "Summarize from here" / "up to here": compacts the part of the conversation from
 * `point` on, or before it, keeping the other part as it is (session/compaction.ts). The prompts
 * kept keep their time, so a later rewind to one of them still restores the files to it.
 */
export function summarizeAt(
  point: RewindPoint,
  points: readonly RewindPoint[],
  summarize: NonNullable<RewindChoice["summarize"]>,
  where: { transcript: string; session: Session; messages: readonly ModelMessage[] },
): Promise<CompactOutcome> {
  const at = readTranscript(where.transcript, { before: point.uuid }).messages.length;
  // The history in memory is the transcript's: the prompt is where the transcript has it (a
  // `/compact` has no message: the history goes on from there, or ends there).
  const here = point.compact ? at <= where.messages.length : lastText(where.messages[at]) === point.text;
  if (!here)
    throw new Error("rewind: the conversation does not match its transcript here; nothing was summarized");
  const index = points.findIndex((p) => p.uuid === point.uuid);
  if (index < 0)
    throw new Error("rewind: that prompt is no longer in the conversation; nothing was summarized");
  const kept = (summarize.direction === "from" ? points.slice(0, index) : points.slice(index)).filter(
    (p) => !p.compact,
  );
  let next = 0;
  const timeOf = (message: ModelMessage) => {
    const prompt = kept[next];
    if (prompt === undefined || message.role !== "user" || lastText(message) !== prompt.text)
      return undefined;
    next += 1;
    return prompt.at > 0 ? new Date(prompt.at).toISOString() : undefined;
  };
  return where.session.compact(summarize.context, { direction: summarize.direction, at, timeOf });
}

/** A user message's typed text: its last text part (the hooks' context comes before it). */
function lastText(message: ModelMessage | undefined): string | undefined {
  if (message?.role !== "user") return undefined;
  if (typeof message.content === "string") return message.content;
  const texts = message.content.flatMap((part) => (part.type === "text" ? [part.text] : []));
  return texts.at(-1);
}
