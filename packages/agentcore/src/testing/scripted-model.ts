import {
  APICallError,
  type LanguageModelV3,
  type LanguageModelV3CallOptions,
  type LanguageModelV3Content,
  type LanguageModelV3FunctionTool,
  type LanguageModelV3GenerateResult,
  type LanguageModelV3Prompt,
  type LanguageModelV3StreamPart,
  type LanguageModelV3StreamResult,
  type LanguageModelV3Usage,
} from "@ai-sdk/provider";
import { chunkText, DEFAULT_USAGE, ScriptCursor, type ScriptStep, type TurnReply } from "./script.js";

/** What the scripted model received in one call. */
export interface ScriptedRequest {
  prompt: LanguageModelV3Prompt;
  tools: LanguageModelV3FunctionTool[];
  options: Omit<LanguageModelV3CallOptions, "abortSignal">;
}

/** A LanguageModelV3 that replays a script and records what it was asked. */
export interface ScriptedModel extends LanguageModelV3 {
  /** Every call received, in order. */
  readonly requests: ScriptedRequest[];
  /** How many script steps have been consumed. */
  readonly callCount: number;
}

function usageOf(turn: Extract<TurnReply, { kind: "reply" }>): LanguageModelV3Usage {
  const u = turn.usage ?? DEFAULT_USAGE;
  const noCache = u.inputTokens - (u.cacheReadTokens ?? 0) - (u.cacheWriteTokens ?? 0);
  return {
    inputTokens: {
      total: u.inputTokens,
      noCache,
      cacheRead: u.cacheReadTokens,
      cacheWrite: u.cacheWriteTokens,
    },
    outputTokens: { total: u.outputTokens, text: u.outputTokens, reasoning: undefined },
  };
}

/**
 * FOR TESTS AND DEMOS ONLY: an in-process language model that replays `script`, one entry per
 * model call (streaming or not), and records every request. It never talks to a real model.
 */
export function scriptedModel(
  script: readonly ScriptStep<ScriptedRequest>[],
  modelId = "scripted",
): ScriptedModel {
  const cursor = new ScriptCursor(script, "scripted model");
  const requests: ScriptedRequest[] = [];

  async function answer(options: LanguageModelV3CallOptions): Promise<TurnReply> {
    const { abortSignal: _signal, ...rest } = options;
    const request: ScriptedRequest = {
      prompt: options.prompt,
      tools: (options.tools ?? []).filter((t): t is LanguageModelV3FunctionTool => t.type === "function"),
      options: rest,
    };
    requests.push(request);
    const turn = await cursor.next(request);
    throwIfFailure(turn);
    return turn;
  }

  return {
    specificationVersion: "v3",
    provider: "scripted",
    modelId,
    supportedUrls: {},
    requests,
    get callCount() {
      return cursor.used;
    },
    async doGenerate(options): Promise<LanguageModelV3GenerateResult> {
      const turn = await answer(options);
      if (turn.kind !== "reply") throw new Error("unreachable");
      const content: LanguageModelV3Content[] = [];
      if (turn.reasoning) content.push({ type: "reasoning", text: turn.reasoning });
      if (turn.text) content.push({ type: "text", text: turn.text });
      for (const call of turn.toolCalls ?? []) {
        content.push({ type: "tool-call", toolCallId: call.id, toolName: call.name, input: call.input });
      }
      return { content, finishReason: finishReason(turn), usage: usageOf(turn), warnings: [] };
    },
    async doStream(options): Promise<LanguageModelV3StreamResult> {
      const turn = await answer(options);
      if (turn.kind !== "reply") throw new Error("unreachable");
      return { stream: streamReply(turn, options.abortSignal) };
    },
  };
}

function throwIfFailure(turn: TurnReply): void {
  switch (turn.kind) {
    case "reply":
      return;
    case "throw":
      throw turn.error;
    case "network-error":
      throw Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" });
    case "http-error":
      throw new APICallError({
        message: turn.message ?? `scripted http error ${turn.status}`,
        url: "scripted://model",
        requestBodyValues: {},
        statusCode: turn.status,
        responseHeaders: turn.headers,
      });
  }
}

function finishReason(turn: { toolCalls?: unknown[]; atLimit?: boolean }) {
  if (turn.atLimit) return { unified: "length" as const, raw: "length" };
  return turn.toolCalls?.length
    ? { unified: "tool-calls" as const, raw: "tool_calls" }
    : { unified: "stop" as const, raw: "stop" };
}

function streamReply(
  turn: Extract<TurnReply, { kind: "reply" }>,
  signal: AbortSignal | undefined,
): ReadableStream<LanguageModelV3StreamPart> {
  const parts: LanguageModelV3StreamPart[] = [{ type: "stream-start", warnings: [] }];
  if (turn.reasoning) {
    parts.push({ type: "reasoning-start", id: "r0" });
    parts.push({ type: "reasoning-delta", id: "r0", delta: turn.reasoning });
    parts.push({ type: "reasoning-end", id: "r0" });
  }
  if (turn.text) {
    parts.push({ type: "text-start", id: "t0" });
    for (const delta of chunkText(turn.text)) parts.push({ type: "text-delta", id: "t0", delta });
    if (!turn.hang && !turn.cut) parts.push({ type: "text-end", id: "t0" });
  }
  if (!turn.hang && !turn.cut) {
    for (const call of turn.toolCalls ?? []) {
      parts.push({ type: "tool-input-start", id: call.id, toolName: call.name });
      parts.push({ type: "tool-input-delta", id: call.id, delta: call.input });
      parts.push({ type: "tool-input-end", id: call.id });
      parts.push({ type: "tool-call", toolCallId: call.id, toolName: call.name, input: call.input });
    }
    parts.push({ type: "finish", finishReason: finishReason(turn), usage: usageOf(turn) });
  }
  return new ReadableStream<LanguageModelV3StreamPart>({
    start(controller) {
      for (const part of parts) controller.enqueue(part);
      if (!turn.hang) {
        controller.close();
        return;
      }
      // A hanging turn ends the way a real HTTP stream does when its request is aborted.
      const fail = () => controller.error(signal?.reason ?? new DOMException("aborted", "AbortError"));
      if (signal?.aborted) fail();
      else signal?.addEventListener("abort", fail, { once: true });
    },
  });
}
