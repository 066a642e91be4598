import { describe, expect, it } from "vitest";
import { contextLines } from "../../src/cli/output/context-lines.js";
import { contextUsage } from "../../src/cli/output/context-usage.js";

describe("/context", () => {
  it("draws claude's grid: each square 1% of the window, ⛁ full, ⛀ the last part-used one, ⛶ free", () => {
    const lines = contextLines(contextUsage({ tokens: 5000, window: 200_000 }, "anthropic/claude-opus-4-6"));
    expect(lines[0]).toBe("Context usage");
    expect(lines[1]).toBe("⛁ ⛁ ⛀ ⛶ ⛶ ⛶ ⛶ ⛶ ⛶ ⛶   anthropic/claude-opus-4-6");
    expect(lines[2]).toBe("⛶ ⛶ ⛶ ⛶ ⛶ ⛶ ⛶ ⛶ ⛶ ⛶   5k/200k tokens (3%)");
    expect(lines[3]).toBe("⛶ ⛶ ⛶ ⛶ ⛶ ⛶ ⛶ ⛶ ⛶ ⛶");
    expect(lines.slice(4, 7)).toEqual([
      "⛶ ⛶ ⛶ ⛶ ⛶ ⛶ ⛶ ⛶ ⛶ ⛶   Estimated usage by category",
      "⛶ ⛶ ⛶ ⛶ ⛶ ⛶ ⛶ ⛶ ⛶ ⛶   ⛁ Messages: 5k tokens (3%)",
      "⛶ ⛶ ⛶ ⛶ ⛶ ⛶ ⛶ ⛶ ⛶ ⛶   ⛶ Free space: 195k tokens (98%)",
    ]);
    expect(lines).toHaveLength(11);
  });

  it("gives a small share as claude does: one decimal under 1%, <0.1% under that", () => {
    const small = contextLines(contextUsage({ tokens: 1500, window: 1_000_000 }, "m"));
    expect(small[2]).toContain("1.5k/1M tokens (0.1%)");
    expect(small[1]?.startsWith("⛀ ⛶")).toBe(true);
    const tiny = contextLines(contextUsage({ tokens: 15, window: 200_000 }, "m"));
    expect(tiny[5]).toContain("⛁ Messages: 15 tokens (<0.1%)");
  });
});
