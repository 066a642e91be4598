/**
 * HeldForHooks.awaitFromNow: an answer streaming to its MessageDisplay hooks holds what follows it
 * for at most the bound from its latest batch, not from its first (a long answer streams longer).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { HeldForHooks } from "../../src/cli/output/held-for-hooks.js";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("HeldForHooks.awaitFromNow", () => {
  it("holds what follows for the bound counted from the latest call, and releases it when the awaited one ends", () => {
    const written: string[] = [];
    const held = new HeldForHooks((kept) => written.push(kept));
    held.awaitFromNow("answer", "the answer", 1000);
    expect(held.keep("tool line\n")).toBe(true);
    vi.advanceTimersByTime(800);
    held.awaitFromNow("answer", "the answer", 1000);
    vi.advanceTimersByTime(800);
    // 1.6 s after the first batch, 0.8 s after the latest: still held.
    expect(written).toEqual([]);
    held.ended("answer");
    expect(written).toEqual(["tool line\n"]);
  });

  it("given up on at the bound, it is awaited again by the next call", () => {
    const written: string[] = [];
    const held = new HeldForHooks((kept) => written.push(kept));
    held.awaitFromNow("answer", "the answer", 1000);
    held.keep("first\n");
    vi.advanceTimersByTime(1000);
    expect(written).toEqual(["first\n"]);
    held.awaitFromNow("answer", "the answer", 1000);
    expect(held.keep("second\n")).toBe(true);
    held.ended("answer");
    expect(written).toEqual(["first\n", "second\n"]);
  });
});
