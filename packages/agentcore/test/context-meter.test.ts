import { describe, expect, it } from "vitest";
import { ContextMeter } from "../src/context-meter.js";
import { scriptedModel } from "../src/testing/index.js";

const usage = { inputTokens: 120, outputTokens: 8, cacheReadTokens: 100, cacheWriteTokens: 0 };

describe("the context meter", () => {
  it("keeps the last step's usage until the history is replaced (a compaction, /clear)", () => {
    const meter = new ContextMeter();
    expect(meter.lastStep()).toBeUndefined();
    meter.observe({ type: "step_usage", turn: 1, usage, model: scriptedModel([]) });
    expect(meter.lastStep()).toEqual(usage);
    expect(meter.tokens()).toBe(128);
    meter.observe({ type: "history_replaced", messages: [] });
    expect(meter.lastStep()).toBeUndefined();
  });
});
