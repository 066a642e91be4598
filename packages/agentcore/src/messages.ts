import type { ModelMessage, ToolModelMessage, ToolResultPart, UserModelMessage } from "ai";
import { toolReferencePart } from "./deferred-tools.js";
import type { ExecutedCall } from "./events.js";
import type { ToolResult } from "./tool.js";

/** A user message with plain text. */
export function userMessage(text: string): UserModelMessage {
  return { role: "user", content: text };
}

/**
 * The text of a user message that is one text and nothing else (a string, or a single text part):
 * how the kernel's own nudges (output-limit.ts, empty-answer.ts) are told from other messages.
 */
export function soleUserText(message: ModelMessage): string | undefined {
  if (message.role !== "user") return undefined;
  const { content } = message;
  if (typeof content === "string") return content;
  return content.length === 1 && content[0]?.type === "text" ? content[0].text : undefined;
}

/** The tool message answering one turn's calls, in the model's order; failures are marked as errors. */
export function toolResultMessage(executed: readonly ExecutedCall[]): ToolModelMessage {
  const message: ToolModelMessage = {
    role: "tool",
    content: executed.map(({ call, result }) => ({
      type: "tool-result" as const,
      toolCallId: call.id,
      toolName: call.name,
      output: outputOf(result),
    })),
  };
  // A result a middleware replaced is typed, not checked: only plain strings make it well-formed by construction.
  if (executed.every(({ result }) => wellFormed(result))) builtByKernel(message);
  return message;
}

/**
 * Messages the kernel built itself from typed parts (a model step's answer, tool results): the
 * prompt cache converts them without the AI SDK's schema check, which for two messages a step
 * allocated more than the rest of the step (a zod schema built per call, issues for every union
 * member tried) — garbage that, in a long session, was promoted to the old generation.
 */
const kernelBuilt = new WeakSet<ModelMessage>();

export function builtByKernel<M extends ModelMessage>(message: M): M {
  kernelBuilt.add(message);
  return message;
}

export function isBuiltByKernel(message: ModelMessage): boolean {
  return kernelBuilt.has(message);
}

function wellFormed(result: ToolResult): boolean {
  return (
    typeof result.content === "string" &&
    (result.loadsTools ?? []).every((name) => typeof name === "string") &&
    (result.images ?? []).every(
      (image) => typeof image.data === "string" && typeof image.mediaType === "string",
    )
  );
}

function outputOf(result: ToolResult): ToolResultPart["output"] {
  if (result.isError) return { type: "error-text", value: result.content };
  if (result.loadsTools?.length) return { type: "content", value: result.loadsTools.map(toolReferencePart) };
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
