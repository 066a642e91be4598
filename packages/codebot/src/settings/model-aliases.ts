/** Claude Code's model aliases, as codebot resolves them (Anthropic models). */
export const MODEL_ALIASES: Readonly<Record<string, string>> = {
  sonnet: "anthropic/claude-sonnet-4-5",
  opus: "anthropic/claude-opus-4-1",
  haiku: "anthropic/claude-haiku-4-5",
};
