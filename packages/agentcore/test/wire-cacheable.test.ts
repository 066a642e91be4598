import type { LanguageModelV3Message } from "@ai-sdk/provider";
import { describe, expect, test } from "vitest";
import { toolReferencePart } from "../src/deferred-tools.js";
import { isCacheable } from "../src/wire-cache/cacheable.js";

type ContentValue = Extract<
  Extract<LanguageModelV3Message, { role: "tool" }>["content"][number],
  { type: "tool-result" }
>["output"] & { type: "content" };

const result = (value: ContentValue["value"]): LanguageModelV3Message => ({
  role: "tool",
  content: [
    { type: "tool-result", toolCallId: "t1", toolName: "search", output: { type: "content", value } },
  ],
});

describe("which tool results with content the wire cache keeps", () => {
  test("a tool search's result: tool references and text", () => {
    expect(isCacheable(result([toolReferencePart("mcp__a__b"), { type: "text", text: "found" }]))).toBe(true);
  });

  test("not a text item with a cache breakpoint (Anthropic counts them across the request)", () => {
    const text = {
      type: "text" as const,
      text: "x",
      providerOptions: { anthropic: { cacheControl: { type: "ephemeral" } } },
    };
    expect(isCacheable(result([text]))).toBe(false);
  });

  test("not a tool reference with options beside the tool's name", () => {
    const reference = toolReferencePart("mcp__a__b");
    const marked = {
      ...reference,
      providerOptions: {
        anthropic: { ...reference.providerOptions.anthropic, cacheControl: { type: "ephemeral" } },
      },
    };
    expect(isCacheable(result([marked]))).toBe(false);
  });

  test("not an image or a document", () => {
    expect(isCacheable(result([{ type: "image-data", data: "AAAA", mediaType: "image/png" }]))).toBe(false);
    expect(isCacheable(result([{ type: "file-data", data: "AAAA", mediaType: "application/pdf" }]))).toBe(
      false,
    );
  });
});
