import { randomUUID } from "node:crypto";
import type { SteeredOrigin } from "../../agents/steered-origins.js";
import { notificationOrigin } from "../../agents/task-notification.js";
import type { StreamInputMessage } from "../stream-input.js";
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
 * block, with claude's `origin` naming the run. Which of them it is comes with the message
 * (steered-origins.ts), never from its text: a user's or a hook's text that reads as one is not one.
 */
export function joinedReplayLine(
  steered: SteeredOrigin,
  sessionId: string,
  input: StreamInputMessage | undefined,
): WireObject | undefined {
  if (steered.kind === "mid-turn") return input && replayLine(input, sessionId);
  return {
    type: "user",
    message: { role: "user", content: steered.prompt },
    session_id: sessionId,
    parent_tool_use_id: null,
    uuid: randomUUID(),
    isReplay: true,
    origin: notificationOrigin(steered.prompt),
  };
}
