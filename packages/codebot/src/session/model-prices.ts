/**
 * List prices in US dollars per million tokens, for the cost in `-p`'s result object, the status
 * line and `/cost`. Prices are the providers' published list prices (cache writes at the 5-minute
 * rate); the `models` setting adds or overrides a model's (`"price": {"input": 3, "output": 15}`).
 * A model without a price costs 0 with `known: false` rather than a guess.
 */
import type { Usage } from "@codebot/agentcore";

export interface ModelPrice {
  input: number;
  output: number;
  /** Input read from the provider's prompt cache; default the input price. */
  cacheRead?: number;
  /** Input written to the prompt cache; default the input price. */
  cacheWrite?: number;
}

/** The `models` setting: per `provider/id`, what overrides codebot's tables. */
export type ModelPriceOverrides = Readonly<Record<string, { price?: ModelPrice } | undefined>>;

const PRICES: Readonly<Record<string, Required<ModelPrice>>> = {
  "anthropic/claude-opus-4-1": { input: 15, output: 75, cacheRead: 1.5, cacheWrite: 18.75 },
  "anthropic/claude-opus-4-5": { input: 5, output: 25, cacheRead: 0.5, cacheWrite: 6.25 },
  "anthropic/claude-sonnet-4-5": { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 },
  "anthropic/claude-sonnet-4": { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 },
  "anthropic/claude-haiku-4-5": { input: 1, output: 5, cacheRead: 0.1, cacheWrite: 1.25 },
  "anthropic/claude-3-5-haiku-latest": { input: 0.8, output: 4, cacheRead: 0.08, cacheWrite: 1 },
  // OpenAI caches on its own and charges nothing extra for writing.
  "openai/gpt-4.1": { input: 2, output: 8, cacheRead: 0.5, cacheWrite: 2 },
  "openai/gpt-4.1-mini": { input: 0.4, output: 1.6, cacheRead: 0.1, cacheWrite: 0.4 },
  "openai/gpt-4o": { input: 2.5, output: 10, cacheRead: 1.25, cacheWrite: 2.5 },
  "openai/gpt-4o-mini": { input: 0.15, output: 0.6, cacheRead: 0.075, cacheWrite: 0.15 },
};

/**
 * The price of a model: the settings' own, else the table's (a dated id costs what its family does).
 * Own keys only: a resumed transcript names its models, and `constructor` is on every object.
 */
export function priceOf(modelSpec: string, overrides: ModelPriceOverrides = {}): ModelPrice | undefined {
  const own = <T>(table: Readonly<Record<string, T>>, key: string) =>
    Object.hasOwn(table, key) ? table[key] : undefined;
  return (
    own(overrides, modelSpec)?.price ??
    own(PRICES, modelSpec) ??
    own(PRICES, modelSpec.replace(/-\d{8}$/, ""))
  );
}

/** Whether `price` charges less than `known` for any kind of token (cache ones at the input price when not given). */
export function cheaperThan(price: ModelPrice, known: ModelPrice): boolean {
  const parts = (p: ModelPrice) => [p.input, p.output, p.cacheRead ?? p.input, p.cacheWrite ?? p.input];
  const mine = parts(known);
  return parts(price).some((usd, i) => usd < (mine[i] as number));
}

/**
 * The cost of the tokens a model used, or `known: false` for a model without a price.
 * `usage.inputTokens` counts cache reads and writes too (codebot's Usage); each part has its price.
 */
export function costOf(
  modelSpec: string,
  usage: Usage,
  overrides: ModelPriceOverrides = {},
): { usd: number; known: boolean } {
  const price = priceOf(modelSpec, overrides);
  if (price === undefined) return { usd: 0, known: false };
  const uncached = Math.max(0, usage.inputTokens - usage.cacheReadTokens - usage.cacheWriteTokens);
  const micro =
    uncached * price.input +
    usage.cacheReadTokens * (price.cacheRead ?? price.input) +
    usage.cacheWriteTokens * (price.cacheWrite ?? price.input) +
    usage.outputTokens * price.output;
  return { usd: micro / 1_000_000, known: true };
}
