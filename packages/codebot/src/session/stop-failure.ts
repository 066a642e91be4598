/**
 * StopFailure (Claude Code's event for a turn that ended on a model API error): which of Claude
 * Code's error types a failed model call was, as claude 2.1.328 names it (recorded against a
 * loopback server answering 400, 429, 500, 529 and `prompt is too long`; its error mapping read
 * for the rest): by the HTTP status, not the provider's error type.
 */
import { APICallError } from "@ai-sdk/provider";
import { isContextOverflow, type ModelCallError, OutputLimitError } from "@codebot/agentcore";
import type { RetryRecord } from "../transcript/transcript-writer.js";

/** Claude Code's StopFailure matcher values that a model call can produce. */
export type StopFailureType =
  | "rate_limit"
  | "overloaded"
  | "authentication_failed"
  | "invalid_request"
  | "model_not_found"
  | "server_error"
  | "max_output_tokens"
  | "unknown";

/**
 * The error type of a failed model call, as claude's synthetic `API Error` message and its
 * StopFailure hook give it: a 529 is `server_error` like any 5xx (only the `api_retry` lines say
 * `overloaded`), a request too long for the model `invalid_request`, any other refused request
 * (a plain 400, 422) `unknown`, and no answer at all (a refused or lost connection) `server_error`.
 */
export function stopFailureType(error: unknown): StopFailureType {
  // Answers cut at max_tokens, resumed until the kernel gave up (output-limit.ts).
  if (error instanceof OutputLimitError) return "max_output_tokens";
  const call = apiCallError(error);
  if (call === undefined) return maxOutputTokens(error) ? "max_output_tokens" : "server_error";
  // A message about the output limit is Claude Code's own type, whatever the status.
  const message = providerError(call.responseBody)?.message;
  if (message !== undefined && /max(imum)?[_ ]?(output[_ ]?)?tokens/i.test(message))
    return "max_output_tokens";
  if (isContextOverflow(call)) return "invalid_request";
  return byStatus(call.statusCode);
}

function byStatus(status: number | undefined): StopFailureType {
  if (status === undefined || status >= 500) return "server_error";
  if (status === 401 || status === 403) return "authentication_failed";
  if (status === 404) return "model_not_found";
  if (status === 429) return "rate_limit";
  return "unknown";
}

/**
 * StopFailure's payload fields of a failed model call, as claude 2.1.328 sends them (recorded):
 * `last_assistant_message` is the run's answer, the `API Error` text; `error_details` the raw
 * error (`<status> <body>`, `rawError`) only for a request too long, the one failure whose answer
 * drops details (the token counts) — claude sends none for a 429, 500, 529 or plain 400.
 */
export function stopFailureInput(
  error: ModelCallError,
  answer: string,
): { error: StopFailureType; errorDetails: string; rawError?: string; lastAssistantMessage: string } {
  const call = apiCallError(error);
  const details =
    call !== undefined && isContextOverflow(call)
      ? `${call.statusCode ?? ""} ${call.responseBody ?? call.message}`.trim()
      : undefined;
  return {
    error: stopFailureType(error),
    // codebot's own hooks get the message whatever the failure.
    errorDetails: error.message,
    ...(details !== undefined ? { rawError: details } : {}),
    lastAssistantMessage: answer,
  };
}

/** A failed model call as claude's result and error lines report it. */
export interface ApiErrorFields {
  /** Claude Code's error type (the assistant line's `error`). */
  kind: StopFailureType;
  status?: number;
  type?: string;
  /**
   * claude's `api_error` for a failure without an HTTP status (recorded): an answer cut at the
   * output limit once too often, or no answer at all (a refused connection).
   */
  failure?: "max_output_tokens" | "connection_failed";
  /** The provider's id of the request (Anthropic's `request-id` header). */
  requestId?: string;
  /** The provider refused the request as too long (claude's `terminal_reason: prompt_too_long`). */
  tooLong?: true;
}

/**
 * A failed model call's HTTP status and the provider's own error type (Anthropic's `error.type`,
 * OpenAI's `error.type`), as claude 2.1.328's result line reports them (`api_error_status`,
 * `api_error_type`); each absent when the failure had none (a network failure).
 */
export function apiErrorFields(error: unknown): ApiErrorFields {
  const call = apiCallError(error);
  const type = providerError(call?.responseBody)?.type;
  const kind = stopFailureType(error);
  const requestId = requestIdOf(call?.responseHeaders);
  return {
    kind,
    ...(call?.statusCode !== undefined
      ? { status: call.statusCode }
      : { failure: kind === "max_output_tokens" ? "max_output_tokens" : "connection_failed" }),
    ...(type !== undefined ? { type } : {}),
    ...(requestId !== undefined ? { requestId } : {}),
    ...(call !== undefined && isContextOverflow(call) ? { tooLong: true } : {}),
  };
}

function requestIdOf(headers: Record<string, string> | undefined): string | undefined {
  const key = Object.keys(headers ?? {}).find((k) => /^(x-)?request-id$/i.test(k));
  return key === undefined ? undefined : headers?.[key];
}

/** The provider's APICallError anywhere in the cause chain (codebot wraps it in a ModelCallError). */
export function apiCallError(error: unknown): APICallError | undefined {
  for (let e = error, depth = 0; e !== undefined && depth < 5; depth++) {
    if (APICallError.isInstance(e)) return e;
    e = e instanceof Error ? e.cause : undefined;
  }
  return undefined;
}

function maxOutputTokens(error: unknown): boolean {
  return error instanceof Error && /max(imum)?[_ ]?(output[_ ]?)?tokens/i.test(error.message);
}

/** `{error: {type, code, message}}` of an error body (Anthropic and OpenAI both nest it under `error`). */
export function providerError(
  body: string | undefined,
): { type?: string; code?: string; message?: string } | undefined {
  if (body === undefined || body === "") return undefined;
  try {
    const parsed: unknown = JSON.parse(body);
    const inner = (parsed as { error?: unknown } | null)?.error;
    if (inner === null || typeof inner !== "object") return undefined;
    const { type, code, message } = inner as Record<string, unknown>;
    return {
      ...(typeof type === "string" ? { type } : {}),
      ...(typeof code === "string" ? { code } : {}),
      ...(typeof message === "string" ? { message } : {}),
    };
  } catch {
    return undefined;
  }
}

export function retryRecord(e: {
  attempt: number;
  maxRetries: number;
  delayMs: number;
  error: Error;
}): RetryRecord {
  const call = apiCallError(e.error);
  const status = call?.statusCode;
  const requestId = requestIdOf(call?.responseHeaders);
  const said = providerError(call?.responseBody)?.message ?? call?.message ?? e.error.message;
  return {
    message: status === undefined ? e.error.message : `${status} ${call?.responseBody ?? said}`,
    formatted: status === undefined ? e.error.message : `${status} ${said}`,
    ...(status !== undefined ? { status } : {}),
    ...(requestId !== undefined ? { requestId } : {}),
    retryInMs: e.delayMs,
    retryAttempt: e.attempt,
    maxRetries: e.maxRetries,
  };
}
