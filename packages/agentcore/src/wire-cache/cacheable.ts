import type {
  LanguageModelV3Message,
  LanguageModelV3Prompt,
  LanguageModelV3ToolResultOutput,
} from "@ai-sdk/provider";

/**
 * Which messages a provider serialises the same way wherever they stand in the conversation, so
 * that their wire form from an earlier request can be sent again as it was. Anthropic's request
 * builder looks across messages only for cache breakpoints (at most four in a request), a
 * trailing assistant text (trimmed when it is the last thing sent), tool callers of code
 * execution, documents and citations, and system messages in mid-conversation: a message that
 * has any of these, or anything but text, reasoning, tool calls and their results (text, JSON, or
 * text and the tool search's tool references), is not cacheable, and a request that contains one
 * is built whole as before.
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
        const { output } = part;
        const alone = output.type === "content" ? output.value.every(standsAlone) : ALONE.has(output.type);
        if (!alone) return false;
        break;
      }
      default:
        return false;
    }
    if (part.providerOptions !== undefined && !plainProviderOptions(part.providerOptions)) return false;
  }
  return true;
}

/** Tool result outputs that are a text or JSON value. */
const ALONE = new Set(["text", "json", "error-text", "error-json"]);

type ContentItem = Extract<LanguageModelV3ToolResultOutput, { type: "content" }>["value"][number];

/**
 * A tool result's content item serialised the same wherever it stands: plain text, or a tool
 * search's `tool_reference` (a custom part whose only options name the tool it loads).
 */
function standsAlone(item: ContentItem): boolean {
  if (item.type === "text") return item.providerOptions === undefined;
  if (item.type !== "custom") return false;
  const { anthropic, ...others } = item.providerOptions ?? {};
  if (Object.keys(others).length > 0 || anthropic === undefined) return false;
  const { type, toolName, ...rest } = anthropic;
  return type === "tool-reference" && typeof toolName === "string" && Object.keys(rest).length === 0;
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
