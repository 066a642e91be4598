/**
 * A session's spending so far in its transcript, as claude 2.1.328 writes it when it leaves a
 * session (at exit, and for the session `/clear` leaves; recorded):
 * `{"type":"cost-state","sessionId":"…","totalCostUSD":0.028,"modelUsage":{"<model>":{"inputTokens":…,"outputTokens":…,"cacheReadInputTokens":…,"cacheCreationInputTokens":…,"costUSD":…}},…}`
 * `"totalAPIDuration":…,"totalAPIDurationWithoutRetries":…,"totalToolDuration":…,"totalLinesAdded":…,"totalLinesRemoved":…,"totalDuration":…,"startTime":…`
 * (ms; `startTime` epoch ms, the session's first start) between the cost and `modelUsage`, each
 * model's entry with `webSearchRequests` — the running total, compactions and all. A resumed
 * session counts on from the last one, its times and code changes too, as claude's does. claude
 * reads the line back only with every one of these fields (recorded: without them `claude -c`
 * starts the cost from 0). codebot makes no web searches of the API's (0). codebot keys
 * `modelUsage` by its model spec (`anthropic/claude-sonnet-4-5`) and adds each model's `steps`;
 * `inputTokens` is the uncached part, as claude's. `hasUnknownModelCost` after `modelUsage`, as
 * claude writes it (recorded): true when a model used has no price (its `costUSD` 0 then); claude's
 * `/cost` after `-c` notes its costs may be inaccurate by that flag alone (recorded).
 */
import type { ClaudeTimes, EarlierTotals } from "../session/session-totals.js";
import type { ModelUsage } from "../session/session-usage.js";
import type { CheckedLine } from "./line-shape.js";

export const COST_STATE_TYPE = "cost-state";

export function costStateLine(
  sessionId: string,
  used: ReadonlyMap<string, Readonly<ModelUsage>>,
  costOf: (spec: string, usage: Readonly<ModelUsage>) => { usd: number; known: boolean },
  totals: EarlierTotals & ClaudeTimes,
): object {
  const costs = new Map([...used].map(([spec, usage]) => [spec, costOf(spec, usage)]));
  const modelUsage = Object.fromEntries(
    [...used].map(([spec, usage]) => [
      spec,
      {
        inputTokens: usage.inputTokens - usage.cacheReadTokens - usage.cacheWriteTokens,
        outputTokens: usage.outputTokens,
        cacheReadInputTokens: usage.cacheReadTokens,
        cacheCreationInputTokens: usage.cacheWriteTokens,
        webSearchRequests: 0,
        costUSD: costs.get(spec)?.usd ?? 0,
        steps: usage.steps,
      },
    ]),
  );
  const totalCostUSD = Object.values(modelUsage).reduce((sum, model) => sum + model.costUSD, 0);
  return {
    type: COST_STATE_TYPE,
    sessionId,
    totalCostUSD,
    totalAPIDuration: totals.apiMs,
    totalAPIDurationWithoutRetries: totals.apiWithoutRetriesMs,
    totalToolDuration: totals.toolMs,
    totalLinesAdded: totals.added,
    totalLinesRemoved: totals.removed,
    totalDuration: totals.wallMs,
    startTime: totals.startTime,
    modelUsage,
    hasUnknownModelCost: [...costs.values()].some((cost) => !cost.known),
    timestamp: new Date().toISOString(),
  };
}

/** The times and code changes a cost-state line gives; undefined for other lines. A value that is no count (an older codebot's line has none) is 0; a `startTime` that is none is left out (the session starts now). */
export function costTotalsOf(line: CheckedLine): EarlierTotals | undefined {
  if (line.type !== COST_STATE_TYPE) return undefined;
  const entry = line as Record<string, unknown>;
  const count = (value: unknown) =>
    typeof value === "number" && Number.isFinite(value) && value >= 0 ? Math.round(value) : 0;
  return {
    apiMs: count(entry.totalAPIDuration),
    wallMs: count(entry.totalDuration),
    added: count(entry.totalLinesAdded),
    removed: count(entry.totalLinesRemoved),
    apiWithoutRetriesMs: count(entry.totalAPIDurationWithoutRetries),
    toolMs: count(entry.totalToolDuration),
    ...(count(entry.startTime) > 0 && { startTime: count(entry.startTime) }),
  };
}

/**
 * The usage a cost-state line gives, per model spec; undefined for other lines. A model entry that
 * is no object, or has a count that is no count, is left out: the line is the transcript's text,
 * and one bad entry must not stop the session's resume.
 */
export function costStateOf(line: CheckedLine): Map<string, ModelUsage> | undefined {
  if (line.type !== COST_STATE_TYPE) return undefined;
  const models = (line as { modelUsage?: unknown }).modelUsage;
  const used = new Map<string, ModelUsage>();
  if (typeof models !== "object" || models === null) return used;
  for (const [spec, value] of Object.entries(models)) {
    if (typeof value !== "object" || value === null) continue;
    const entry = value as Record<string, unknown>;
    const [input, output, cacheRead, cacheWrite] = [
      entry.inputTokens,
      entry.outputTokens,
      entry.cacheReadInputTokens ?? 0,
      entry.cacheCreationInputTokens ?? 0,
    ];
    if (![input, output, cacheRead, cacheWrite].every(isCount)) continue;
    used.set(spec, {
      inputTokens: (input as number) + (cacheRead as number) + (cacheWrite as number),
      outputTokens: output as number,
      cacheReadTokens: cacheRead as number,
      cacheWriteTokens: cacheWrite as number,
      steps: isCount(entry.steps) ? entry.steps : 0,
    });
  }
  return used;
}

function isCount(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
}
