import type {
  LanguageModelV3,
  LanguageModelV3FunctionTool,
  LanguageModelV3Usage,
  SharedV3ProviderMetadata,
} from "@ai-sdk/provider";
import { safeParseJSON } from "@ai-sdk/provider-utils";
import type { AssistantModelMessage, ModelMessage } from "ai";
import {
  offeredTools,
  TOOL_SEARCH_BETA,
  withOfferedToolReferences,
  withToolLoadedNotes,
} from "./deferred-tools.js";
import { withDeferredToolsListing } from "./deferred-tools-listing.js";
import { withRemovedToolsNotes } from "./deferred-tools-removal.js";
import type { AgentEvent, Usage } from "./events.js";
import { builtByKernel } from "./messages.js";
import { PromptCache } from "./prompt-cache.js";
import { timerDelayMs } from "./timer-limit.js";
import type { Tool } from "./tool.js";
import { toolJsonSchema } from "./tool-json-schema.js";
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
  /** The provider's id of the answer (Anthropic's `msg_…`), when it sent one. */
  responseId?: string;
  /** The answer stopped at the request's output token limit (Anthropic's `max_tokens`, OpenAI's `length`). */
  atOutputLimit?: boolean;
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
  /**
   * The longest wait for the provider's next word (the answer's start, or its next part): a
   * connection left open with nothing coming fails as StreamIdleError, retried like a cut one.
   */
  idleTimeoutMs?: number;
  /**
   * Emit `message_chunk` with each of the provider's own stream events. Off unless a client shows
   * them: asking the AI SDK for them costs every chunk a part and an event (a 50-call answer's
   * run 9% more, measured).
   */
  rawChunks?: boolean;
  /** The deferred tools' names as the model reads them (deferred-tools-listing.ts). */
  deferredToolsListing?: string;
}

/** Default of `idleTimeoutMs`: a provider sends events (or pings) far more often than this. */
export const DEFAULT_STREAM_IDLE_MS = 300_000;

/**
 * The tools as the model sees them in a request over `messages`: name, description and JSON
 * schema, a deferred one once loaded there and marked `defer_loading` (deferred-tools.ts). The
 * kernel runs every call itself and validates the arguments against the zod schema.
 */
export function toModelTools(tools: readonly Tool[], messages: readonly ModelMessage[] = []): ModelTools {
  return offeredTools(tools, messages).map((tool) => {
    const deferred =
      tool.deferLoading !== undefined ? { providerOptions: { anthropic: { deferLoading: true } } } : {};
    return {
      type: "function",
      name: tool.name,
      description: tool.description,
      inputSchema: toolJsonSchema(tool),
      ...deferred,
    };
  });
}

/**
 * One model call: the history converted to the provider's prompt as `streamText` converts it,
 * then the model's own `doStream`, read part by part. Calling the model directly rather than
 * through `streamText` leaves out what the kernel does itself (retries, tool calls, steps) and
 * the layers of streams that cost a CLI run tens of milliseconds. Emits `message_start` when the
 * response begins, `message_chunk` for each of the provider's own stream events (`rawChunks`) and
 * `message_update` for each text delta; throws the provider's error when the
 * call fails.
 */
export async function runModelStep(options: ModelStepOptions): Promise<StepOutcome> {
  const idle = new IdleWatch(options.idleTimeoutMs ?? DEFAULT_STREAM_IDLE_MS);
  try {
    return await readStep(options, AbortSignal.any([options.signal, idle.signal]), idle);
  } finally {
    idle.stop();
  }
}

/** runModelStep's work, under `signal` (the run's, or the idle watch's) and `idle` (reset by every part). */
async function readStep(
  options: ModelStepOptions,
  stepSignal: AbortSignal,
  idle: IdleWatch,
): Promise<StepOutcome> {
  const { emit, model } = options;
  const signal = options.signal;
  const content: AssistantPart[] = [];
  const open = new Map<string, OpenBlock>();
  const toolCalls: ModelToolCall[] = [];
  const callIds = new Set<string>();
  const usage = emptyUsage();
  let finished = false;
  let atOutputLimit = false;
  let responseId: string | undefined;
  const message: AssistantModelMessage = { role: "assistant", content };

  try {
    const cache = options.promptCache ?? new PromptCache();
    const history = await cache.prompt(options.systemPrompt, options.messages, model, stepSignal);
    const hasTools = options.tools.length > 0;
    const deferred = options.tools.some((tool) => tool.providerOptions?.anthropic?.deferLoading === true);
    const offered = new Set(options.tools.map((tool) => tool.name));
    const prompt = withDeferredToolsListing(
      withRemovedToolsNotes(
        withToolLoadedNotes(withOfferedToolReferences(history, offered, deferred)),
        model.modelId,
      ),
      options.deferredToolsListing,
      model.modelId,
    );
    const requested = performance.now();
    let firstChunk = true;
    const response = model.doStream({
      prompt,
      ...(hasTools ? { tools: options.tools, toolChoice: { type: "auto" } as const } : {}),
      ...(deferred ? { providerOptions: { anthropic: { anthropicBeta: [TOOL_SEARCH_BETA] } } } : {}),
      abortSignal: stepSignal,
      // The provider's own stream events, for a client that shows them as they come (`message_chunk`).
      includeRawChunks: options.rawChunks === true,
    });
    // After the promise jobs that build and send the request, while its answer is awaited.
    if (options.onRequest) setImmediate(options.onRequest);
    const { stream } = await response;
    emit({ type: "message_start", role: "assistant" });
    for await (const part of stream) {
      idle.reset();
      switch (part.type) {
        case "raw":
          if (firstChunk) {
            firstChunk = false;
            emit({
              type: "message_chunk",
              chunk: part.rawValue,
              ttftMs: Math.round(performance.now() - requested),
            });
          } else emit({ type: "message_chunk", chunk: part.rawValue });
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
          if (block) block.text += part.delta;
          if (block && part.providerMetadata) block.providerOptions = part.providerMetadata;
          if (part.type === "text-delta" && part.delta) emit({ type: "message_update", delta: part.delta });
          if (part.type === "reasoning-delta") emitThinking(emit, part);
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
          const id = uniqueCallId(part.toolCallId, callIds);
          content.push({
            type: "tool-call",
            toolCallId: id,
            toolName: part.toolName,
            // Providers take a call's arguments only as an object (Anthropic's API refuses a list in
            // a history's tool_use): any other JSON is recorded as {}, the call told it is invalid.
            input: isObject(input) ? input : {},
            ...(part.providerMetadata ? { providerOptions: part.providerMetadata } : {}),
          });
          toolCalls.push({
            id,
            name: part.toolName,
            input,
            ...(parsed.ok ? {} : { invalidJson: { message: parsed.message, text: part.input } }),
          });
          break;
        }
        case "response-metadata":
          responseId ??= part.id;
          break;
        case "finish":
          // OpenAI-style providers send a finish part whenever the stream closes; without the
          // server's own finish reason it is a cut stream, not an answer.
          finished = part.finishReason.raw !== undefined || part.finishReason.unified !== "other";
          atOutputLimit = part.finishReason.unified === "length";
          addReportedUsage(usage, part.usage);
          break;
        case "error":
          throw part.error;
      }
    }
  } catch (error) {
    if (idle.fired && !signal.aborted) throw new StreamIdleError(idle.ms);
    // An abort surfaces as the fetch's AbortError, or a stream that ends early; both mean "aborted".
    if (!signal.aborted) throw error;
  }
  if (idle.fired && !signal.aborted) throw new StreamIdleError(idle.ms);
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
  if (atOutputLimit) {
    // A call cut by the output limit: its error result tells the model why, so it does not send the same long call again.
    for (const call of toolCalls) if (call.invalidJson) call.invalidJson.message = CUT_CALL;
    // Thinking cut before its signature cannot be sent back (claude 2.1.328 drops it too).
    const last = message.content.at(-1);
    if (last?.type === "reasoning" && !signed(last)) message.content = message.content.slice(0, -1);
  }
  return {
    status: "done",
    message: builtByKernel(message),
    toolCalls,
    usage,
    ...(responseId !== undefined ? { responseId } : {}),
    ...(atOutputLimit ? { atOutputLimit } : {}),
  };
}

/** A piece of thinking, or its Anthropic signature, as `thinking_update` (none for an empty piece). */
function emitThinking(
  emit: ModelStepOptions["emit"],
  part: { id: string; delta: string; providerMetadata?: SharedV3ProviderMetadata },
): void {
  const signature = part.providerMetadata?.anthropic?.signature;
  if (part.delta === "" && typeof signature !== "string") return;
  emit({
    type: "thinking_update",
    block: part.id,
    delta: part.delta,
    ...(typeof signature === "string" ? { signature } : {}),
  });
}

/** Whether a reasoning block carries what the provider needs to take it back (Anthropic's signature or redacted data). */
function signed(part: { providerOptions?: unknown }): boolean {
  const anthropic = (part.providerOptions as { anthropic?: { signature?: unknown; redactedData?: unknown } })
    ?.anthropic;
  return Boolean(anthropic?.signature) || Boolean(anthropic?.redactedData);
}

/** Why a tool call cut at the output token limit has arguments that are not JSON (claude says the like). */
const CUT_CALL =
  "the answer was cut at the output token limit inside this call, so it did not run: make it again in a shorter answer, long content split across several smaller calls (a long file: write its first part, then add the rest in later calls)";

/** The provider sent nothing for `ms`: the request was given up; retried like a broken connection. */
export class StreamIdleError extends Error {
  override readonly name = "StreamIdleError";
  constructor(readonly ms: number) {
    super(`no answer from the model for ${Math.round(ms / 1000)} s; the request was given up`);
  }
}

/** Aborts its signal once `ms` pass without a reset. */
class IdleWatch {
  private readonly controller = new AbortController();
  private timer: NodeJS.Timeout;
  fired = false;

  constructor(readonly ms: number) {
    this.timer = this.start();
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  reset(): void {
    clearTimeout(this.timer);
    this.timer = this.start();
  }

  stop(): void {
    clearTimeout(this.timer);
  }

  private start(): NodeJS.Timeout {
    const timer = setTimeout(() => {
      this.fired = true;
      this.controller.abort(new Error("idle"));
      // A limit set to mean "no limit" (past what a timer takes) would otherwise fire after 1 ms.
    }, timerDelayMs(this.ms));
    timer.unref();
    return timer;
  }
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

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * A call id not used before in this answer. A provider (a gateway, a local server) that gives two
 * calls one id would have both answered under it, and Anthropic's API refuses such a history in the
 * next request, and in every resume of it. claude 2.1.328 (recorded) runs both and then sends only
 * the first call and its result; codebot keeps both, the second as `<id>_2`.
 */
function uniqueCallId(id: string, used: Set<string>): string {
  let unique = id;
  for (let n = 2; used.has(unique); n++) unique = `${id}_${n}`;
  used.add(unique);
  return unique;
}
