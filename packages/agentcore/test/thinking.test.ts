import { describe, expect, it } from "vitest";
import { thinkingToSend } from "../src/thinking.js";

const adaptive = { type: "adaptive", display: "updates" };

describe("thinkingToSend: the thinking claude 2.1.328 asks for beside effort", () => {
  it("the models that take adaptive thinking are asked for it, dated and Bedrock ids too", () => {
    for (const id of [
      "claude-opus-4-6",
      "claude-sonnet-4-6",
      "claude-opus-4-7",
      "claude-opus-5-5",
      "claude-opus-4-6-20260101",
      "us.anthropic.claude-opus-4-7-v1",
    ])
      expect(thinkingToSend(id), id).toEqual(adaptive);
  });

  it("the budget models and ids not known are asked for none", () => {
    for (const id of [
      "claude-sonnet-4-5",
      "claude-haiku-4-5",
      "claude-opus-4-5",
      "claude-3-7-sonnet",
      "my-gateway-model",
    ])
      expect(thinkingToSend(id), id).toBeUndefined();
  });

  it("turned off it is disabled, except on the models that always think", () => {
    expect(thinkingToSend("claude-opus-4-6", false)).toEqual({ type: "disabled" });
    expect(thinkingToSend("claude-opus-5-5", false)).toEqual(adaptive);
    expect(thinkingToSend("claude-sonnet-4-5", false)).toBeUndefined();
  });

  it("a budget (setMaxThinkingTokens, --max-thinking-tokens) goes to the budget models and unknown ids; the adaptive ones keep adaptive; 0 turns thinking off", () => {
    expect(thinkingToSend("claude-sonnet-4-5", true, 2000)).toEqual({ type: "enabled", budgetTokens: 2000 });
    expect(thinkingToSend("my-gateway-model", true, 2000)).toEqual({ type: "enabled", budgetTokens: 2000 });
    expect(thinkingToSend("claude-opus-5-5", true, 2000)).toEqual(adaptive);
    expect(thinkingToSend("claude-opus-4-6", true, 2000)).toEqual(adaptive);
    expect(thinkingToSend("claude-sonnet-4-5", true, 0)).toEqual({ type: "disabled" });
    expect(thinkingToSend("claude-opus-4-6", true, 0)).toEqual({ type: "disabled" });
    expect(thinkingToSend("claude-opus-5-5", true, 0)).toEqual(adaptive);
  });
});
