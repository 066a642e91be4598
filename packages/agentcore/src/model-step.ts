import type {
  JSONSchema7,
  LanguageModelV3,
  LanguageModelV3FunctionTool,
  LanguageModelV3Usage,
} from "@ai-sdk/provider";
import { safeParseJSON } from "@ai-sdk/provider-utils";
import type { AssistantModelMessage, ModelMessage } from "ai";
import { z } from "zod";
import type { AgentEvent, Usage } from "./events.js";
import { builtByKernel } from "./messages.js";
import { PromptCache } from "./prompt-cache.js";
import type { Tool } from "./tool.js";
import type { ModelToolCall } from "./tool-pipeline.js";
import { emptyUsage } from "./usage.js";

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

/** The tools as the model sees them (see toModelTools). */
export type ModelTools = LanguageModelV3FunctionTool[];

export interface ModelStepOptions {
  model: LanguageModelV3;
  systemPrompt: string;
  messages: ModelMessage[];
  tools: ModelTools;
  signal: AbortSignal;
  emit: (event: AgentEvent) => void;
  /** Converts the history once per message; give the same cache to every step of a conversation. */
  promptCache?: PromptCache;
  /** Called once the request has been handed to the provider, before its answer is read. */
  onRequest?: () => void;
}

const schemaCache = new WeakMap<Tool, JSONSchema7>();

/**
 * The tools as the model sees them: name, description and JSON schema. The kernel runs every
 * call itself and validates the arguments against the zod schema.
 */
export function toModelTools(tools: readonly Tool[]): ModelTools {
  return tools.map((tool) => {
    let schema = schemaCache.get(tool);
    if (!schema) {
      schema = z.toJSONSchema(tool.inputSchema, {
        target: "draft-7",
        io: "input",
        unrepresentable: "any",
      }) as JSONSchema7;
      schemaCache.set(tool, schema);
    }
    return { type: "function", name: tool.name, description: tool.description, inputSchema: schema };
  });
}

/**
 * One model call: the history converted to the provider's prompt as `streamText` converts it,
 * then the model's own `doStream`, read part by part. Calling the model directly rather than
 * through `streamText` leaves out what the kernel does itself (retries, tool calls, steps) and
 * the layers of streams that cost a CLI run tens of milliseconds. Emits `message_start` when the
 * response begins and `message_update` for each text delta; throws the provider's error when the
 * call fails.
 */
export async function runModelStep(options: ModelStepOptions): Promise<StepOutcome> {
  const { emit, signal, model } = options;
  const content: AssistantPart[] = [];
  const open = new Map<string, OpenBlock>();
  const toolCalls: ModelToolCall[] = [];
  const usage = emptyUsage();
  let finished = false;
  const message: AssistantModelMessage = { role: "assistant", content };

  try {
    const cache = options.promptCache ?? new PromptCache();
    const prompt = await cache.prompt(options.systemPrompt, options.messages, model, signal);
    const hasTools = options.tools.length > 0;
    const response = model.doStream({
      prompt,
      ...(hasTools ? { tools: options.tools, toolChoice: { type: "auto" } as const } : {}),
      abortSignal: signal,
      includeRawChunks: false,
    });
    // After the promise jobs that build and send the request, while its answer is awaited.
    if (options.onRequest) setImmediate(options.onRequest);
    const { stream } = await response;
    emit({ type: "message_start", role: "assistant" });
    for await (const part of stream) {
      switch (part.type) {
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
          if (block) block.text += part.delta;
          if (block && part.providerMetadata) block.providerOptions = part.providerMetadata;
          if (part.type === "text-delta" && part.delta) emit({ type: "message_update", delta: part.delta });
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
          const parsed = await parseToolInput(part.input);
          const input = parsed.ok ? parsed.value : {};
          content.push({
            type: "tool-call",
            toolCallId: part.toolCallId,
            toolName: part.toolName,
            input,
            ...(part.providerMetadata ? { providerOptions: part.providerMetadata } : {}),
          });
          toolCalls.push({
            id: part.toolCallId,
            name: part.toolName,
            input,
            ...(parsed.ok ? {} : { invalidJson: { message: parsed.message, text: part.input } }),
          });
          break;
        }
        case "finish":
          // OpenAI-style providers send a finish part whenever the stream closes; without the
          // server's own finish reason it is a cut stream, not an answer.
          finished = part.finishReason.raw !== undefined || part.finishReason.unified !== "other";
          addReportedUsage(usage, part.usage);
          break;
        case "error":
          throw part.error;
      }
    }
  } catch (error) {
    // An abort surfaces as the fetch's AbortError, or a stream that ends early; both mean "aborted".
    if (!signal.aborted) throw error;
  }
  if (!finished && !signal.aborted) {
    // A connection cut mid-answer can look like a normal end of stream: the reply is incomplete.
    throw new IncompleteStreamError();
  }
  if (signal.aborted) {
    // Only the text survives an abort: half-streamed tool calls and unsigned reasoning would make the history invalid.
    message.content = content.filter((p) => p.type === "text" && p.text.length > 0);
    return { status: "aborted", message: builtByKernel(message), toolCalls: [], usage };
  }
  // Providers reject empty text blocks in a history.
  message.content = content.filter((p) => !(p.type === "text" && p.text.length === 0));
  return { status: "done", message: builtByKernel(message), toolCalls, usage };
}

/** The model's answer ended without the provider's final event; retried like a broken connection. */
export class IncompleteStreamError extends Error {
  override readonly name = "IncompleteStreamError";
  constructor() {
    super("the response stream ended before its final event (the answer is incomplete)");
  }
}

/** Adds a provider's usage report (cache reads and writes included in the input total). */
function addReportedUsage(usage: Usage, reported: LanguageModelV3Usage): void {
  usage.inputTokens += reported.inputTokens.total ?? 0;
  usage.outputTokens += reported.outputTokens.total ?? 0;
  usage.cacheReadTokens += reported.inputTokens.cacheRead ?? 0;
  usage.cacheWriteTokens += reported.inputTokens.cacheWrite ?? 0;
}

/**
 * A tool call's arguments as the provider streamed them (JSON text), parsed as `streamText` does:
 * empty means `{}`, and a `__proto__` key is refused like malformed JSON.
 */
async function parseToolInput(
  text: string,
): Promise<{ ok: true; value: unknown } | { ok: false; message: string }> {
  if (text.trim() === "") return { ok: true, value: {} };
  const parsed = await safeParseJSON({ text });
  return parsed.success
    ? { ok: true, value: parsed.value }
    : { ok: false, message: jsonErrorMessage(parsed.error) };
}

function jsonErrorMessage(error: unknown): string {
  let e: unknown = error;
  while (e && typeof e === "object" && "cause" in e && (e as { cause?: unknown }).cause)
    e = (e as { cause: unknown }).cause;
  return e instanceof Error ? e.message : "unparseable";
}
