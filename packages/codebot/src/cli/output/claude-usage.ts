import type { Usage } from "@codebot/agentcore";

/** Token counts as Claude Code (Anthropic) writes them: `input_tokens` is the uncached part of the prompt. */
export function claudeUsage(usage: Usage): Record<string, number> {
  return {
    input_tokens: usage.inputTokens - usage.cacheReadTokens - usage.cacheWriteTokens,
    cache_creation_input_tokens: usage.cacheWriteTokens,
    cache_read_input_tokens: usage.cacheReadTokens,
    output_tokens: usage.outputTokens,
  };
}
