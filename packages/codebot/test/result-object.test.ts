import { describe, expect, it } from "vitest";
import { resultObject } from "../src/cli/output/result-object.js";
import type { ModelPriceOverrides } from "../src/session/model-prices.js";
import type { PromptResult } from "../src/session/prompt-result.js";

const run = (over: Partial<PromptResult> = {}): PromptResult => ({
  status: "completed",
  text: "done",
  turns: 2,
  messages: [],
  usage: { inputTokens: 1_000_000, outputTokens: 100_000, cacheReadTokens: 0, cacheWriteTokens: 0 },
  usageByModel: new Map(),
  validation: { attempts: 0 },
  ...over,
});

const objectFor = (
  result: PromptResult,
  modelSpec = "anthropic/claude-sonnet-4-5",
  models: ModelPriceOverrides = {},
  processUsage = result.usage,
) =>
  resultObject({
    models,
    result,
    processUsage: new Map([[modelSpec, processUsage]]),
    index: 0,
    sessionId: "s",
    modelSpec,
    durationMs: 10,
    durationApiMs: 5,
    denials: [{ tool_name: "bash", tool_use_id: "t1", tool_input: { command: "rm -rf x" } }],
    isError: result.status !== "completed",
  });

describe("the -p result object", () => {
  it("prices the reported usage with the model's list price, and names denied calls by Claude Code's tool names", () => {
    const o = objectFor(run());
    // 1M input tokens at $3 + 0.1M output tokens at $15.
    expect(o.total_cost_usd).toBe(4.5);
    expect(o).not.toHaveProperty("cost_unknown");
    expect(o.usage).toEqual({
      input_tokens: 1_000_000,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
      output_tokens: 100_000,
    });
    expect(o.modelUsage).toEqual({
      "claude-sonnet-4-5": { inputTokens: 1_000_000, outputTokens: 100_000, costUSD: 4.5 },
    });
    expect(o.permission_denials).toEqual([
      { tool_name: "Bash", tool_use_id: "t1", tool_input: { command: "rm -rf x" } },
    ]);
    expect(o).toMatchObject({ subtype: "success", is_error: false, stop_reason: "end_turn" });
  });

  it("total_cost_usd and modelUsage are the process's running total; usage is the prompt's own (claude 2.1.328)", () => {
    const o = objectFor(
      run(),
      "anthropic/claude-sonnet-4-5",
      {},
      {
        inputTokens: 2_000_000,
        outputTokens: 200_000,
        cacheReadTokens: 0,
        cacheWriteTokens: 0,
      },
    );
    expect(o.total_cost_usd).toBe(9);
    expect(o.modelUsage).toEqual({
      "claude-sonnet-4-5": { inputTokens: 2_000_000, outputTokens: 200_000, costUSD: 9 },
    });
    expect(o.usage).toMatchObject({ input_tokens: 1_000_000, output_tokens: 100_000 });
  });

  it("a fallback model's steps are priced and listed as that model's (--fallback-model)", () => {
    const o = resultObject({
      result: run(),
      processUsage: new Map([
        [
          "anthropic/claude-opus-4-1",
          { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 },
        ],
        [
          "anthropic/claude-sonnet-4-5",
          { inputTokens: 1_000_000, outputTokens: 100_000, cacheReadTokens: 0, cacheWriteTokens: 0 },
        ],
      ]),
      index: 0,
      sessionId: "s",
      modelSpec: "anthropic/claude-opus-4-1",
      durationMs: 10,
      durationApiMs: 5,
      denials: [],
      isError: false,
    });
    expect(o.total_cost_usd).toBe(4.5);
    expect(o.modelUsage).toEqual({
      "claude-opus-4-1": { inputTokens: 0, outputTokens: 0, costUSD: 0 },
      "claude-sonnet-4-5": { inputTokens: 1_000_000, outputTokens: 100_000, costUSD: 4.5 },
    });
  });

  it("an unknown model costs 0 and says the cost is unknown", () => {
    const o = objectFor(run(), "compat/llama-3-8b");
    expect(o.total_cost_usd).toBe(0);
    expect(o.cost_unknown).toBe(true);
  });

  it("cache reads and writes are priced at their own rates (Anthropic: 0.1× and 1.25× input)", () => {
    const o = objectFor(
      run({
        usage: {
          inputTokens: 1_000_000,
          outputTokens: 0,
          cacheReadTokens: 500_000,
          cacheWriteTokens: 100_000,
        },
      }),
    );
    // 400k uncached × $3 + 500k × $0.30 + 100k × $3.75, per million.
    expect(o.total_cost_usd).toBeCloseTo(1.2 + 0.15 + 0.375, 9);
  });

  it("a price in the models setting is used for a model the table lacks, and overrides the table's", () => {
    const own = objectFor(run(), "compat/llama-3-8b", {
      "compat/llama-3-8b": { price: { input: 1, output: 2 } },
    });
    expect(own.total_cost_usd).toBe(1.2);
    expect(own).not.toHaveProperty("cost_unknown");
    const cheaper = objectFor(run(), undefined, {
      "anthropic/claude-sonnet-4-5": { price: { input: 0, output: 1 } },
    });
    expect(cheaper.total_cost_usd).toBe(0.1);
  });

  it("maps codebot's statuses to Claude Code's subtypes, keeping its own in terminal_reason", () => {
    expect(objectFor(run({ status: "max_turns" }))).toMatchObject({
      subtype: "error_max_turns",
      is_error: true,
      terminal_reason: "max_turns",
      stop_reason: null,
    });
    expect(objectFor(run({ status: "error", reason: "no" }))).toMatchObject({
      subtype: "error_during_execution",
      terminal_reason: "error",
      reason: "no",
    });
  });

  it("a failed model call is claude 2.1.328's api_error: success subtype, its API Error text as the result, the status and the provider's type", () => {
    const failed = run({
      status: "error",
      text: "API Error: 529 Overloaded. The API is at capacity",
      reason: "model: status 529: Overloaded. The API is at capacity",
      apiError: { kind: "overloaded", status: 529, type: "overloaded_error" },
    });
    const o = objectFor(failed);
    expect(o).toMatchObject({
      subtype: "success",
      is_error: true,
      result: "API Error: 529 Overloaded. The API is at capacity",
      stop_reason: "stop_sequence",
      terminal_reason: "api_error",
      api_error_status: 529,
      api_error_type: "overloaded_error",
    });
    expect(o).not.toHaveProperty("errors");
  });

  it("a hook's block or stop is claude's success: Stop's is stop_hook_prevented, another's hook_stopped", () => {
    expect(objectFor(run({ status: "blocked", reason: "no" }))).toMatchObject({
      subtype: "success",
      terminal_reason: "blocked",
      reason: "no",
    });
    expect(
      objectFor(run({ status: "stopped", hookStop: { event: "Stop", reason: "enough" } })),
    ).toMatchObject({
      subtype: "success",
      stop_reason: "end_turn",
      terminal_reason: "stop_hook_prevented",
    });
    expect(objectFor(run({ status: "stopped", hookStop: { reason: "enough" } }))).toMatchObject({
      subtype: "success",
      terminal_reason: "hook_stopped",
    });
  });

  it("a run stopped by the turn limit says so in reason", () => {
    expect(objectFor(run({ status: "max_turns", turns: 3 })).reason).toBe(
      "stopped after 3 model steps (--max-turns)",
    );
  });

  it("a cancelled run says so in reason", () => {
    expect(objectFor(run({ status: "aborted" })).reason).toBe("the run was cancelled");
  });
});
