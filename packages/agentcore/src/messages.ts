import type { ModelMessage, ToolModelMessage, UserModelMessage } from "ai";
import type { ExecutedCall } from "./events.js";

/** A user message with plain text. */
export function userMessage(text: string): UserModelMessage {
  return { role: "user", content: text };
}

/** The tool message answering one turn's calls, in the model's order; failures are marked as errors. */
export function toolResultMessage(executed: readonly ExecutedCall[]): ToolModelMessage {
  return {
    role: "tool",
    content: executed.map(({ call, result }) => ({
      type: "tool-result" as const,
      toolCallId: call.id,
      toolName: call.name,
      output: result.isError
        ? { type: "error-text" as const, value: result.content }
        : { type: "text" as const, value: result.content },
    })),
  };
}

/** A string becomes a user message; a message is taken as is. */
export function asMessage(input: string | ModelMessage): ModelMessage {
  return typeof input === "string" ? userMessage(input) : input;
}
