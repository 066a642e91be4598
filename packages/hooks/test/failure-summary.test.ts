import { describe, expect, it } from "vitest";
import { failureSummary, type HookVerdict } from "../src/interpret.js";

describe("failureSummary", () => {
  it("cuts a long stderr before an emoji it would halve: no lone surrogate, shown as �", () => {
    const stderr = `${"x".repeat(299)}🚀 more`;
    const verdict = { error: "exit code 1", stderr } as HookVerdict;
    const summary = failureSummary(verdict);
    expect(summary).toBe(`exit code 1: ${"x".repeat(299)}…`);
    expect(summary).not.toMatch(/[\ud800-\udbff]$|[\ud800-\udbff]…/);
  });
});
