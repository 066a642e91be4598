import type { LanguageModelV3 } from "@ai-sdk/provider";
import type { AssistantModelMessage, ModelMessage, ToolSet } from "ai";
import { z } from "zod";
import type { AgentEvent, Usage } from "./events.js";
import type { Tool } from "./tool.js";
import type { ModelToolCall } from "./tool-pipeline.js";

type AssistantPart = Exclude<AssistantModelMessage["content"], string>[number];
/** A text or reasoning block still receiving deltas (the same object sits in the message content). */
type OpenBlock = { type: "text" | "reasoning"; text: string; providerOptions?: unknown };

/** What one model step produced. `aborted` steps carry only the text streamed so far. */
export interface StepOutcome {
  status: "done" | "aborted";
  message: AssistantModelMessage;
  toolCalls: ModelToolCall[];
  usage: Usage;
}

export interface ModelStepOptions {
  model: LanguageModelV3;
  systemPrompt: string;
  messages: ModelMessage[];
  toolSet: ToolSet;
  signal: AbortSignal;
  emit: (event: AgentEvent) => void;
}

// `ai` is large; it is loaded on the first model step, not when the CLI starts.
let aiModule: Promise<typeof import("ai")> | undefined;
const loadAi = () => {
  aiModule ??= import("ai");
  return aiModule;
};

const schemaCache = new WeakMap<Tool, object>();

/**
 * The tools as the model sees them: name, description and JSON schema, and no `execute`, so the
 * AI SDK leaves every call to the kernel. Arguments are validated by the kernel, not the SDK.
 */
export async function toToolSet(tools: readonly Tool[]): Promise<ToolSet> {
  const { jsonSchema } = await loadAi();
  const set: ToolSet = {};
  for (const tool of tools) {
    let schema = schemaCache.get(tool);
    if (!schema) {
      schema = z.toJSONSchema(tool.inputSchema, { target: "draft-7", io: "input", unrepresentable: "any" });
      schemaCache.set(tool, schema);
    }
    set[tool.name] = { description: tool.description, inputSchema: jsonSchema(schema) };
  }
  return set;
}

/**
 * One model call through `streamText` (no SDK retries: the kernel retries so it can report them).
 * Emits `message_start` when output begins and `message_update` for each text delta; throws the
 * provider's error when the call fails.
 */
export async function runModelStep(options: ModelStepOptions): Promise<StepOutcome> {
  const { streamText } = await loadAi();
  const { emit, signal } = options;
  const result = streamText({
    model: options.model,
    system: options.systemPrompt,
    messages: options.messages,
    tools: options.toolSet,
    maxRetries: 0,
    abortSignal: signal,
    // Errors arrive as stream parts below; the default handler would print them.
    onError: () => {},
  });
  const content: AssistantPart[] = [];
  const open = new Map<string, OpenBlock>();
  const toolCalls: ModelToolCall[] = [];
  const usage: Usage = { inputTokens: 0, outputTokens: 0 };
  const message: AssistantModelMessage = { role: "assistant", content };
  let aborted = false;

  try {
    for await (const part of result.fullStream) {
      switch (part.type) {
        case "start-step":
          emit({ type: "message_start", role: "assistant" });
          break;
        case "text-start":
        case "reasoning-start": {
          const block: OpenBlock = { type: part.type === "text-start" ? "text" : "reasoning", text: "" };
          if (part.providerMetadata) block.providerOptions = part.providerMetadata;
          open.set(part.id, block);
          content.push(block as AssistantPart);
          break;
        }
        case "text-delta":
        case "reasoning-delta": {
          const block = open.get(part.id);
          if (block) block.text += part.text;
          if (block && part.providerMetadata) block.providerOptions = part.providerMetadata;
          if (part.type === "text-delta" && part.text) emit({ type: "message_update", delta: part.text });
          break;
        }
        case "text-end":
        case "reasoning-end": {
          const block = open.get(part.id);
          if (block && part.providerMetadata) block.providerOptions = part.providerMetadata;
          open.delete(part.id);
          break;
        }
        case "tool-call": {
          if (part.providerExecuted) break;
          const invalidJson = part.invalid && typeof part.input === "string";
          content.push(
            withOptions(
              {
                type: "tool-call",
                toolCallId: part.toolCallId,
                toolName: part.toolName,
                input: invalidJson ? {} : part.input,
              },
              part.providerMetadata,
            ) as AssistantPart,
          );
          toolCalls.push({
            id: part.toolCallId,
            name: part.toolName,
            input: part.input,
            ...(invalidJson
              ? { invalidJson: { message: jsonErrorMessage(part.error), text: String(part.input) } }
              : {}),
          });
          break;
        }
        case "finish-step":
          usage.inputTokens += part.usage.inputTokens ?? 0;
          usage.outputTokens += part.usage.outputTokens ?? 0;
          break;
        case "abort":
          aborted = true;
          break;
        case "error":
          if (signal.aborted) aborted = true;
          else throw part.error;
          break;
      }
    }
  } catch (error) {
    // Depending on the abort reason the SDK either ends the stream or throws it; both mean "aborted".
    if (!signal.aborted) throw error;
  }
  if (signal.aborted) aborted = true;
  if (aborted) {
    // Only the text survives an abort: half-streamed tool calls and unsigned reasoning would make the history invalid.
    message.content = content.filter((p) => p.type === "text" && p.text.length > 0);
    return { status: "aborted", message, toolCalls: [], usage };
  }
  // Providers reject empty text blocks in a history.
  message.content = content.filter((p) => !(p.type === "text" && p.text.length === 0));
  return { status: "done", message, toolCalls, usage };
}

function withOptions<T extends object>(part: T, providerOptions: unknown): T {
  return providerOptions === undefined ? part : { ...part, providerOptions };
}

function jsonErrorMessage(error: unknown): string {
  let e: unknown = error;
  while (e && typeof e === "object" && "cause" in e && (e as { cause?: unknown }).cause)
    e = (e as { cause: unknown }).cause;
  return e instanceof Error ? e.message : "unparseable";
}
