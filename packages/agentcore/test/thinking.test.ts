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

  it("the Claude 4 models before them are asked with claude's budget, 31999, dated and Bedrock ids too", () => {
    for (const id of [
      "claude-sonnet-4-5",
      "claude-haiku-4-5",
      "claude-opus-4-5",
      "claude-opus-4-1",
      "claude-sonnet-4-20250514",
      "us.anthropic.claude-sonnet-4-5-20250929-v1:0",
    ])
      expect(thinkingToSend(id), id).toEqual({ type: "enabled", budgetTokens: 31999 });
  });

  it("Claude 3 models are asked for none, a budget asked for too; ids not known only with a budget", () => {
    for (const id of ["claude-3-7-sonnet-20250219", "claude-3-5-haiku-20241022"]) {
      expect(thinkingToSend(id), id).toBeUndefined();
      expect(thinkingToSend(id, true, 3000), id).toBeUndefined();
    }
    expect(thinkingToSend("my-gateway-model")).toBeUndefined();
  });

  it("turned off it is disabled, except on the models that always think and ids not known", () => {
    expect(thinkingToSend("claude-opus-4-6", false)).toEqual({ type: "disabled" });
    expect(thinkingToSend("claude-opus-5-5", false)).toEqual(adaptive);
    expect(thinkingToSend("claude-sonnet-4-5", false)).toEqual({ type: "disabled" });
    expect(thinkingToSend("my-gateway-model", false)).toBeUndefined();
  });

  it("a budget (MAX_THINKING_TOKENS, setMaxThinkingTokens, --max-thinking-tokens) goes to the budget models and unknown ids; the adaptive ones keep adaptive; 0 turns thinking off", () => {
    expect(thinkingToSend("claude-sonnet-4-5", true, 2000)).toEqual({ type: "enabled", budgetTokens: 2000 });
    expect(thinkingToSend("my-gateway-model", true, 2000)).toEqual({ type: "enabled", budgetTokens: 2000 });
    expect(thinkingToSend("claude-opus-5-5", true, 2000)).toEqual(adaptive);
    expect(thinkingToSend("claude-opus-4-6", true, 2000)).toEqual(adaptive);
    expect(thinkingToSend("claude-sonnet-4-5", true, 0)).toEqual({ type: "disabled" });
    expect(thinkingToSend("claude-opus-4-6", true, 0)).toEqual({ type: "disabled" });
    expect(thinkingToSend("claude-opus-5-5", true, 0)).toEqual(adaptive);
  });

  it("a budget wins over thinking turned off (alwaysThinkingEnabled: false), as claude sent 3000 for it", () => {
    expect(thinkingToSend("claude-sonnet-4-5", false, 3000)).toEqual({ type: "enabled", budgetTokens: 3000 });
  });

  it("a budget is kept between the API's least, 1024, and claude's most, 31999", () => {
    expect(thinkingToSend("claude-sonnet-4-5", true, 500)).toEqual({ type: "enabled", budgetTokens: 1024 });
    expect(thinkingToSend("claude-sonnet-4-5", true, 100000)).toEqual({
      type: "enabled",
      budgetTokens: 31999,
    });
  });

  it("the display summarized (--thinking-display) replaces updates on adaptive thinking; budgets and disabled keep theirs", () => {
    expect(thinkingToSend("claude-opus-4-6", true, undefined, "summarized")).toEqual({
      type: "adaptive",
      display: "summarized",
    });
    expect(thinkingToSend("claude-opus-4-6", true, undefined, "omitted")).toEqual(adaptive);
    expect(thinkingToSend("claude-sonnet-4-5", true, undefined, "summarized")).toEqual({
      type: "enabled",
      budgetTokens: 31999,
    });
    expect(thinkingToSend("claude-opus-4-6", false, undefined, "summarized")).toEqual({ type: "disabled" });
  });
});
