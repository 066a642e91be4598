import { describe, expect, it } from "vitest";
import { costLines } from "../src/cli/output/cost-lines.js";
import { stylesFor } from "../src/cli/output/styles.js";

const plain = stylesFor({ isTTY: false });
const view = (models: [string, number, number][]) => ({
  modelSpec: "anthropic/claude-sonnet-4-5",
  context: { tokens: 0, window: 200_000 },
  models: new Map(
    models.map(([spec, input, output]) => [
      spec,
      { inputTokens: input, outputTokens: output, cacheReadTokens: 0, cacheWriteTokens: 0, steps: 1 },
    ]),
  ),
  prices: {},
});

// claude 2.1.328's /cost formatting, read from its code: cost (4 decimals up to $0.50, then 2),
// durations (`1m 5s`, `1h 2m 3s`), compact token counts (`1.2m`, lower case).
describe("/cost in claude's layout", () => {
  it("minutes and hours, compact counts and a cost over half a dollar in claude's forms", () => {
    const lines = costLines(
      view([["anthropic/claude-sonnet-4-5", 234_567, 1_234_567]]),
      { apiMs: 65_000, wallMs: 3_723_000 },
      { added: 1, removed: 12 },
      plain,
    );
    expect(lines).toEqual([
      "Estimated cost:        $19.22",
      "Total duration (API):  1m 5s",
      "Total duration (wall): 1h 2m 3s",
      "Total code changes:    1 line added, 12 lines removed",
      "Usage by model:",
      "   claude-sonnet-4-5:  234.6k input, 1.2m output, 0 cache read, 0 cache write ($19.22)",
    ]);
  });

  it("a model named as an object's property (a resumed transcript's constructor, __proto__) has no price: no $NaN", () => {
    const lines = costLines(
      view([
        ["constructor", 1_000, 10],
        ["__proto__", 1_000, 10],
      ]),
      { apiMs: 0, wallMs: 0 },
      { added: 0, removed: 0 },
      plain,
    );
    expect(lines[0]).toBe(
      "Estimated cost:        $0.0000 (costs may be inaccurate due to usage of unknown models)",
    );
    expect(lines.join("\n")).not.toContain("NaN");
    expect(lines).toContain(
      'no price for constructor: set "models": {"constructor": {"price": {"input": …, "output": …}}} (US$ per million tokens)',
    );
  });
});
