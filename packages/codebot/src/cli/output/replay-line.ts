import { randomUUID } from "node:crypto";
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
