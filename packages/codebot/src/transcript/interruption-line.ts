import { senderOf } from "./line-sender.js";
import type { CheckedLine } from "./line-shape.js";

/** The user message an interrupted run ends the history with, as Claude Code's does (session.ts). */
export const INTERRUPTED_NOTE = "[Request interrupted by user]";
export const INTERRUPTED_DURING_TOOL_NOTE = "[Request interrupted by user for tool use]";

/** Whether a message's text is one of the two interruption notes. */
export function isInterruptionNote(text: string): boolean {
  return text === INTERRUPTED_NOTE || text === INTERRUPTED_DURING_TOOL_NOTE;
}

/**
 * Whether a user line is the note written when the user interrupted a run: no prompt of anyone's.
 * claude 2.1.328 writes it with no sender fields (no `origin`, no `promptSource`; recorded) and its
 * `/rewind` does not offer it, live or resumed; codebot writes it so too. A prompt the user typed
 * with the same text has the typed fields (line-sender.ts), so is still theirs.
 */
export function isInterruptionLine(line: CheckedLine): boolean {
  if (line.type !== "user" || senderOf(line) !== undefined || line.message === undefined) return false;
  const { content } = line.message;
  if (typeof content === "string") return isInterruptionNote(content);
  const [only, ...rest] = content;
  return rest.length === 0 && only?.type === "text" && isInterruptionNote(only.text);
}
