import type { ResumedCache } from "@codebot/hooks";
import type { ModelMessage } from "ai";
import type { CacheTrail } from "../transcript/cache-trail.js";
import { tokensOf } from "./compaction.js";
import { type ModelPriceOverrides, priceOf } from "./model-prices.js";

/** How long a prompt cache entry lives: codebot asks for Anthropic's default, 5 minutes. */
const CACHE_TTL_SECONDS = 300;

/**
 * A resumed conversation's prompt cache, computed as claude 2.1.328 computes SessionStart
 * `resume`'s fields (read from its code, recorded with a loopback server): the seconds since the
 * last response; the tokens of the last response since the last compaction (prompt and output),
 * else the history's estimate; expired once the cache's 5 minutes are past, or right after a
 * compaction no response followed; and what writing those tokens costs on the last response's
 * model (the session's provider; rounded to 1/100 cent). Nothing when no response is recorded
 * (claude sends none of them then).
 */
export function resumedCache(
  trail: CacheTrail,
  messages: readonly ModelMessage[],
  model: { spec: string; prices: ModelPriceOverrides },
  now = Date.now(),
): ResumedCache | undefined {
  const last = trail.lastResponse;
  if (last === undefined) return undefined;
  const secondsSinceLastResponse = Math.max(0, Math.round((now - last.at) / 1000));
  const contextTokens = trail.windowTokens ?? tokensOf(messages);
  const cold = trail.afterCompaction && trail.windowTokens === undefined;
  const price = priceOf(specOfResponse(model.spec, last.model), model.prices);
  const usd = price && (contextTokens * (price.cacheWrite ?? price.input)) / 1_000_000;
  return {
    secondsSinceLastResponse,
    contextTokens,
    promptCacheLikelyExpired: cold || secondsSinceLastResponse >= CACHE_TTL_SECONDS,
    ...(usd !== undefined ? { estimatedCacheWriteUsd: Math.round(usd * 10_000) / 10_000 } : {}),
  };
}

/** The `provider/id` of the model a transcript names by its id: the session's provider's. */
function specOfResponse(sessionSpec: string, modelId: string | undefined): string {
  if (modelId === undefined) return sessionSpec;
  const slash = sessionSpec.indexOf("/");
  return slash < 0 ? modelId : `${sessionSpec.slice(0, slash + 1)}${modelId}`;
}
