import type { LanguageModelV3 } from "@ai-sdk/provider";
import type { AssistantModelMessage, ModelMessage } from "ai";
import type { FallbackTrigger } from "./fallback.js";
import type { ToolCall, ToolResult } from "./tool.js";

/** Why a run ended. Only `stop` is a natural stop (the model ended its turn and nothing asked to go on). */
/** `max_budget`: `overBudget` answered true after a model step, or `spentOut` after tool calls (see LoopOptions). */
export type StopReason = "stop" | "max_turns" | "max_budget" | "aborted" | "error";

/** One tool call of a turn with the result the model gets for it. */
export interface ExecutedCall {
  call: ToolCall;
  result: ToolResult;
}

/**
 * Token counts as the provider reports them (0 when it reports none), for one model step or
 * summed over many. `inputTokens` is the whole prompt, cache reads and writes included.
 */
export interface Usage {
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
}

/** What a run produced. */
export interface LoopResult {
  reason: StopReason;
  /** Every message the run appended to the history, in order. */
  newMessages: ModelMessage[];
  /** Number of model steps taken. */
  turns: number;
  usage: Usage;
  /** `usage` per model that took steps (more than one when the run fell back), in the order used. */
  usageByModel: ReadonlyMap<LanguageModelV3, Usage>;
  /** Set when `reason` is `error`. */
  error?: Error;
}

/**
 * Everything observable about a run, in order. `message_start` / `message_end` frame every message
 * appended to the history (assistant, tool results, injected user messages); `message_update` carries
 * the assistant's text deltas, `thinking_update` its thinking's, and `message_chunk` the provider's
 * raw stream events. A `retry` after `message_start` discards that partial message.
 */
export type AgentEvent =
  | { type: "agent_start"; agentName: string }
  | { type: "agent_end"; reason: StopReason; newMessages: ModelMessage[]; error?: Error }
  | { type: "turn_start"; turn: number }
  | { type: "turn_end"; turn: number; message: AssistantModelMessage; toolResults: ExecutedCall[] }
  | { type: "message_start"; role: ModelMessage["role"] }
  | { type: "message_update"; delta: string }
  /**
   * A piece of the answer's thinking (`delta`, or its `signature` as it comes), in the block the
   * provider names `block` (a new block starts again from nothing).
   */
  | { type: "thinking_update"; block: string; delta: string; signature?: string }
  /**
   * One of the provider's own stream events as it arrived (for Anthropic, a Messages API event such
   * as `content_block_delta`), before the parts the kernel reads from it; for clients that show the
   * raw stream. A `retry` or `model_fallback` after it discards it with the partial message.
   */
  | {
      type: "message_chunk";
      chunk: unknown;
      /** On a response's first event: how long it came after the request was sent, in ms. */
      ttftMs?: number;
    }
  /**
   * For an assistant message, `usage` is what its model step cost (the same as the `step_usage`
   * after it) and `model` the id of the model that wrote it.
   */
  /** An answer's `usage`, `model` and the provider's `responseId` (when it sent one) come with it. */
  | { type: "message_end"; message: ModelMessage; usage?: Usage; model?: string; responseId?: string }
  | { type: "tool_execution_start"; call: ToolCall }
  | { type: "tool_execution_update"; callId: string; partial: string }
  | { type: "tool_execution_end"; call: ToolCall; result: ToolResult }
  /** A failed model step is tried again in `delayMs`: retry `attempt` of at most `maxRetries`. */
  | { type: "retry"; attempt: number; maxRetries: number; delayMs: number; error: Error }
  /** What one model step cost, as the provider reported it. */
  | { type: "step_usage"; turn: number; usage: Usage; model: LanguageModelV3 }
  /**
   * The model failed in a way that falls back (`trigger`, with its `error`): from here on the run's
   * model steps go to `to`. A partial message before it is discarded, as after a `retry`.
   */
  | {
      type: "model_fallback";
      from: LanguageModelV3;
      to: LanguageModelV3;
      trigger: FallbackTrigger;
      error: Error;
    }
  /** The history was replaced before a model step (compaction); these messages are all of it now. */
  | { type: "history_replaced"; messages: ModelMessage[] }
  | { type: "error"; error: Error };
