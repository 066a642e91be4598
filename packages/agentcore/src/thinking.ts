/**
 * Extended thinking beside effort, as claude 2.1.328 asks for it (recorded against a loopback
 * server): `{type: "adaptive", display: "updates"}` in every request to a model that takes
 * adaptive thinking, whatever the effort (`auto` too), and `{type: "disabled"}` once thinking is
 * turned off (Claude Code's MAX_THINKING_TOKENS=0, `alwaysThinkingEnabled: false`). The older
 * models, to which claude sends a token budget (`budget_tokens: 31999`), and ids not known here
 * are sent none: a budget changes `max_tokens` and forced tool calls, and a gateway's own model
 * may refuse the field (as with effort).
 */
export type ThinkingToSend =
  | { type: "adaptive"; display: "updates" }
  | { type: "disabled" }
  | { type: "enabled"; budgetTokens: number };

/** By the family a model id contains (dated and Bedrock ids too), as effort.ts matches them. */
const ADAPTIVE_FAMILIES = [
  "claude-opus-4-6",
  "claude-sonnet-4-6",
  "claude-opus-4-7",
  "claude-opus-4-8",
  "claude-opus-5",
  "claude-sonnet-5",
  "claude-haiku-5-5",
];

/** The models that always think: claude asks them with adaptive thinking even when it is off. */
const ALWAYS_THINKING = ["claude-opus-5-5", "claude-sonnet-5-5"];

/**
 * The `thinking` to send with a request to `modelId`, if any; `enabled` false turns it off.
 * `budget` (the Agent SDK's `setMaxThinkingTokens()`, `--max-thinking-tokens`), as claude 2.1.328
 * sends it (recorded): 0 turns thinking off; a budget goes to any other model as
 * `{type: "enabled", budget_tokens}` (claude-sonnet-4-5 got 2000 for 2000), while an adaptive one
 * keeps its adaptive thinking (claude-opus-5-5 did).
 */
export function thinkingToSend(modelId: string, enabled = true, budget?: number): ThinkingToSend | undefined {
  const on = enabled && budget !== 0;
  if (!ADAPTIVE_FAMILIES.some((family) => modelId.includes(family))) {
    if (budget === undefined) return undefined;
    return budget > 0 ? { type: "enabled", budgetTokens: budget } : { type: "disabled" };
  }
  return on || ALWAYS_THINKING.some((family) => modelId.includes(family))
    ? { type: "adaptive", display: "updates" }
    : { type: "disabled" };
}
