/** The session's tokens and cost as the status line shows them, and what `/cost` reads. */
import { emptyUsage } from "@codebot/agentcore";
import { costOf, type ModelPriceOverrides } from "../../session/model-prices.js";
import type { Runtime } from "../../session/runtime.js";
import type { ContextInUse } from "../../session/runtime-parts.js";
import type { ModelUsage } from "../../session/session-usage.js";

export interface UsageView {
  /** The model the next call uses. */
  modelSpec: string;
  /** The context in use and the model's window, in tokens. */
  context: ContextInUse;
  /** Per model spec, summed over the session. */
  models: ReadonlyMap<string, Readonly<ModelUsage>>;
  /** The `models` setting (prices that override the table's). */
  prices: ModelPriceOverrides;
}

/** What a runtime has used so far. */
export function usageOf(runtime: Pick<Runtime, "modelSpec" | "context" | "usage" | "project">): UsageView {
  return {
    modelSpec: runtime.modelSpec,
    context: runtime.context(),
    models: runtime.usage.models(),
    prices: runtime.project.settings.models,
  };
}

/** `anthropic/claude-sonnet-4-5 · context 12.3k/200k (6%) · 45.1k tokens · $0.1234`, or `… · cost unknown`. */
export function statusText(view: UsageView): string {
  const { tokens, window } = view.context;
  const share = contextShare(view);
  const total = sumOf(view.models);
  return [
    view.modelSpec,
    `context ${count(tokens)}/${count(window)} (${share}%)`,
    `${count(total.inputTokens + total.outputTokens)} tokens`,
    costText(view),
  ].join(" · ");
}

function costText(view: UsageView): string {
  const usd = sessionCost(view);
  return usd === undefined ? "cost unknown" : dollars(usd);
}

/** The share of the context window in use, in whole percent (at most 100). */
export function contextShare(view: UsageView): number {
  const { tokens, window } = view.context;
  return Math.min(100, Math.round((tokens / window) * 100));
}

/** The session's cost in US dollars; undefined when a model used has no price. */
export function sessionCost(view: UsageView): number | undefined {
  if (unpriced(view).length > 0) return undefined;
  let usd = 0;
  for (const [spec, used] of view.models) usd += costOf(spec, used, view.prices).usd;
  return usd;
}

/** The models used (or about to be) that have no price. */
export function unpriced(view: UsageView): string[] {
  const specs = new Set([...view.models.keys(), view.modelSpec]);
  return [...specs].filter((spec) => !costOf(spec, emptyUsage(), view.prices).known);
}

/** The usage of every model, summed. */
export function sumOf(models: ReadonlyMap<string, Readonly<ModelUsage>>): ModelUsage {
  const sum: ModelUsage = {
    inputTokens: 0,
    outputTokens: 0,
    cacheReadTokens: 0,
    cacheWriteTokens: 0,
    steps: 0,
  };
  for (const used of models.values()) {
    sum.inputTokens += used.inputTokens;
    sum.outputTokens += used.outputTokens;
    sum.cacheReadTokens += used.cacheReadTokens;
    sum.cacheWriteTokens += used.cacheWriteTokens;
    sum.steps += used.steps;
  }
  return sum;
}

function dollars(usd: number): string {
  return `$${usd.toFixed(usd < 1 ? 4 : 2)}`;
}

/** 950, 12.3k, 1.2M */
export function count(n: number): string {
  if (n < 1000) return String(n);
  if (n < 1_000_000) return `${trim((n / 1000).toFixed(1))}k`;
  return `${trim((n / 1_000_000).toFixed(1))}M`;
}

function trim(fixed: string): string {
  return fixed.endsWith(".0") ? fixed.slice(0, -2) : fixed;
}
