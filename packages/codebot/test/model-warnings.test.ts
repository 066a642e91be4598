import type { LanguageModelV3 } from "@ai-sdk/provider";
import { generateText } from "ai";
import { afterEach, describe, expect, it } from "vitest";
import { routeModelWarnings } from "../src/cli/model-warnings.js";

/** A model whose every answer carries a warning, as a provider does for a setting it ignores. */
const warningModel: LanguageModelV3 = {
  specificationVersion: "v3",
  provider: "test-provider",
  modelId: "test-model",
  supportedUrls: {},
  doGenerate: async () => ({
    content: [{ type: "text", text: "hi" }],
    finishReason: { unified: "stop", raw: "stop" },
    usage: {
      inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
      outputTokens: { total: 1, text: 1, reasoning: 0 },
    },
    warnings: [{ type: "unsupported", feature: "temperature", details: "ignored by this model" }],
  }),
  doStream: async () => {
    throw new Error("not used");
  },
};

const saved = (globalThis as { AI_SDK_LOG_WARNINGS?: unknown }).AI_SDK_LOG_WARNINGS;
afterEach(() => {
  (globalThis as { AI_SDK_LOG_WARNINGS?: unknown }).AI_SDK_LOG_WARNINGS = saved;
});

describe("AI SDK warnings", () => {
  it("go to codebot's stderr writer as one line each, never to stdout (they would break --output-format json)", async () => {
    const lines: string[] = [];
    routeModelWarnings((line) => lines.push(line));
    const stdout: string[] = [];
    const write = process.stdout.write.bind(process.stdout);
    process.stdout.write = ((chunk: string | Uint8Array) => {
      stdout.push(String(chunk));
      return true;
    }) as typeof process.stdout.write;
    try {
      await generateText({ model: warningModel, prompt: "hi", temperature: 0.5 });
    } finally {
      process.stdout.write = write;
    }
    expect(stdout).toEqual([]);
    expect(lines).toEqual([
      "codebot: model warning (test-provider test-model): unsupported: temperature ignored by this model",
    ]);
  });
});
