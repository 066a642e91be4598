import { randomUUID } from "node:crypto";
import type { PromptResult } from "../../session/prompt-result.js";
import { apiErrorMessage } from "../../transcript/api-error-message.js";
import type { WireObject } from "./wire.js";

/**
 * stream-json: a model call that failed for good is an assistant line holding the failure before
 * the result, as claude 2.1.328 writes it (recorded with a loopback server answering 500): the
 * message its transcript line has (api-error-message.ts), `error` (Claude Code's type),
 * `is_api_error_message`, and the status and the provider's type when the failure had them. None for any other result.
 */
export function apiErrorLine(result: PromptResult, sessionId: string): WireObject | undefined {
  const error = result.apiError;
  if (error === undefined) return undefined;
  return {
    type: "assistant",
    message: apiErrorMessage(result.text),
    parent_tool_use_id: null,
    session_id: sessionId,
    uuid: randomUUID(),
    timestamp: new Date().toISOString(),
    error: error.kind,
    ...(error.requestId !== undefined ? { request_id: error.requestId } : {}),
    is_api_error_message: true,
    ...(error.status !== undefined ? { api_error_status: error.status } : {}),
    ...(error.type !== undefined ? { api_error_type: error.type } : {}),
    // claude's for an answer cut once too often: `{"cut": "output_limit"}` (recorded).
    ...(error.failure !== undefined ? { api_error: error.failure } : {}),
    ...(error.failure === "max_output_tokens" ? { api_error_params: { cut: "output_limit" } } : {}),
  };
}
