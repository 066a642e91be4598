/**
 * The effort each model is sent, as claude 2.1.328 sends it (recorded against a loopback server
 * logging its request bodies, every level for each model id below).
 */
import { describe, expect, it } from "vitest";
import { EFFORT_LEVELS, effortLevelOf, effortToSend } from "../src/index.js";

describe("effortToSend", () => {
  it("claude-opus-4-6 and claude-sonnet-4-6 take every level but xhigh, which goes as high", () => {
    for (const model of ["claude-opus-4-6", "claude-sonnet-4-6"]) {
      expect(EFFORT_LEVELS.map((level) => effortToSend(model, level))).toEqual([
        "low",
        "medium",
        "high",
        "high",
        "max",
      ]);
    }
  });

  it("claude-opus-4-5 takes up to high: xhigh and max go as high", () => {
    expect(effortToSend("claude-opus-4-5", "low")).toBe("low");
    expect(effortToSend("claude-opus-4-5", "xhigh")).toBe("high");
    expect(effortToSend("claude-opus-4-5", "max")).toBe("high");
  });

  it("claude-opus-4-7 and the 5.x models take every level", () => {
    for (const model of ["claude-opus-4-7", "claude-opus-5-5", "claude-sonnet-5-5", "claude-haiku-5-5"]) {
      expect(effortToSend(model, "xhigh"), model).toBe("xhigh");
      expect(effortToSend(model, "max"), model).toBe("max");
    }
  });

  it("models without effort get none, whatever is chosen", () => {
    for (const model of [
      "claude-sonnet-4-5",
      "claude-haiku-4-5",
      "claude-opus-4-1",
      "claude-opus-4-20250514",
      "claude-sonnet-4-20250514",
      "claude-3-7-sonnet-latest",
    ]) {
      expect(effortToSend(model, "low"), model).toBeUndefined();
      expect(effortToSend(model, undefined), model).toBeUndefined();
    }
  });

  it("no choice sends a known model's own default", () => {
    expect(effortToSend("claude-opus-4-6", undefined)).toBe("high");
    expect(effortToSend("claude-opus-4-5", undefined)).toBe("high");
    expect(effortToSend("claude-opus-4-7", undefined)).toBe("xhigh");
    expect(effortToSend("claude-opus-5-5", undefined)).toBe("medium");
  });

  it("an id not in the table gets a chosen level as it is, and nothing unchosen", () => {
    expect(effortToSend("claude-foo-9", "xhigh")).toBe("xhigh");
    expect(effortToSend("claude-foo-9", "max")).toBe("max");
    expect(effortToSend("claude-foo-9", undefined)).toBeUndefined();
  });

  it("dated and Bedrock ids are their family", () => {
    expect(effortToSend("claude-opus-4-6-20260101", "xhigh")).toBe("high");
    expect(effortToSend("us.anthropic.claude-opus-4-6-v1", "xhigh")).toBe("high");
    expect(effortToSend("claude-sonnet-4-5-20250929", "high")).toBeUndefined();
  });

  it("a cap (maxEffortLevel) lowers a chosen level and a model's own default, as claude 2.1.328 sends them", () => {
    expect(effortToSend("claude-opus-4-6", "high", "low")).toBe("low");
    expect(effortToSend("claude-opus-4-7", undefined, "medium")).toBe("medium");
    expect(effortToSend("claude-foo-9", "high", "low")).toBe("low");
    // Under the cap, the model's own levels still decide: xhigh is high on claude-opus-4-6.
    expect(effortToSend("claude-opus-4-6", "max", "xhigh")).toBe("high");
    expect(effortToSend("claude-opus-4-6", "low", "high")).toBe("low");
  });

  it("a cap adds no effort where none would be sent", () => {
    expect(effortToSend("claude-foo-9", undefined, "low")).toBeUndefined();
    expect(effortToSend("claude-opus-4-6", "auto", "low")).toBeUndefined();
    expect(effortToSend("claude-sonnet-4-5", "high", "low")).toBeUndefined();
  });

  it("auto sends no effort, not even a model's default", () => {
    expect(effortToSend("claude-opus-4-6", "auto")).toBeUndefined();
    expect(effortToSend("claude-foo-9", "auto")).toBeUndefined();
  });
});

describe("effortLevelOf", () => {
  it("reads a level in any case and nothing else", () => {
    expect(effortLevelOf("HIGH")).toBe("high");
    expect(effortLevelOf(" xhigh ")).toBe("xhigh");
    expect(effortLevelOf("MED")).toBe("medium");
    expect(effortLevelOf("extreme")).toBeUndefined();
    expect(effortLevelOf("auto")).toBeUndefined();
    expect(effortLevelOf("")).toBeUndefined();
  });
});
