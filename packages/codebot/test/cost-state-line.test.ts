/**
 * claude's cost-state line: what a session had used, written to its transcript and read back on
 * resume. A model entry whose counts are not counts (a hand-edited or foreign line) is left out.
 */
import { describe, expect, it } from "vitest";
import { costStateLine, costStateOf, costTotalsOf } from "../src/transcript/cost-state-line.js";
import { CLAUDE_COST_STATE_KEYS } from "./support/claude-cost-state-keys.js";

const used = { inputTokens: 1_500, outputTokens: 40, cacheReadTokens: 400, cacheWriteTokens: 100, steps: 3 };
const totals = {
  apiMs: 5_000,
  wallMs: 65_000,
  added: 5,
  removed: 1,
  apiWithoutRetriesMs: 4_000,
  toolMs: 2_000,
  startTime: 1_796_583_209_512,
};

describe("cost-state line", () => {
  it("is written in claude's names (inputTokens the uncached part) and read back as it was", () => {
    const line = costStateLine(
      "s1",
      new Map([["anthropic/claude-sonnet-4-5", used]]),
      () => ({ usd: 0.25, known: true }),
      totals,
    ) as {
      modelUsage: Record<string, Record<string, number>>;
    };
    expect(line).toMatchObject({
      type: "cost-state",
      sessionId: "s1",
      totalCostUSD: 0.25,
      modelUsage: {
        "anthropic/claude-sonnet-4-5": {
          inputTokens: 1_000,
          outputTokens: 40,
          cacheReadInputTokens: 400,
          cacheCreationInputTokens: 100,
          costUSD: 0.25,
          steps: 3,
        },
      },
    });
    expect(costStateOf(JSON.parse(JSON.stringify(line)))).toEqual(
      new Map([["anthropic/claude-sonnet-4-5", used]]),
    );
  });

  it("leaves out a model entry whose counts are not counts; other lines give nothing", () => {
    const line = {
      type: "cost-state",
      modelUsage: {
        good: { inputTokens: 10, outputTokens: 2 },
        negative: { inputTokens: -5, outputTokens: 2 },
        text: { inputTokens: "10", outputTokens: 2 },
      },
    };
    expect([...(costStateOf(line)?.keys() ?? [])]).toEqual(["good"]);
    expect(costStateOf({ type: "user" })).toBeUndefined();
  });

  it("leaves out a model entry that is no object (null, a number), as it does one without counts: resuming does not stop at it", () => {
    const line = {
      type: "cost-state",
      modelUsage: { good: { inputTokens: 10, outputTokens: 2 }, none: null, number: 5 },
    };
    expect([...(costStateOf(line)?.keys() ?? [])]).toEqual(["good"]);
  });

  it("keeps the session's times and code changes in claude's names and reads them back", () => {
    const line = JSON.parse(
      JSON.stringify(costStateLine("s1", new Map(), () => ({ usd: 0, known: true }), totals)),
    );
    expect(line).toMatchObject({
      totalAPIDuration: 5_000,
      totalLinesAdded: 5,
      totalLinesRemoved: 1,
      totalDuration: 65_000,
    });
    expect(costTotalsOf(line)).toEqual(totals);
  });

  it("has every field claude 2.1.328 needs to read it back, in claude's order (recorded: a line without them, claude -c counts from $0)", () => {
    const line = costStateLine(
      "s1",
      new Map([["anthropic/claude-sonnet-4-5", used]]),
      () => ({ usd: 0.25, known: true }),
      totals,
    ) as {
      modelUsage: Record<string, object>;
    };
    expect(Object.keys(line)).toEqual(CLAUDE_COST_STATE_KEYS);
    expect(line).toMatchObject({
      totalAPIDurationWithoutRetries: 4_000,
      totalToolDuration: 2_000,
      startTime: totals.startTime,
    });
    expect(line.modelUsage["anthropic/claude-sonnet-4-5"]).toMatchObject({ webSearchRequests: 0 });
  });

  it("says hasUnknownModelCost when a model used has no price, as claude 2.1.328 writes it (recorded), false when every one has", () => {
    const models = new Map([
      ["anthropic/claude-sonnet-4-5", used],
      ["local/my-model", used],
    ]);
    const priced = (spec: string) => ({
      usd: spec === "local/my-model" ? 0 : 0.25,
      known: spec !== "local/my-model",
    });
    expect(costStateLine("s1", models, priced, totals)).toMatchObject({
      totalCostUSD: 0.25,
      hasUnknownModelCost: true,
    });
    expect(costStateLine("s1", models, () => ({ usd: 0.25, known: true }), totals)).toMatchObject({
      hasUnknownModelCost: false,
    });
  });

  it("reads a time or count that is missing or no count (an older codebot's line) as 0, and no start time as none", () => {
    const line = { type: "cost-state", totalAPIDuration: -1, totalDuration: "9", totalLinesAdded: 2 };
    expect(costTotalsOf(line)).toEqual({
      apiMs: 0,
      wallMs: 0,
      added: 2,
      removed: 0,
      apiWithoutRetriesMs: 0,
      toolMs: 0,
    });
    expect(costTotalsOf({ type: "user" })).toBeUndefined();
  });
});
