import type { LanguageModelV3Message, LanguageModelV3Prompt } from "@ai-sdk/provider";

/**
 * Which messages a provider serialises the same way wherever they stand in the conversation, so
 * that their wire form from an earlier request can be sent again as it was. Anthropic's request
 * builder looks across messages only for cache breakpoints (at most four in a request), a
 * trailing assistant text (trimmed when it is the last thing sent), tool callers of code
 * execution, documents and citations, and system messages in mid-conversation: a message that
 * has any of these, or anything but text, reasoning, tool calls and their text/JSON results, is
 * not cacheable, and a request that contains one is built whole as before.
 */
export function isCacheable(message: LanguageModelV3Message): boolean {
  if (message.role === "system" || message.providerOptions !== undefined) return false;
  for (const part of message.content) {
    if (typeof part === "string") return false;
    switch (part.type) {
      case "text":
      case "reasoning":
        break;
      case "tool-call":
        if (part.providerExecuted) return false;
        break;
      case "tool-result": {
        const kind = part.output.type;
        if (kind !== "text" && kind !== "json" && kind !== "error-text" && kind !== "error-json")
          return false;
        break;
      }
      default:
        return false;
    }
    if (part.providerOptions !== undefined && !plainProviderOptions(part.providerOptions)) return false;
  }
  return true;
}

/** Options that only travel with their own part (a reasoning signature, a tool call's item id). */
function plainProviderOptions(options: Record<string, Record<string, unknown>>): boolean {
  for (const namespace of Object.values(options)) {
    if (namespace === null || typeof namespace !== "object") return false;
    for (const key of CROSS_MESSAGE_KEYS) if (key in namespace) return false;
  }
  return true;
}

const CROSS_MESSAGE_KEYS = ["cacheControl", "cache_control", "caller", "citations", "type"];

/** True when every message of `prompt` from `from` on is cacheable. */
export function cacheableFrom(prompt: LanguageModelV3Prompt, from: number): boolean {
  for (let i = from; i < prompt.length; i += 1)
    if (!isCacheable(prompt[i] as LanguageModelV3Message)) return false;
  return true;
}
