/**
 * The assistant message that stands for a prompt's run ended by a failed model call: the
 * `API Error` text as the answer, model `<synthetic>`, no usage spent. claude 2.1.328 writes the
 * same message, with the same keys in the same order, in its transcript line and its stream-json
 * line (recorded with a loopback server answering 500), so both of codebot's are built here.
 */
import { randomUUID } from "node:crypto";

/** The model claude and codebot name on an assistant message they made up. */
export const SYNTHETIC_MODEL = "<synthetic>";

export function apiErrorMessage(text: string): Record<string, unknown> {
  return {
    diagnostics: null,
    id: randomUUID(),
    container: null,
    model: SYNTHETIC_MODEL,
    role: "assistant",
    stop_details: null,
    stop_reason: "stop_sequence",
    stop_sequence: "",
    type: "message",
    usage: {
      output_tokens_details: null,
      input_tokens: 0,
      output_tokens: 0,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
      server_tool_use: { web_search_requests: 0, web_fetch_requests: 0 },
      service_tier: null,
      cache_creation: { ephemeral_1h_input_tokens: 0, ephemeral_5m_input_tokens: 0 },
      inference_geo: null,
      iterations: null,
      speed: null,
      fallback_credit: null,
    },
    content: [{ type: "text", text }],
    context_management: null,
  };
}
