/**
 * List prices in US dollars per million tokens (input, output), for the cost in `-p`'s result
 * object. Prices are the providers' published list prices; a model not listed costs 0 with
 * `cost_unknown: true` rather than a guess.
 */
const PRICES: Readonly<Record<string, { input: number; output: number }>> = {
  "anthropic/claude-opus-4-1": { input: 15, output: 75 },
  "anthropic/claude-opus-4-5": { input: 5, output: 25 },
  "anthropic/claude-sonnet-4-5": { input: 3, output: 15 },
  "anthropic/claude-sonnet-4": { input: 3, output: 15 },
  "anthropic/claude-haiku-4-5": { input: 1, output: 5 },
  "anthropic/claude-3-5-haiku-latest": { input: 0.8, output: 4 },
  "openai/gpt-4.1": { input: 2, output: 8 },
  "openai/gpt-4.1-mini": { input: 0.4, output: 1.6 },
  "openai/gpt-4o": { input: 2.5, output: 10 },
  "openai/gpt-4o-mini": { input: 0.15, output: 0.6 },
};

/** The cost of the tokens a run used, or `known: false` for a model without a listed price. */
export function costOf(
  modelSpec: string,
  usage: { inputTokens: number; outputTokens: number },
): { usd: number; known: boolean } {
  // A dated id (`claude-sonnet-4-5-20250929`) costs what its family does.
  const price = PRICES[modelSpec] ?? PRICES[modelSpec.replace(/-\d{8}$/, "")];
  if (price === undefined) return { usd: 0, known: false };
  return {
    usd: (usage.inputTokens * price.input + usage.outputTokens * price.output) / 1_000_000,
    known: true,
  };
}
