/**
 * A message steered into a turn while it ran (mid-turn-messages.ts, folded-notifications.ts),
 * recorded as claude 2.1.328 records it (recorded, docs/agents.md): no user line but an `attachment`
 * line of type `queued_command` in the main chain, with `source_uuid` and `timestamp`. An Agent SDK
 * program's message has `commandMode: "prompt"` and the message as sent as `prompt` (a text block);
 * a background run's notification has `commandMode: "task-notification"`, the bare
 * `<task-notification>` as `prompt` (a string), claude's `origin` without its `runId` and the
 * `runId` beside it. codebot's line also has `message`, the user message the model read (the
 * mid-turn wrapper or the notification's reminder, a UserPromptSubmit hook's context before it),
 * so a resume sends what was sent; claude's line has none, and is read as that wrapper around its
 * `prompt`. A resume reads either as that message, never as a prompt: `/rewind` offers none and the
 * session picker shows none as the first prompt, as claude's lines are no user lines.
 */
import {
  NOTIFICATION_CLOSING,
  NOTIFICATION_OPENING,
  notificationOrigin,
} from "../agents/task-notification.js";
import { midTurnText } from "../cli/control/mid-turn-text.js";
import type { CheckedLine } from "./line-shape.js";
import type { TranscriptMessage } from "./transcript-line.js";

/** What was queued: an SDK program's message (its `sourceUuid`), or a background run's bare notification. */
export interface QueuedCommand {
  kind: "prompt" | "task-notification";
  prompt: string;
  sourceUuid: string;
}

export function queuedCommandLine(queued: QueuedCommand, message: TranscriptMessage): object {
  return {
    type: "attachment",
    attachment: {
      type: "queued_command",
      ...(queued.kind === "prompt"
        ? {
            prompt: [{ type: "text", text: queued.prompt }],
            source_uuid: queued.sourceUuid,
            commandMode: "prompt",
          }
        : notificationFields(queued.prompt, queued.sourceUuid)),
      timestamp: new Date().toISOString(),
    },
    message,
  };
}

/** claude's fields of a folded notification's line (recorded): its `runId` beside `origin`, not in it. */
function notificationFields(prompt: string, sourceUuid: string): object {
  const { runId, ...origin } = notificationOrigin(prompt);
  return {
    prompt,
    source_uuid: sourceUuid,
    commandMode: "task-notification",
    origin,
    ...(runId !== undefined ? { runId } : {}),
  };
}

/**
 * A `queued_command` line's message as sent, and the message the model read; undefined for another
 * line. `notification`: claude's line for a background task's notification folded into a turn
 * (recorded: `commandMode` `"task-notification"`, the bare `<task-notification>` as `prompt`), read
 * as that notification in the reminder the model reads it in.
 */
export function queuedCommandOf(
  line: CheckedLine,
): { prompt: string; message: TranscriptMessage; notification: boolean } | undefined {
  if (line.type !== "attachment") return undefined;
  const attachment = (line as { attachment?: { type?: unknown; prompt?: unknown; commandMode?: unknown } })
    .attachment;
  if (attachment?.type !== "queued_command") return undefined;
  const prompt = textOf(attachment.prompt);
  if (prompt === undefined) return undefined;
  const notification = attachment.commandMode === "task-notification";
  const message = line.message;
  const content =
    message?.role === "user" && textOf(message.content) !== undefined
      ? message.content
      : notification
        ? `${NOTIFICATION_OPENING}${prompt}${NOTIFICATION_CLOSING}`
        : midTurnText(prompt);
  return { prompt, message: { role: "user", content }, notification };
}

/** The text of a string or of a list of text blocks (claude's `prompt`); undefined for any other content. */
function textOf(content: unknown): string | undefined {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return undefined;
  const texts = content.map((block) =>
    typeof block === "object" && block !== null && block.type === "text" && typeof block.text === "string"
      ? (block.text as string)
      : undefined,
  );
  return texts.every((text) => text !== undefined) ? texts.join("\n") : undefined;
}
