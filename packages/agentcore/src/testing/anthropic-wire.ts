/**
 * The Anthropic Messages API wire format (POST /v1/messages), as the loopback server speaks it:
 * the JSON response, the SSE event sequence, and error bodies. Checked against the schemas that
 * @ai-sdk/anthropic validates responses with.
 */
import { chunkText, DEFAULT_USAGE, type TurnReply } from "./script.js";

type Reply = Extract<TurnReply, { kind: "reply" }>;

/** Anthropic's usage: `input_tokens` counts only the uncached part of the prompt. */
function usageOf(turn: Reply) {
  const u = turn.usage ?? DEFAULT_USAGE;
  const cacheRead = u.cacheReadTokens ?? 0;
  const cacheWrite = u.cacheWriteTokens ?? 0;
  return {
    input_tokens: u.inputTokens - cacheRead - cacheWrite,
    output_tokens: u.outputTokens,
    ...(u.cacheReadTokens !== undefined ? { cache_read_input_tokens: cacheRead } : {}),
    ...(u.cacheWriteTokens !== undefined ? { cache_creation_input_tokens: cacheWrite } : {}),
  };
}

function stopReason(turn: Reply): string {
  if (turn.atLimit) return "max_tokens";
  return turn.toolCalls?.length ? "tool_use" : "end_turn";
}

/** Parses a scripted argument text the way the API would carry it: an object when it is JSON. */
function toolInput(input: string): unknown {
  try {
    return JSON.parse(input);
  } catch {
    return input;
  }
}

function signatureOf(turn: Reply): string {
  return turn.signature ?? "loopback-signature";
}

export function anthropicMessage(turn: Reply, model: string, id: string): object {
  const content: object[] = [];
  if (turn.reasoning)
    content.push({ type: "thinking", thinking: turn.reasoning, signature: signatureOf(turn) });
  if (turn.redactedThinking) content.push({ type: "redacted_thinking", data: turn.redactedThinking });
  if (turn.text) content.push({ type: "text", text: turn.text });
  for (const call of turn.toolCalls ?? []) {
    content.push({ type: "tool_use", id: call.id, name: call.name, input: toolInput(call.input) });
  }
  return {
    id,
    type: "message",
    role: "assistant",
    model,
    content,
    stop_reason: stopReason(turn),
    stop_sequence: null,
    usage: usageOf(turn),
  };
}

/**
 * The SSE events of a streamed reply, in order. A hanging or cut turn stops after its text deltas;
 * a cut turn with tool calls, half-way through its first call's arguments.
 */
export function anthropicEvents(
  turn: Reply,
  model: string,
  id: string,
): Array<{ event: string; data: object }> {
  const events: Array<{ event: string; data: object }> = [];
  const add = (data: { type: string; [field: string]: unknown }) => events.push({ event: data.type, data });
  add({
    type: "message_start",
    message: {
      id,
      type: "message",
      role: "assistant",
      model,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { ...usageOf(turn), output_tokens: 1 },
    },
  });
  let index = 0;
  if (turn.reasoning) {
    add({ type: "content_block_start", index, content_block: { type: "thinking", thinking: "" } });
    for (const thinking of chunkText(turn.reasoning))
      add({ type: "content_block_delta", index, delta: { type: "thinking_delta", thinking } });
    if (signatureOf(turn) !== "")
      add({
        type: "content_block_delta",
        index,
        delta: { type: "signature_delta", signature: signatureOf(turn) },
      });
    add({ type: "content_block_stop", index });
    index += 1;
  }
  if (turn.redactedThinking) {
    add({
      type: "content_block_start",
      index,
      content_block: { type: "redacted_thinking", data: turn.redactedThinking },
    });
    add({ type: "content_block_stop", index });
    index += 1;
  }
  if (turn.text) {
    add({ type: "content_block_start", index, content_block: { type: "text", text: "" } });
    for (const text of chunkText(turn.text))
      add({ type: "content_block_delta", index, delta: { type: "text_delta", text } });
    if (turn.hang || turn.cut) return events;
    add({ type: "content_block_stop", index });
    index += 1;
  }
  if (turn.hang) return events;
  if (turn.cut && !turn.toolCalls?.length) return events;
  for (const call of turn.toolCalls ?? []) {
    add({
      type: "content_block_start",
      index,
      content_block: { type: "tool_use", id: call.id, name: call.name, input: {} },
    });
    // In pieces, as the API streams a call's arguments.
    const pieces = chunkText(call.input);
    const whole = pieces.length > 0 ? pieces : [call.input];
    // A cut turn stops half-way through its first call's arguments.
    const sent = turn.cut ? whole.slice(0, Math.max(1, Math.floor(whole.length / 2))) : whole;
    for (const partial_json of sent)
      add({ type: "content_block_delta", index, delta: { type: "input_json_delta", partial_json } });
    if (turn.cut) return events;
    add({ type: "content_block_stop", index });
    index += 1;
  }
  add({
    type: "message_delta",
    delta: { stop_reason: stopReason(turn), stop_sequence: null },
    usage: { output_tokens: usageOf(turn).output_tokens },
  });
  add({ type: "message_stop" });
  return events;
}

export function anthropicSse(event: { event: string; data: object }): string {
  return `event: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`;
}

const ERROR_TYPES: Record<number, string> = {
  400: "invalid_request_error",
  401: "authentication_error",
  403: "permission_error",
  404: "not_found_error",
  413: "request_too_large",
  429: "rate_limit_error",
  529: "overloaded_error",
};

export function anthropicError(status: number, message: string): object {
  return { type: "error", error: { type: ERROR_TYPES[status] ?? "api_error", message } };
}
