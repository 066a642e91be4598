import { APICallError } from "@ai-sdk/provider";
import { describe, expect, test } from "vitest";
import { isContextOverflow } from "../src/index.js";

const apiError = (statusCode: number, message: string, responseBody?: string) =>
  new APICallError({ message, url: "u", requestBodyValues: {}, statusCode, responseBody });

describe("a provider's refusal of a request longer than the model takes", () => {
  test("Anthropic's 400 and 413, OpenAI's context_length_exceeded count", () => {
    expect(isContextOverflow(apiError(400, "prompt is too long: 208310 tokens > 200000 maximum"))).toBe(true);
    expect(isContextOverflow(apiError(413, "Request exceeds the maximum allowed number of bytes"))).toBe(
      true,
    );
    expect(
      isContextOverflow(
        apiError(
          400,
          "This model's maximum context length is 128000 tokens. However, your messages resulted in 130512 tokens.",
          '{"error":{"code":"context_length_exceeded"}}',
        ),
      ),
    ).toBe(true);
  });

  test("another 400 (the answer's max_tokens too large among them), a 429 and a network error do not", () => {
    expect(isContextOverflow(apiError(400, "max_tokens is too large: 999999"))).toBe(false);
    expect(isContextOverflow(apiError(400, "messages: at least one message is required"))).toBe(false);
    expect(isContextOverflow(apiError(429, "rate limit: too many tokens per minute"))).toBe(false);
    expect(isContextOverflow(new Error("ECONNRESET"))).toBe(false);
  });
});
