import { randomUUID } from "node:crypto";
import type { ModelMessage } from "ai";
import { hookPromptOf, isNotification, notificationRunIds } from "../../agents/task-notification.js";
import type { StreamInputMessage } from "../stream-input.js";
import { soleUserText } from "./sole-user-text.js";
import type { WireObject } from "./wire.js";

/** `--replay-user-messages`: the input's user message, as claude 2.1.328 echoes it. */
export function replayLine(input: StreamInputMessage, sessionId: string): WireObject {
  return {
    type: "user",
    message: input.message,
    session_id: sessionId,
    parent_tool_use_id: null,
    uuid: input.uuid ?? randomUUID(),
    isReplay: true,
  };
}

/**
 * `--replay-user-messages`: what joined the running turn, as claude 2.1.328 echoes it there (recorded,
 * after the tool result it came with): a message the program sent mid-turn as it was sent (`input`,
 * MidTurnMessages.joined), or a background run's notification as its bare `<task-notification>`
 * block, with claude's `origin` naming the run. Undefined for any other message.
 */
export function joinedReplayLine(
  message: ModelMessage,
  sessionId: string,
  input: StreamInputMessage | undefined,
): WireObject | undefined {
  if (input) return replayLine(input, sessionId);
  const text = soleUserText(message);
  if (text === undefined || !isNotification(text)) return undefined;
  const [runId] = notificationRunIds(text);
  return {
    type: "user",
    message: { role: "user", content: hookPromptOf(text) },
    session_id: sessionId,
    parent_tool_use_id: null,
    uuid: randomUUID(),
    isReplay: true,
    origin: {
      kind: "task-notification",
      producer: "session-task",
      ...(runId !== undefined ? { runId } : {}),
    },
  };
}
