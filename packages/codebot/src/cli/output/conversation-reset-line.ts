import { randomUUID } from "node:crypto";
import type { WireObject } from "./wire.js";

/**
 * After a `/clear`, claude 2.1.328's stream-json (recorded) says the conversation was reset, in
 * the old session's name (`sessionId`), before the new session's init line. Its
 * `user_message_uuid` is the prompt's: the input line's own `uuid`, else a new one (recorded).
 */
export function conversationResetLine(userMessageUuid: string, sessionId: string): WireObject {
  const id = randomUUID();
  return {
    type: "conversation_reset",
    new_conversation_id: id,
    uuid: id,
    trigger: "clear",
    user_message_uuid: userMessageUuid,
    timestamp: new Date().toISOString(),
    session_id: sessionId,
  };
}
