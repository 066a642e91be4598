/**
 * Extended thinking beside effort, as claude 2.1.328 asks for it (recorded against a loopback
 * server): `{type: "adaptive", display: "updates"}` in every request to a model that takes
 * adaptive thinking, whatever the effort (`auto` too); a token budget, `{type: "enabled",
 * budget_tokens: 31999}`, to the Claude 4 models before them (claude-sonnet-4-5, claude-haiku-4-5,
 * claude-opus-4-5, claude-sonnet-4); and `{type: "disabled"}` once thinking is turned off (Claude
 * Code's MAX_THINKING_TOKENS=0, `alwaysThinkingEnabled: false`). Claude 3 models are sent none
 * (claude sends claude-3-7-sonnet none, a budget asked for too), and so are ids not known here
 * unless a budget is asked for: a gateway's own model may refuse the field (as with effort).
 */
export type ThinkingToSend =
  | { type: "adaptive"; display: "updates" | "summarized" }
  | { type: "disabled" }
  | { type: "enabled"; budgetTokens: number };

/**
 * The beta claude 2.1.328 names in every request to a Claude 4 model or later (recorded, thinking
 * off too): with a budget, it is what lets the model think again between the tool calls of a
 * turn, not only before the first; codebot names it there alone (adaptive thinking interleaves
 * without it).
 */
export const INTERLEAVED_THINKING_BETA = "interleaved-thinking-2025-05-14";

/**
 * `--thinking-display`'s values, as claude 2.1.328 takes them. It sends `summarized` and
 * `highlights` as the thinking's `display` (recorded), `omitted` as its default `updates`.
 */
export const THINKING_DISPLAYS = ["summarized", "omitted", "highlights"] as const;
export type ThinkingDisplay = (typeof THINKING_DISPLAYS)[number];

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

/** The Claude 4 models that take a budget (looked for after the adaptive ones: 4.5, 4.1 and 4.0). */
const BUDGET_FAMILIES = ["claude-opus-4", "claude-sonnet-4", "claude-haiku-4-5"];

/**
 * The budget claude 2.1.328 gives when none is asked for, and the most it gives (a larger one is
 * lowered to it): one below the request's `max_tokens` (output-tokens.ts), which the API requires
 * of a budget — 31999 beside its default 32000, 63999 beside CLAUDE_CODE_MAX_OUTPUT_TOKENS=64000.
 */
export function maxThinkingBudget(maxTokens: number): number {
  return Math.max(MIN_THINKING_BUDGET, maxTokens - 1);
}

/** The least budget the API takes; claude raises a smaller one to it (MAX_THINKING_TOKENS=500 went as 1024). */
export const MIN_THINKING_BUDGET = 1024;

/**
 * The `thinking` to send with a request to `modelId`, if any; `enabled` false turns it off.
 * `budget` (MAX_THINKING_TOKENS, the Agent SDK's `setMaxThinkingTokens()`, `--max-thinking-tokens`),
 * as claude 2.1.328 sends it (recorded): 0 turns thinking off; a budget goes to any other model
 * as `{type: "enabled", budget_tokens}`, between 1024 and 31999 (claude-sonnet-4-5 got 2000 for
 * 2000, and wins over `alwaysThinkingEnabled: false` there), while an adaptive one keeps its
 * adaptive thinking (claude-opus-5-5 did). `display` `summarized` (`--thinking-display`) is the
 * adaptive thinking's display in place of `updates`, as claude sends it; a budget's display stays
 * the API's own, which is summarized (the AI SDK sends none with a budget). `maxTokens`: the
 * request's `max_tokens`, which a budget stays below (maxThinkingBudget).
 */
export function thinkingToSend(
  modelId: string,
  enabled = true,
  budget?: number,
  display?: ThinkingDisplay,
  maxTokens = 32_000,
): ThinkingToSend | undefined {
  if (modelId.includes("claude-3")) return undefined;
  if (ADAPTIVE_FAMILIES.some((family) => modelId.includes(family))) {
    const on = enabled && budget !== 0;
    return on || ALWAYS_THINKING.some((family) => modelId.includes(family))
      ? { type: "adaptive", display: display === "summarized" ? "summarized" : "updates" }
      : { type: "disabled" };
  }
  const known = BUDGET_FAMILIES.some((family) => modelId.includes(family));
  const most = maxThinkingBudget(maxTokens);
  const tokens = budget ?? (known ? (enabled ? most : 0) : undefined);
  if (tokens === undefined) return undefined;
  if (tokens <= 0) return { type: "disabled" };
  return { type: "enabled", budgetTokens: Math.min(most, Math.max(MIN_THINKING_BUDGET, tokens)) };
}
