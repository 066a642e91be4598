import type { AssistantModelMessage, ModelMessage, UserModelMessage } from "ai";
import { soleUserText, userMessage } from "./messages.js";

/**
 * An answer with nothing the user can see (no text but blanks, no tool call: an empty message, or
 * thinking only), as claude 2.1.328 handles it (recorded against a loopback server answering with
 * no content blocks): the model is told so in a user message and asked once more; a second such
 * answer in a row ends the run as it is. The empty answer itself is not kept in the history.
 */
export const EMPTY_ANSWER_NUDGE_TEXT =
  "[Your previous response had no visible output. Please continue and produce a user-visible response.]";

/** Whether the answer shows the user nothing: no text but blanks and no tool call. */
export function isInvisibleAnswer(message: AssistantModelMessage): boolean {
  const { content } = message;
  if (typeof content === "string") return content.trim() === "";
  return !content.some((p) => p.type === "tool-call" || (p.type === "text" && p.text.trim() !== ""));
}

/** The message asking the model again after an answer with nothing visible. */
export function emptyAnswerNudge(): UserModelMessage {
  return userMessage(EMPTY_ANSWER_NUDGE_TEXT);
}

/** Whether `message` is the nudge after an invisible answer (it came from no one). */
export function isEmptyAnswerNudge(message: ModelMessage): boolean {
  return soleUserText(message) === EMPTY_ANSWER_NUDGE_TEXT;
}
