/** Claude Code's model aliases, as codebot resolves them (Anthropic models). */
export const MODEL_ALIASES: Readonly<Record<string, string>> = {
  sonnet: "anthropic/claude-sonnet-4-5",
  opus: "anthropic/claude-opus-4-1",
  haiku: "anthropic/claude-haiku-4-5",
};

/**
 * The `provider/id` a user's model name means in a session running `currentSpec`: an alias, a
 * `provider/id` as it is, or a bare id of the session's provider (`/model`, the SDK's `setModel()`).
 */
export function modelSpecNamed(name: string, currentSpec: string): string {
  const provider = currentSpec.split("/")[0] ?? "";
  return MODEL_ALIASES[name.toLowerCase()] ?? (name.includes("/") ? name : `${provider}/${name}`);
}
