import type { AgentEvent } from "@codebot/agentcore";
import { apiCallError } from "../../session/stop-failure.js";
import type { WireObject } from "./wire.js";

type Retry = Extract<AgentEvent, { type: "retry" }>;

/**
 * stream-json: the main agent's failed model call about to be tried again, as claude 2.1.328's
 * `system` `api_retry` line (recorded against a loopback server answering 429, 500 and 529):
 * the retry's number, the most there will be, the wait before it, the HTTP status (null without
 * one: a broken connection) and the error's type.
 */
export function apiRetryLine(e: Retry, base: WireObject): WireObject {
  return {
    type: "system",
    subtype: "api_retry",
    attempt: e.attempt,
    max_retries: e.maxRetries,
    retry_delay_ms: e.delayMs,
    error_status: apiCallError(e.error)?.statusCode ?? null,
    error: retryErrorType(e.error),
    ...base,
  };
}

/**
 * The type an `api_retry` line gives, as claude 2.1.328 names it there (its own mapping, not the
 * final error's: a 529 is `overloaded` here, `server_error` once the retries are spent).
 */
export function retryErrorType(error: Error): string {
  const call = apiCallError(error);
  const status = call?.statusCode;
  if (status === 529 || /"type":\s*"overloaded_error"/.test(call?.responseBody ?? error.message))
    return "overloaded";
  if (status === 429) return "rate_limit";
  if (status === 401 || status === 403) return "authentication_failed";
  if (status !== undefined && status >= 408) return "server_error";
  return "unknown";
}
