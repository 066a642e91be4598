import { APICallError } from "@ai-sdk/provider";

/**
 * Why a run moved on to its next fallback model, in Claude Code's words (its `model_fallback`
 * line's `trigger`): the model is overloaded, its server failed, or the provider does not know it.
 */
export type FallbackTrigger = "overloaded" | "server_error" | "model_not_found";

/**
 * How many failed attempts of each kind a run makes before it falls back, as claude 2.1.328 does:
 * an overloaded model (529) is tried three times, since overload passes quickly; a failing server
 * (5xx) or an unknown model (404) at once. Rate limits (429) and broken connections never fall
 * back: another model would meet the same limit or the same network.
 */
const ATTEMPTS_BEFORE_FALLBACK: Record<FallbackTrigger, number> = {
  overloaded: 3,
  server_error: 1,
  model_not_found: 1,
};

/** Provider error types that arrive inside a stream that started well. */
const STREAM_TRIGGERS: Record<string, FallbackTrigger> = {
  overloaded_error: "overloaded",
  api_error: "server_error",
  server_error: "server_error",
};

/** The trigger when the `attempt`-th failed attempt of a step means "try the next model"; else undefined. */
export function fallbackTrigger(error: unknown, attempt: number): FallbackTrigger | undefined {
  const trigger = triggerOf(error);
  return trigger !== undefined && attempt >= ATTEMPTS_BEFORE_FALLBACK[trigger] ? trigger : undefined;
}

function triggerOf(error: unknown): FallbackTrigger | undefined {
  if (APICallError.isInstance(error)) {
    const status = error.statusCode;
    if (status === 529) return "overloaded";
    if (status === 404) return "model_not_found";
    if (status !== undefined && status >= 500) return "server_error";
    return undefined;
  }
  for (let e: unknown = error, depth = 0; e != null && depth < 5; depth += 1) {
    if (typeof e !== "object") break;
    const { type } = e as { type?: unknown };
    if (typeof type === "string" && STREAM_TRIGGERS[type] !== undefined) return STREAM_TRIGGERS[type];
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}
