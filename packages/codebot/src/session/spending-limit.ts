import type { LanguageModelV3 } from "@ai-sdk/provider";
import type { Usage } from "@codebot/agentcore";
import { costOf, type ModelPriceOverrides } from "./model-prices.js";

/**
 * `--max-budget-usd` (Claude Code's): what the run's model calls cost, priced as `/cost` prices
 * them; once it reaches the limit, the next model step ends the run (the kernel's `overBudget`),
 * its tool calls not run. A step whose model has no price cannot be counted: the run ends there
 * rather than spend on unmetered (claude likewise refuses to continue when its cost is not a number).
 */
export class SpendingLimit {
  private spentUsd = 0;
  private unpriced: string | undefined;

  constructor(
    readonly maxUsd: number,
    private readonly prices: () => ModelPriceOverrides,
  ) {}

  /** A model call of `spec` used `usage` (a step of any agent, a compaction summary). */
  add(spec: string, usage: Usage): void {
    const cost = costOf(spec, usage, this.prices());
    if (!cost.known) this.unpriced ??= spec;
    this.spentUsd += cost.usd;
  }

  /** The kernel's `overBudget`, `spec` naming the step's model: counts the step, then whether the limit is reached. */
  afterStep(spec: (model: LanguageModelV3) => string): (usage: Usage, model: LanguageModelV3) => boolean {
    return (usage, model) => {
      this.add(spec(model), usage);
      return this.reached();
    };
  }

  reached(): boolean {
    return this.unpriced !== undefined || this.spentUsd >= this.maxUsd;
  }

  /** Why the run ended, in claude's words when the limit was reached. */
  reason(): string {
    if (this.unpriced !== undefined)
      return `the cost of ${this.unpriced} is unknown (no price; set "models": {"${this.unpriced}": {"price": …}}): refusing to continue under --max-budget-usd ${this.maxUsd}`;
    return `Reached maximum budget ($${this.maxUsd})`;
  }
}
