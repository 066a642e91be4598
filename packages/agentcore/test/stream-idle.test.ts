import type { LanguageModelV3, LanguageModelV3StreamPart } from "@ai-sdk/provider";
import { describe, expect, test } from "vitest";
import { reply, scriptedModel } from "../src/testing/index.js";
import { fastRetry, runToEnd } from "./helpers.js";

describe("a model stream that goes quiet", () => {
  test("is given up after idleTimeoutMs and retried; the retry's answer ends the run", async () => {
    const model = scriptedModel([reply.hang("half an ans"), reply.text("whole answer")]);
    const { events, result } = await runToEnd({ model, retry: fastRetry, idleTimeoutMs: 100 });
    const retry = events.find((e) => e.type === "retry");
    expect(retry).toMatchObject({
      error: { message: expect.stringContaining("no answer from the model for") },
    });
    expect(result.reason).toBe("stop");
    expect(result.newMessages.at(-1)).toMatchObject({ content: [{ type: "text", text: "whole answer" }] });
  });

  test("that never answers again ends the run with the error, after the retries", async () => {
    const model = scriptedModel([reply.hang(), reply.hang(), reply.hang(), reply.hang()]);
    const { result } = await runToEnd({ model, retry: fastRetry, idleTimeoutMs: 50 });
    expect(result.reason).toBe("error");
    expect(result.error?.message).toMatch(
      /^model: no answer from the model for 0 s; the request was given up/,
    );
    expect(model.callCount).toBe(4);
  });

  test("a limit longer than a timer can wait does not cut the answer at once", async () => {
    const model = tricklingModel(3, 20);
    const { events, result } = await runToEnd({ model, retry: fastRetry, idleTimeoutMs: 99_999_999_999 });
    expect(events.filter((e) => e.type === "retry")).toEqual([]);
    expect(result.reason).toBe("stop");
    expect(result.newMessages.at(-1)).toMatchObject({ content: [{ type: "text", text: "xxx" }] });
  });

  test("a stream that keeps sending is not cut, however long it takes in all", async () => {
    const { result } = await runToEnd({ model: tricklingModel(8, 40), retry: fastRetry, idleTimeoutMs: 150 });
    expect(result.reason).toBe("stop");
    expect(result.newMessages.at(-1)).toMatchObject({ content: [{ type: "text", text: "x".repeat(8) }] });
  });
});

/** A model whose answer comes as `count` one-letter deltas, `gapMs` apart (longer in all than the idle limit). */
function tricklingModel(count: number, gapMs: number): LanguageModelV3 {
  return {
    specificationVersion: "v3",
    provider: "trickle",
    modelId: "trickle",
    supportedUrls: {},
    doGenerate: () => Promise.reject(new Error("streaming only")),
    doStream: async () => ({
      stream: new ReadableStream<LanguageModelV3StreamPart>({
        async start(controller) {
          controller.enqueue({ type: "stream-start", warnings: [] });
          controller.enqueue({ type: "text-start", id: "t" });
          for (let i = 0; i < count; i++) {
            await new Promise((resolve) => setTimeout(resolve, gapMs));
            controller.enqueue({ type: "text-delta", id: "t", delta: "x" });
          }
          controller.enqueue({ type: "text-end", id: "t" });
          controller.enqueue({
            type: "finish",
            finishReason: { unified: "stop", raw: "stop" },
            usage: {
              inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
              outputTokens: { total: 1, text: 1, reasoning: undefined },
            },
          });
          controller.close();
        },
      }),
    }),
  };
}
