/**
 * Tools' `prepare`: called once per run while its first model request is under way, or at the
 * latest before its first tool call.
 */
import type { LanguageModelV3 } from "@ai-sdk/provider";
import { describe, expect, test } from "vitest";
import type { Tool } from "../src/index.js";
import { reply, scriptedModel, toolCall } from "../src/testing/index.js";
import { echoTool, runToEnd, waitFor } from "./helpers.js";

/** `model`, whose every request first notes "request" in `order`, then waits for `until` (if given). */
function noting(model: LanguageModelV3, order: string[], until?: () => boolean): LanguageModelV3 {
  return {
    specificationVersion: model.specificationVersion,
    provider: model.provider,
    modelId: model.modelId,
    supportedUrls: model.supportedUrls,
    doGenerate: (options) => model.doGenerate(options),
    doStream: async (options) => {
      order.push("request");
      if (until) await waitFor(until, "the tools to be prepared");
      return model.doStream(options);
    },
  };
}

/** The echo tool with a `prepare` that notes itself in `order` (and throws, if asked). */
function preparing(order: string[], throws = false): Tool {
  const { tool } = echoTool();
  return {
    ...tool,
    prepare() {
      order.push("prepare");
      if (throws) throw new Error("cannot prepare");
    },
    async execute(args, ctx) {
      order.push("execute");
      return tool.execute(args, ctx);
    },
  };
}

describe("a tool's prepare", () => {
  test("runs while the run's first request waits for its answer, before any call", async () => {
    const order: string[] = [];
    const model = scriptedModel([reply.toolCalls(toolCall("echo", { text: "a" })), reply.text("done")]);
    // The first answer comes only once the tool was prepared: prepare cannot wait for it.
    const gated = noting(model, order, () => order.includes("prepare"));
    const { result } = await runToEnd({ model: gated, tools: [preparing(order)] });
    expect(result.reason).toBe("stop");
    expect(order).toEqual(["request", "prepare", "execute", "request"]);
  });

  test("runs once per run, however many turns it has", async () => {
    const order: string[] = [];
    const model = scriptedModel([
      reply.toolCalls(toolCall("echo", { text: "a" })),
      reply.toolCalls(toolCall("echo", { text: "b" })),
      reply.text("done"),
    ]);
    await runToEnd({ model: noting(model, order), tools: [preparing(order)] });
    expect(order.filter((entry) => entry === "prepare")).toEqual(["prepare"]);
    expect(order.filter((entry) => entry === "execute")).toHaveLength(2);
  });

  test("that throws leaves the run and the tool's calls as they were", async () => {
    const order: string[] = [];
    const model = scriptedModel([reply.toolCalls(toolCall("echo", { text: "a" })), reply.text("done")]);
    const { result } = await runToEnd({ model: noting(model, order), tools: [preparing(order, true)] });
    expect(result.reason).toBe("stop");
    expect(order).toEqual(["request", "prepare", "execute", "request"]);
  });

  test("of a run whose answer came at once still runs before the first call", async () => {
    const order: string[] = [];
    const model = scriptedModel([reply.toolCalls(toolCall("echo", { text: "a" })), reply.text("done")]);
    await runToEnd({ model: noting(model, order), tools: [preparing(order)] });
    expect(order.slice(0, 3)).toEqual(["request", "prepare", "execute"]);
  });

  test("is not called for a run that ended before its turn came", async () => {
    const order: string[] = [];
    await runToEnd({ model: noting(scriptedModel([reply.text("done")]), order), tools: [preparing(order)] });
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual(["request"]);
  });
});
