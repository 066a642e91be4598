import type { ModelMessage, ToolModelMessage, ToolResultPart, UserModelMessage } from "ai";
import type { ExecutedCall } from "./events.js";
import type { ToolResult } from "./tool.js";

/**
 * Messages the kernel built itself from typed values: the model's turns (from the provider's
 * parsed stream) and the tool results. The prompt cache does not validate them again.
 */
const builtByKernel = new WeakSet<ModelMessage>();

export function kernelBuilt<M extends ModelMessage>(message: M): M {
  builtByKernel.add(message);
  return message;
}

export function isKernelBuilt(message: ModelMessage): boolean {
  return builtByKernel.has(message);
}

/** A user message with plain text. */
export function userMessage(text: string): UserModelMessage {
  return { role: "user", content: text };
}

/** The tool message answering one turn's calls, in the model's order; failures are marked as errors. */
export function toolResultMessage(executed: readonly ExecutedCall[]): ToolModelMessage {
  return kernelBuilt({
    role: "tool",
    content: executed.map(({ call, result }) => ({
      type: "tool-result" as const,
      toolCallId: call.id,
      toolName: call.name,
      output: outputOf(result),
    })),
  });
}

function outputOf(result: ToolResult): ToolResultPart["output"] {
  if (result.isError) return { type: "error-text", value: result.content };
  if (!result.images?.length) return { type: "text", value: result.content };
  return {
    type: "content",
    value: [
      { type: "text", text: result.content },
      ...result.images.map(({ data, mediaType }) => ({ type: "image-data" as const, data, mediaType })),
    ],
  };
}

/** A string becomes a user message; a message is taken as is. */
export function asMessage(input: string | ModelMessage): ModelMessage {
  return typeof input === "string" ? userMessage(input) : input;
}
