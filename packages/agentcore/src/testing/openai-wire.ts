/**
 * The OpenAI chat completions wire format (POST /v1/chat/completions), as the loopback server
 * speaks it: the JSON response, the SSE chunks, and error bodies. Checked against the schemas that
 * @ai-sdk/openai validates responses with.
 */
import { chunkText, DEFAULT_USAGE, type TurnReply } from "./script.js";

type Reply = Extract<TurnReply, { kind: "reply" }>;

/** OpenAI's usage: `prompt_tokens` is the whole prompt, its cached part in `prompt_tokens_details`. */
function usageOf(turn: Reply) {
  const u = turn.usage ?? DEFAULT_USAGE;
  return {
    prompt_tokens: u.inputTokens,
    completion_tokens: u.outputTokens,
    total_tokens: u.inputTokens + u.outputTokens,
    ...(u.cacheReadTokens !== undefined
      ? { prompt_tokens_details: { cached_tokens: u.cacheReadTokens } }
      : {}),
  };
}

function finishReason(turn: Reply): string {
  if (turn.atLimit) return "length";
  return turn.toolCalls?.length ? "tool_calls" : "stop";
}

export function openaiCompletion(turn: Reply, model: string, id: string): object {
  const toolCalls = (turn.toolCalls ?? []).map((call) => ({
    id: call.id,
    type: "function",
    function: { name: call.name, arguments: call.input },
  }));
  return {
    id,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [
      {
        index: 0,
        message: {
          role: "assistant",
          content: turn.text ?? null,
          ...(toolCalls.length ? { tool_calls: toolCalls } : {}),
        },
        finish_reason: finishReason(turn),
      },
    ],
    usage: usageOf(turn),
  };
}

/** The `data:` payloads of a streamed reply, in order (without the final `[DONE]`). A hanging turn stops after its text. */
export function openaiChunks(turn: Reply, model: string, id: string): object[] {
  const created = Math.floor(Date.now() / 1000);
  const chunk = (choices: object[], extra: object = {}) => ({
    id,
    object: "chat.completion.chunk",
    created,
    model,
    choices,
    ...extra,
  });
  const delta = (d: object, finish: string | null = null) =>
    chunk([{ index: 0, delta: d, finish_reason: finish }]);
  const chunks: object[] = [delta({ role: "assistant", content: "" })];
  for (const text of chunkText(turn.text ?? "")) chunks.push(delta({ content: text }));
  if (turn.hang || turn.cut) return chunks;
  (turn.toolCalls ?? []).forEach((call, index) => {
    chunks.push(
      delta({
        tool_calls: [{ index, id: call.id, type: "function", function: { name: call.name, arguments: "" } }],
      }),
    );
    chunks.push(delta({ tool_calls: [{ index, function: { arguments: call.input } }] }));
  });
  chunks.push(delta({}, finishReason(turn)));
  chunks.push(chunk([], { usage: usageOf(turn) }));
  return chunks;
}

export function openaiSse(data: object | "[DONE]"): string {
  return `data: ${typeof data === "string" ? data : JSON.stringify(data)}\n\n`;
}

export function openaiError(status: number, message: string): object {
  const type =
    status === 429 ? "rate_limit_exceeded" : status >= 500 ? "server_error" : "invalid_request_error";
  return { error: { message, type, param: null, code: status === 401 ? "invalid_api_key" : null } };
}
