/** agentcore's stand-in for the AI SDK's GatewayError check, which the bundle gives `ai/internal`. */

import { GatewayRateLimitError, GatewayError as RealGatewayError } from "@ai-sdk/gateway";
import { APICallError } from "@ai-sdk/provider";
import { describe, expect, test } from "vitest";
import { GatewayError } from "../src/gateway-error-check.js";

describe("GatewayError.isInstance", () => {
  test("says what the gateway's own check says, for its errors and for others", () => {
    const cases: unknown[] = [
      new GatewayRateLimitError({ message: "slow down" }),
      new APICallError({ message: "boom", url: "http://x", requestBodyValues: {}, isRetryable: true }),
      new Error("plain"),
      { [Symbol.for("vercel.ai.gateway.error")]: false },
      { [Symbol.for("vercel.ai.gateway.error")]: true },
      null,
      "vercel.ai.gateway.error",
      undefined,
    ];
    for (const error of cases)
      expect(GatewayError.isInstance(error)).toBe(RealGatewayError.isInstance(error));
    expect(GatewayError.isInstance(cases[0])).toBe(true);
  });
});
