import type { Usage } from "@codebot/agentcore";

/** What one model used: the provider's token counts, summed, and how many model calls. */
export interface ModelUsage extends Usage {
  steps: number;
}

/**
 * The session's token accounting: the usage each provider reported, summed per model over every
 * model step of the main agent, its sub-agents and compaction summaries. It covers the session,
 * as claude 2.1.328's count does (recorded): a resumed session counts on from what it had used,
 * `/clear` starts from nothing; and keeps one entry per model, since `/model` changes the price.
 */
export class SessionUsage {
  private byModel = new Map<string, ModelUsage>();

  /** `earlier`: what a resumed session had used (its transcript's cost-state line). */
  constructor(earlier?: ReadonlyMap<string, Readonly<ModelUsage>>) {
    this.startOver(earlier);
  }

  /** Another session takes this one's place (`/clear`: nothing used yet; `/resume`: what it had used), as claude's count does. */
  startOver(earlier: ReadonlyMap<string, Readonly<ModelUsage>> = new Map()): void {
    this.byModel = new Map([...earlier].map(([spec, used]) => [spec, { ...used }]));
  }

  /** One model step's usage, on the model that made it. */
  add(modelSpec: string, usage: Usage): void {
    let entry = this.byModel.get(modelSpec);
    if (entry === undefined) {
      entry = { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, steps: 0 };
      this.byModel.set(modelSpec, entry);
    }
    entry.inputTokens += usage.inputTokens;
    entry.outputTokens += usage.outputTokens;
    entry.cacheReadTokens += usage.cacheReadTokens;
    entry.cacheWriteTokens += usage.cacheWriteTokens;
    entry.steps += 1;
  }

  /** Per model spec, in the order first used. */
  models(): ReadonlyMap<string, Readonly<ModelUsage>> {
    return this.byModel;
  }

  /** The totals now, for `since`. */
  snapshot(): ReadonlyMap<string, Readonly<ModelUsage>> {
    return new Map([...this.byModel].map(([spec, used]) => [spec, { ...used }]));
  }

  /** What each model used since `before` was taken (the models that took a step since). */
  since(before: ReadonlyMap<string, Readonly<ModelUsage>>): Map<string, Usage> {
    const used = new Map<string, Usage>();
    for (const [spec, total] of this.byModel) {
      const was = before.get(spec);
      if (was?.steps === total.steps) continue;
      used.set(spec, {
        inputTokens: total.inputTokens - (was?.inputTokens ?? 0),
        outputTokens: total.outputTokens - (was?.outputTokens ?? 0),
        cacheReadTokens: total.cacheReadTokens - (was?.cacheReadTokens ?? 0),
        cacheWriteTokens: total.cacheWriteTokens - (was?.cacheWriteTokens ?? 0),
      });
    }
    return used;
  }
}
