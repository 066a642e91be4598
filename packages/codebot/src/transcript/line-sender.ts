import type { ModelMessage } from "ai";
import type { CheckedLine } from "./line-shape.js";

/**
 * Who sent a user line's message, by the fields claude 2.1.328 writes on it (recorded): a prompt
 * typed in the terminal has `origin` `{"kind": "human"}` and `promptSource` `"typed"`; one sent by
 * `-p` or an SDK program has `promptSource` `"sdk"` and no `origin`; a background task's
 * notification has `origin` `{"kind": "task-notification", …}` and `promptSource` `"system"`.
 * codebot writes the same fields on its prompts' lines. A message an SDK program sent mid-turn is
 * `queued`: claude's `queued_command` line, no user line at all (queued-command-line.ts).
 */
export type LineSender = "user" | "notification" | "harness" | "queued";

/**
 * The sender a line's fields name; undefined for a line with neither field — an older codebot's
 * (it wrote none) or a line no prompt made (a tool's result, a compaction's summary). Its text is
 * never read for this: a user may type anything, a notification's block included.
 */
export function senderOf(line: CheckedLine): LineSender | undefined {
  const { origin, promptSource } = line as { origin?: unknown; promptSource?: unknown };
  const kind =
    typeof origin === "object" && origin !== null ? (origin as { kind?: unknown }).kind : undefined;
  if (kind === "task-notification") return "notification";
  if (kind === "human") return "user";
  if (typeof kind === "string") return "harness";
  if (promptSource === "typed" || promptSource === "sdk") return "user";
  if (typeof promptSource === "string") return "harness";
  return undefined;
}

/**
 * The senders of the user messages a transcript was read into (transcript-reader.ts), by the
 * message itself: the recap of a resumed session (history-recap.ts) gets the same message objects
 * the reader made, through the runtime, without each layer passing a second list along.
 */
const senders = new WeakMap<ModelMessage, LineSender>();

export function markSender(message: ModelMessage, sender: LineSender): void {
  senders.set(message, sender);
}

/** The sender of a message read back from a transcript; undefined for one whose line named none. */
export function senderOfMessage(message: ModelMessage): LineSender | undefined {
  return senders.get(message);
}

/** What an SDK program sent mid-turn, by the message a `queued_command` line was read into. */
const queuedPrompts = new WeakMap<ModelMessage, string>();

export function markQueued(message: ModelMessage, prompt: string): void {
  senders.set(message, "queued");
  queuedPrompts.set(message, prompt);
}

/** The message as the program sent it, for a message read from a `queued_command` line; undefined otherwise. */
export function queuedPromptOf(message: ModelMessage): string | undefined {
  return queuedPrompts.get(message);
}
