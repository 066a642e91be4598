import { APICallError } from "@ai-sdk/provider";

/** How the kernel retries a failed model step. */
export interface RetryPolicy {
  /** Retries after the first attempt (0 = never retry). */
  maxRetries: number;
  /** Delay before the first retry; doubles with each attempt. */
  baseDelayMs: number;
  /** Upper bound of the doubling delay (before its jitter). */
  maxDelayMs: number;
  /** Upper bound of a delay a server asks for with `retry-after`; `maxDelayMs` when absent. */
  maxRetryAfterMs?: number;
}

/**
 * Claude Code 2.1.328's schedule (recorded against a server answering 529 to every call: 11
 * requests over 2.3 minutes, delays 0.55, 1.0, 2.3, 4.6, 8.4, 16.5, 34.5, 34.1, 37.4, 32.3 s): ten
 * retries, 500 ms doubling up to 32 s, plus up to a quarter of jitter. A server's `retry-after`
 * is waited up to five minutes (claude waits longer; a `-p` run should not sit for hours).
 */
export const DEFAULT_RETRY: RetryPolicy = {
  maxRetries: 10,
  baseDelayMs: 500,
  maxDelayMs: 32_000,
  maxRetryAfterMs: 300_000,
};

/** How much longer than its base a delay may be, at random (claude's: a quarter). */
const JITTER = 0.25;

const NETWORK_CODES = new Set([
  "ECONNRESET",
  "ECONNREFUSED",
  "ECONNABORTED",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ENETUNREACH",
  "EHOSTUNREACH",
  "UND_ERR_SOCKET",
  "UND_ERR_CONNECT_TIMEOUT",
  "UND_ERR_HEADERS_TIMEOUT",
  "UND_ERR_BODY_TIMEOUT",
]);

/** Error types a provider reports inside an otherwise successful stream that mean "try again". */
const TRANSIENT_STREAM_ERRORS = new Set([
  "overloaded_error",
  "rate_limit_error",
  "api_error",
  "server_error",
]);

/**
 * True when the error is worth retrying: HTTP 408/409/429/5xx (as the provider judged it), a broken
 * connection (or a stream cut before its end), or a provider's in-stream overload error. 4xx client errors such as 401 are final.
 */
export function isTransientError(error: unknown): boolean {
  if (APICallError.isInstance(error)) return error.isRetryable;
  // A stream cut before its final event (model-step.ts) is a broken connection.
  if (error instanceof Error && (error.name === "IncompleteStreamError" || error.name === "StreamIdleError"))
    return true;
  if (brokenConnectionOf(error) !== undefined) return true;
  for (let e: unknown = error, depth = 0; e != null && depth < 5; depth += 1) {
    if (typeof e !== "object") break;
    const { type } = e as { type?: unknown };
    if (typeof type === "string" && TRANSIENT_STREAM_ERRORS.has(type)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * The broken connection somewhere in the error's cause chain: a system error's code (`ECONNRESET`),
 * else its words (`other side closed`, `socket hang up`); undefined when none broke.
 */
export function brokenConnectionOf(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e != null && depth < 5; depth += 1) {
    if (typeof e !== "object") break;
    const { code, message } = e as { code?: unknown; message?: unknown };
    const words = typeof message === "string" && message !== "" ? message : undefined;
    // A system error's code says it best (`ECONNRESET`, as claude words it); undici's, its message.
    if (typeof code === "string" && NETWORK_CODES.has(code))
      return code.startsWith("UND_ERR") ? (words ?? code) : code;
    if (words !== undefined && /fetch failed|socket hang up|other side closed/i.test(words)) return words;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The delay a server asked for with `retry-after-ms` or `retry-after` (seconds or an HTTP date). */
export function retryAfterMs(error: unknown, now = Date.now()): number | undefined {
  if (!APICallError.isInstance(error) || !error.responseHeaders) return undefined;
  const headers = Object.fromEntries(
    Object.entries(error.responseHeaders).map(([k, v]) => [k.toLowerCase(), v]),
  );
  const ms = Number.parseFloat(headers["retry-after-ms"] ?? "");
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const value = headers["retry-after"];
  if (value === undefined) return undefined;
  const seconds = Number.parseFloat(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isFinite(date) ? Math.max(0, date - now) : undefined;
}

/**
 * Delay before retry number `attempt` (1-based), as claude 2.1.328 computes it: base·2^(attempt-1)
 * capped by `maxDelayMs`, plus 0–25% jitter; a server's `retry-after` instead when it gives one
 * (plus the jitter, as claude's), capped by `maxRetryAfterMs`. claude waits the longer of the two;
 * codebot the server's, even when shorter: the server knows when it will answer.
 */
export function retryDelayMs(
  policy: RetryPolicy,
  attempt: number,
  error: unknown,
  random = Math.random,
): number {
  const backoff =
    Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1)) * (1 + random() * JITTER);
  const asked = retryAfterMs(error);
  if (asked === undefined) return Math.round(backoff);
  return Math.round(Math.min(policy.maxRetryAfterMs ?? policy.maxDelayMs, asked * (1 + random() * JITTER)));
}
